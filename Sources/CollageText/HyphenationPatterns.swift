import CHyphen
import Glibc

/// A libhyphen dictionary file (`hyph_*.dic`), read once, from which a small
/// dictionary is cut for each word: the lines that word can reach, loaded by
/// libhyphen in microseconds. libhyphen's own loader builds the whole pattern
/// automaton in a fixed 31,627-bucket hash table, which for Debian's German
/// dictionary (77,902 lines, two levels) takes 5 s on a quiet core and 20 s
/// or more on a busy one; the cut dictionary gives the same hyphens.
///
/// Why the cut is exact: libhyphen runs an automaton over `.word.` (and, for
/// a compound dictionary's second level, over `.part.` for parts of the
/// word) whose states are the prefixes of the pattern keys (a pattern's
/// letters, dots included, digits dropped); in each state it applies that
/// state's pattern, if the state is one. The states it visits are suffixes
/// of the text read, so only keys and key prefixes that occur in the text
/// matter. The cut keeps every pattern whose key is such a string, adds each
/// such string that is only a key prefix as a digitless line (a state with
/// no hyphens, so the automaton visits the same states as with the whole
/// file), and keeps every keyword line (LEFTHYPHENMIN, NOHYPHEN, NEXTLEVEL,
/// ...). Checked against the whole dictionary on 6,052 German words and
/// compounds with no difference (and by `HyphenationTests`).
final class HyphenationPatterns: Sendable {
    /// One level of the file (a compound dictionary has two, split by
    /// NEXTLEVEL): its keyword lines, and its pattern keys sorted by bytes.
    private struct Level: Sendable {
        /// Lines kept in every cut (keywords, and patterns with an empty key).
        var fixed: [Int] = []
        /// Pattern keys (byte ranges into `bytes`) with their line, sorted
        /// by key bytes, then line.
        var keys: [(key: Range<Int>, line: Int)] = []
    }

    /// The file's bytes.
    private let bytes: [UInt8]
    /// Each line's bytes (newline excluded).
    private let lines: [Range<Int>]
    private let levels: [Level]
    /// The longest key, bytes: no longer string can be a state.
    private let longestKey: Int
    /// The first line: the character set (`UTF-8`, `ISO8859-1`, ...).
    let charset: String

    /// libhyphen's key length limit (hyphen.c MAX_CHARS − 2).
    private static let keyLimit = 98

    /// Reads the dictionary at `path`; nil when it cannot be read or is empty.
    init?(path: String) {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0 ..< count])
        }
        guard !bytes.isEmpty else { return nil }
        var lines: [Range<Int>] = []
        var start = 0
        for i in bytes.indices where bytes[i] == UInt8(ascii: "\n") {
            lines.append(start ..< i)
            start = i + 1
        }
        if start < bytes.count { lines.append(start ..< bytes.count) }
        var levels = [Level()]
        var longest = 0
        for index in lines.indices.dropFirst() {
            let line = bytes[lines[index]]
            if line.first == UInt8(ascii: "%") { continue }   // libhyphen skips these
            if Self.hasPrefix(line, "NEXTLEVEL") {
                levels.append(Level())
                continue
            }
            if ["LEFTHYPHENMIN", "RIGHTHYPHENMIN", "COMPOUNDLEFTHYPHENMIN", "COMPOUNDRIGHTHYPHENMIN", "NOHYPHEN"]
                .contains(where: { Self.hasPrefix(line, $0) }) {
                levels[levels.count - 1].fixed.append(index)
                continue
            }
            let key = Self.keyBytes(line)
            if key.isEmpty {
                levels[levels.count - 1].fixed.append(index)
            } else {
                levels[levels.count - 1].keys.append((0 ..< 0, index))   // the key's bytes: below
                longest = max(longest, key.count)
            }
        }
        // The keys' bytes follow the file's in one array (the file's own
        // bytes hold digits between a key's letters).
        var all = bytes
        for level in levels.indices {
            levels[level].keys = levels[level].keys.map { entry in
                let start = all.count
                all.append(contentsOf: Self.keyBytes(bytes[lines[entry.line]]))
                return (start ..< all.count, entry.line)
            }
            levels[level].keys.sort { a, b in
                let order = Self.compare(all[a.key], all[b.key])
                return order != 0 ? order < 0 : a.line < b.line
            }
        }
        self.charset = String(decoding: bytes[lines[0]].filter { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
        self.bytes = all
        self.lines = lines
        self.levels = levels
        self.longestKey = longest
    }

    /// The key libhyphen's `hnj_hyphen_load_line` reads from a pattern
    /// line: the bytes before a `/` (a non-standard hyphenation) and before
    /// the first byte <= space, digits left out, at most `keyLimit`.
    private static func keyBytes(_ line: ArraySlice<UInt8>) -> [UInt8] {
        var key: [UInt8] = []
        for byte in line {
            if byte == UInt8(ascii: "/") || byte <= 0x20 || key.count == keyLimit { break }
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { continue }
            key.append(byte)
        }
        return key
    }

    private static func hasPrefix(_ line: ArraySlice<UInt8>, _ prefix: String) -> Bool {
        line.starts(with: prefix.utf8)
    }

    /// Byte-wise order: negative, 0 or positive.
    private static func compare(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Int {
        var i = a.startIndex, j = b.startIndex
        while i < a.endIndex, j < b.endIndex {
            if a[i] != b[j] { return Int(a[i]) - Int(b[j]) }
            i += 1
            j += 1
        }
        return a.count - b.count
    }

    /// The dictionary text for `word` (its bytes in the file's encoding,
    /// lowercase): the charset line, then per level its keyword lines, the
    /// patterns whose keys occur in `word`, `.word`, `word.` or `.word.`
    /// (as substrings, dots at any place a part of the word may start or
    /// end), and those substrings that only begin a key, as digitless lines.
    func cut(for word: [UInt8]) -> [UInt8] {
        let dot = UInt8(ascii: ".")
        var candidates = Set<[UInt8]>()
        let most = longestKey
        if most > 0 { candidates.insert([dot]) }
        for start in word.indices {
            var s: [UInt8] = []
            for end in start ..< min(word.count, start + most) {
                s.append(word[end])
                candidates.insert(s)
                if s.count + 1 <= most {
                    candidates.insert([dot] + s)
                    candidates.insert(s + [dot])
                }
                if s.count + 2 <= most { candidates.insert([dot] + s + [dot]) }
            }
        }
        var out = Array(bytes[lines[0]])
        out.append(UInt8(ascii: "\n"))
        for (number, level) in levels.enumerated() {
            if number > 0 { out.append(contentsOf: "NEXTLEVEL\n".utf8) }
            var kept = level.fixed
            var digitless: [[UInt8]] = []
            for candidate in candidates.sorted(by: { Self.compare($0[...], $1[...]) < 0 }) {
                var i = lowerBound(candidate, in: level.keys)
                var isKey = false
                while i < level.keys.count, Self.compare(bytes[level.keys[i].key], candidate[...]) == 0 {
                    kept.append(level.keys[i].line)
                    isKey = true
                    i += 1
                }
                if !isKey, i < level.keys.count, bytes[level.keys[i].key].starts(with: candidate) {
                    digitless.append(candidate)
                }
            }
            for line in kept.sorted() {
                out.append(contentsOf: bytes[lines[line]])
                out.append(UInt8(ascii: "\n"))
            }
            for prefix in digitless {
                out.append(contentsOf: prefix)
                out.append(UInt8(ascii: "\n"))
            }
        }
        return out
    }

    /// The first index of `keys` whose key is not less than `candidate`.
    private func lowerBound(_ candidate: [UInt8], in keys: [(key: Range<Int>, line: Int)]) -> Int {
        var low = 0, high = keys.count
        while low < high {
            let mid = (low + high) / 2
            if Self.compare(bytes[keys[mid].key], candidate[...]) < 0 { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// libhyphen's dictionary for `word` (see `cut(for:)`); the caller frees
    /// it with `hnj_hyphen_free`. nil when libhyphen refuses it.
    func dictionary(for word: [UInt8]) -> UnsafeMutablePointer<HyphenDict>? {
        var text = cut(for: word)
        return text.withUnsafeMutableBytes { buffer -> UnsafeMutablePointer<HyphenDict>? in
            guard let stream = fmemopen(buffer.baseAddress, buffer.count, "r") else { return nil }
            defer { fclose(stream) }
            return hnj_hyphen_load_file(stream)
        }
    }
}
