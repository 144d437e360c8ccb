import CHyphen
import Glibc
import Synchronization

/// `hyphens: auto` (docs/text.md "Hyphenation"): TeX-pattern hyphenation
/// with libhyphen and the hyphen-* dictionaries Debian installs in
/// `/usr/share/hyphen/`, chosen by the text's language.
///
/// Dictionary files are read once per process and kept; each word is
/// hyphenated by libhyphen with a small dictionary cut from its file for
/// that word (`HyphenationPatterns`: libhyphen's own loader takes seconds
/// for German). Every method may be called from any thread.
final class Hyphenator: Sendable {
    /// Where Debian's hyphen-* packages put their dictionaries.
    static let directory = "/usr/share/hyphen"
    /// The hyphenator `Typesetter` uses.
    static let shared = Hyphenator(directory: directory)

    let directory: String

    /// A dictionary file, read once and kept (`HyphenationPatterns`: each
    /// word is hyphenated with a small dictionary cut from it), in UTF-8 or
    /// in ISO-8859-1 (Debian's hyphen-de dictionaries are Latin-1).
    private final class Dictionary: Sendable {
        let patterns: HyphenationPatterns
        let isLatin1: Bool
        init(_ patterns: HyphenationPatterns, isLatin1: Bool) { self.patterns = patterns; self.isLatin1 = isLatin1 }
    }

    /// The dictionary of each tag seen (nil: none), and each read file:
    /// tags that name one file (`de`, `De`, `de-DE`) share its dictionary,
    /// which is read once.
    private struct Cache {
        var byTag: [String: Dictionary?] = [:]
        var byPath: [String: Dictionary?] = [:]
    }

    private let loaded = Mutex<Cache>(Cache())

    init(directory: String) { self.directory = directory }

    /// Dictionary file names for a BCP 47 tag, most specific first:
    /// `en-US` → hyph_en_US.dic, hyph_en.dic, hyph_en_EN.dic; a script
    /// subtag is skipped (`sr-Latn-RS` → hyph_sr_RS.dic, …).
    static func fileNames(for tag: String) -> [String] {
        let subtags = tag.split(separator: "-").map(String.init)
        guard let language = subtags.first?.lowercased() else { return [] }
        var names: [String] = []
        if let region = subtags.dropFirst().first(where: { $0.count == 2 }) {
            names.append("hyph_\(language)_\(region.uppercased()).dic")
        }
        names.append("hyph_\(language).dic")
        names.append("hyph_\(language)_\(language.uppercased()).dic")
        return names
    }

    /// The Debian package that has the dictionaries for `tag` (for the
    /// missing-dictionary warning): hyphen-en-us for English, hyphen-pt-br
    /// or hyphen-pt-pt for Portuguese, else hyphen-LANGUAGE.
    static func package(for tag: String) -> String {
        let subtags = tag.lowercased().split(separator: "-").map(String.init)
        let language = subtags.first ?? tag
        switch language {
        case "en": return "hyphen-en-us"
        case "pt": return subtags.contains("br") ? "hyphen-pt-br" : "hyphen-pt-pt"
        default: return "hyphen-\(language)"
        }
    }

    /// The dictionary file for `tag` in `directory`: the first of
    /// `fileNames(for:)` that exists, else the first (by name) of any
    /// hyph_LANGUAGE_*.dic; nil when there is none.
    func dictionaryPath(for tag: String) -> String? {
        for name in Self.fileNames(for: tag) where access(directory + "/" + name, R_OK) == 0 {
            return directory + "/" + name
        }
        guard let language = tag.split(separator: "-").first?.lowercased(), let dir = opendir(directory) else { return nil }
        defer { closedir(dir) }
        var matches: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("hyph_\(language)_"), name.hasSuffix(".dic") { matches.append(name) }
        }
        return matches.min().map { directory + "/" + $0 }
    }

    /// True when a dictionary for `tag` can be loaded.
    func hasDictionary(for tag: String) -> Bool {
        loaded.withLock { cache in dictionary(for: tag, cache: &cache) != nil }
    }

    private func dictionary(for tag: String, cache: inout Cache) -> Dictionary? {
        if let known = cache.byTag[tag] { return known }
        // The file itself (hyph_de.dic is a link to hyph_de_DE.dic).
        guard let found = dictionaryPath(for: tag), let resolved = realpath(found, nil) else {
            cache.byTag[tag] = .some(nil)
            return nil
        }
        let path = String(cString: resolved)
        free(resolved)
        if let known = cache.byPath[path] {
            cache.byTag[tag] = known
            return known
        }
        var dictionary: Dictionary?
        if let patterns = HyphenationPatterns(path: path) {
            let latin1 = ["ISO8859-1", "ISO-8859-1", "ISO_8859-1", "LATIN1"].contains(patterns.charset.uppercased())
            // libhyphen reads UTF-8 when the charset line is exactly that;
            // any other 8-bit set: its bytes are not ours to make.
            if patterns.charset == "UTF-8" || latin1 {
                dictionary = Dictionary(patterns, isLatin1: patterns.charset != "UTF-8")
            }
        }
        cache.byPath[path] = .some(dictionary)
        cache.byTag[tag] = .some(dictionary)
        return dictionary
    }

    /// `word`'s bytes in the dictionary's encoding, one element per
    /// character (its UTF-8 length, or 1 in Latin-1); nil when a character
    /// has no Latin-1 byte (a scalar over U+00FF, or a base with a mark).
    private static func encode(_ word: [Character], latin1: Bool) -> (bytes: [UInt8], lengths: [Int])? {
        guard latin1 else { return (word.flatMap { Array($0.utf8) }, word.map { $0.utf8.count }) }
        var bytes: [UInt8] = []
        for character in word {
            guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
                  scalar.value <= 0xFF else { return nil }
            bytes.append(UInt8(scalar.value))
        }
        return (bytes, Array(repeating: 1, count: word.count))
    }

    /// The places a `word` (letters only, any case) may be hyphenated in
    /// the language `tag`: character offsets `k` (1 ..< count) meaning
    /// "between character k − 1 and k", ascending, honouring the
    /// dictionary's LEFTHYPHENMIN and RIGHTHYPHENMIN. Empty when there is
    /// no dictionary, or the word is too short.
    func points(in word: String, lang tag: String) -> [Int] {
        let lower = word.lowercased()
        let characters = Array(lower)
        guard characters.count >= 2, lower.utf8.count < 1000, characters.count == word.count else { return [] }
        guard let dictionary = loaded.withLock({ cache in dictionary(for: tag, cache: &cache) }),
              let (encoded, lengths) = Self.encode(characters, latin1: dictionary.isLatin1) else { return [] }
        guard let dict = dictionary.patterns.dictionary(for: encoded) else { return [] }
        defer { hnj_hyphen_free(dict) }
        guard let after = Self.hyphens(in: encoded, with: dict) else { return [] }
        // Bytes to characters:
        var points: [Int] = []
        var byte = 0
        for k in characters.indices {
            byte += lengths[k]
            if k + 1 < characters.count, after[byte - 1] { points.append(k + 1) }
        }
        return points
    }

    /// libhyphen's hyphens for `word` (bytes in `dict`'s encoding,
    /// lowercase) with the dictionary's LEFTHYPHENMIN, RIGHTHYPHENMIN and
    /// compound minimums: element i is true when a hyphen may follow byte
    /// i. nil when libhyphen fails. Non-standard breaks (rep/pos/cut: Dutch
    /// "ff=f") are not used: only plain hyphens.
    static func hyphens(in word: [UInt8], with dict: UnsafeMutablePointer<HyphenDict>) -> [Bool]? {
        let length = word.count
        // libhyphen also reads the word as a C string (strstr for the
        // NOHYPHEN marks), whatever word_size says: it must end with a
        // NUL (without one, ASan saw it read past the buffer; FuzzText).
        let bytes = word + [0]
        var hyphens = [CChar](repeating: 0, count: length + 5)
        var rep: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var pos: UnsafeMutablePointer<Int32>?
        var cut: UnsafeMutablePointer<Int32>?
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                hnj_hyphen_hyphenate3(dict, chars.baseAddress, Int32(length), &hyphens, nil, &rep, &pos, &cut,
                                      Int32(dict.pointee.lhmin), Int32(dict.pointee.rhmin),
                                      Int32(dict.pointee.clhmin), Int32(dict.pointee.crhmin))
            }
        }
        if let rep {
            for i in 0..<length { free(rep[i]) }
            free(rep)
        }
        free(pos)
        free(cut)
        guard status == 0 else { return nil }
        return (0 ..< length).map { Int(hyphens[$0]) & 1 == 1 }
    }
}
