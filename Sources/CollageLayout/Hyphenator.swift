import CHyphen
import Glibc
import Synchronization

/// `hyphens: auto` (docs/text.md "Hyphenation"): TeX-pattern hyphenation
/// with libhyphen and the hyphen-* dictionaries Debian installs in
/// `/usr/share/hyphen/`, chosen by the text's language.
///
/// Dictionaries are loaded once per process and kept; every method may be
/// called from any thread (one lock around libhyphen).
final class Hyphenator: Sendable {
    /// Where Debian's hyphen-* packages put their dictionaries.
    static let directory = "/usr/share/hyphen"
    /// The hyphenator `Typesetter` uses.
    static let shared = Hyphenator(directory: directory)

    let directory: String

    /// A loaded dictionary (never freed: the process keeps it).
    private final class Dictionary: @unchecked Sendable {
        let handle: UnsafeMutablePointer<HyphenDict>
        init(_ handle: UnsafeMutablePointer<HyphenDict>) { self.handle = handle }
    }

    private let loaded = Mutex<[String: Dictionary?]>([:])

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

    private func dictionary(for tag: String, cache: inout [String: Dictionary?]) -> Dictionary? {
        if let known = cache[tag] { return known }
        var dictionary: Dictionary?
        if let path = dictionaryPath(for: tag), let handle = hnj_hyphen_load(path), handle.pointee.utf8 != 0 {
            dictionary = Dictionary(handle)
        }
        cache[tag] = dictionary
        return dictionary
    }

    /// The places a `word` (letters only, any case) may be hyphenated in
    /// the language `tag`: character offsets `k` (1 ..< count) meaning
    /// "between character k − 1 and k", ascending, honouring the
    /// dictionary's LEFTHYPHENMIN and RIGHTHYPHENMIN. Empty when there is
    /// no dictionary, or the word is too short.
    func points(in word: String, lang tag: String) -> [Int] {
        let lower = word.lowercased()
        let bytes = Array(lower.utf8)
        guard bytes.count >= 2, bytes.count < 1000, lower.count == word.count else { return [] }
        return loaded.withLock { cache -> [Int] in
            guard let dictionary = dictionary(for: tag, cache: &cache) else { return [] }
            var hyphens = [CChar](repeating: 0, count: bytes.count + 5)
            var rep: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            var pos: UnsafeMutablePointer<Int32>?
            var cut: UnsafeMutablePointer<Int32>?
            let dict = dictionary.handle
            let status = bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    hnj_hyphen_hyphenate3(dict, chars.baseAddress, Int32(bytes.count), &hyphens, nil, &rep, &pos, &cut,
                                          Int32(dict.pointee.lhmin), Int32(dict.pointee.rhmin),
                                          Int32(dict.pointee.clhmin), Int32(dict.pointee.crhmin))
                }
            }
            // Non-standard breaks (rep/pos/cut: Dutch "ff=f") are not used: only plain hyphens.
            if let rep {
                for i in 0..<bytes.count { free(rep[i]) }
                free(rep)
            }
            free(pos)
            free(cut)
            guard status == 0 else { return [] }
            // hyphens[i] odd: a hyphen may follow byte i. Bytes to characters:
            var points: [Int] = []
            var byte = 0
            let characters = Array(lower)
            for (k, character) in characters.enumerated() {
                byte += character.utf8.count
                if k + 1 < characters.count, Int(hyphens[byte - 1]) & 1 == 1 { points.append(k + 1) }
            }
            return points
        }
    }
}
