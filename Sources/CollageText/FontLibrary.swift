import CText
import Glibc

/// The process's fonts: a fontconfig configuration, one FreeType library and
/// a cache of opened faces (README "Rules": Text).
///
/// Thread safety: every use of fontconfig and FreeType goes through
/// `withLock`, so one `FontLibrary` may be shared by all threads; text is
/// set one overlay at a time (FreeType faces hold a current size).
public final class FontLibrary: @unchecked Sendable {
    /// The library `SceneBuilder` uses. It reads the default fontconfig
    /// configuration (which honours `FONTCONFIG_FILE`, an absolute path)
    /// unless `useConfiguration(file:)` was called.
    public static let shared = FontLibrary()

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var configuration: OpaquePointer?          // FcConfig*, nil until first use
    private var freeType: FT_Library?
    private var faces: [FontFace.Identity: FontFace] = [:]

    public init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        for face in faces.values { face.close() }
        if let freeType { FT_Done_FreeType(freeType) }
        if let configuration { FcConfigDestroy(configuration) }
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Uses the fontconfig configuration in `file` (e.g. the tests' pinned
    /// `Tests/fonts/fonts.conf`) from now on instead of the default one.
    /// Faces already opened stay cached (they are keyed by file).
    ///
    /// - Parameter file: path of a fonts.conf file.
    /// - Throws: `FontError.configuration` when the file cannot be loaded.
    public func useConfiguration(file: String) throws(FontError) {
        try withLock { () throws(FontError) in
            guard let config = FcConfigCreate() else { throw FontError.configuration(file) }
            guard FcConfigParseAndLoad(config, file, FcBool(FcTrue)) == FcTrue,
                  FcConfigBuildFonts(config) == FcTrue else {
                FcConfigDestroy(config)
                throw FontError.configuration(file)
            }
            if let old = configuration { FcConfigDestroy(old) }
            configuration = config
        }
    }

    /// Loads the fontconfig configuration now (`FcInitLoadConfigAndFonts`:
    /// the configuration files and the font cache, a few milliseconds), so
    /// that a later `choose` does not wait for it; meant for a background
    /// thread while other work goes on. Holds the lock like every other use;
    /// a failure is left for that later use to report (it tries again).
    /// Does nothing once a configuration is loaded.
    public func warmUp() {
        withLock { _ = try? loadedConfiguration() }
    }

    /// Runs `body` holding the library's lock.
    package func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Picks one face for a family list (call holding the lock).
    ///
    /// The first family that fontconfig matches by name wins (the match's
    /// `FC_FAMILY` names it; a generic family such as `sans-serif` matches
    /// whatever the configuration maps it to). When no family matches by
    /// name, fontconfig's best match for the whole list is used and
    /// `FontChoice.matchedByName` is false (the caller warns).
    ///
    /// - Parameters:
    ///   - weight: OpenType weight (100...900, 400 regular), matched through
    ///     `FcWeightFromOpenTypeDouble`.
    ///   - slant: `FC_SLANT` (0 roman, 100 italic, 110 oblique).
    ///
    /// - Throws: `FontError.noFont` when fontconfig has no font at all,
    ///   `FontError.unreadable` when FreeType cannot open the matched file.
    func choose(families: [String], weight: Int = 400, slant: Int32 = 0) throws(FontError) -> FontChoice {
        let config = try loadedConfiguration()
        for family in families {
            guard let match = bestMatch(config, families: [family], weight: weight, slant: slant) else { continue }
            defer { FcPatternDestroy(match.pattern) }
            if Self.isGeneric(family) || match.families.contains(where: { Self.sameName($0, family) }) {
                return FontChoice(face: try face(file: match.file, index: match.index),
                                  family: match.families.first ?? family, matchedByName: true)
            }
        }
        guard let match = bestMatch(config, families: families, weight: weight, slant: slant) else {
            throw FontError.noFont(families)
        }
        defer { FcPatternDestroy(match.pattern) }
        return FontChoice(face: try face(file: match.file, index: match.index),
                          family: match.families.first ?? "", matchedByName: false)
    }

    /// Generic CSS/fontconfig family names, matched by the configuration's aliases.
    static let genericFamilies: Set<String> = ["sans-serif", "serif", "monospace", "sans", "mono",
                                               "emoji", "system-ui", "cursive", "fantasy"]

    static func isGeneric(_ family: String) -> Bool { genericFamilies.contains(family.lowercased()) }

    /// fontconfig compares family names ignoring case and blanks.
    static func sameName(_ a: String, _ b: String) -> Bool {
        func key(_ s: String) -> String { s.lowercased().filter { $0 != " " } }
        return key(a) == key(b)
    }

    private struct Match { var pattern: OpaquePointer; var file: String; var index: Int; var families: [String] }

    private func bestMatch(_ config: OpaquePointer, families: [String], weight: Int, slant: Int32) -> Match? {
        guard let pattern = Self.pattern(families: families, weight: weight, slant: slant) else { return nil }
        defer { FcPatternDestroy(pattern) }
        guard FcConfigSubstitute(config, pattern, FcMatchPattern) == FcTrue else { return nil }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else { return nil }
        var fileValue: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FILE, 0, &fileValue) == FcResultMatch, let fileValue else {
            FcPatternDestroy(match)
            return nil
        }
        var index: Int32 = 0
        if FcPatternGetInteger(match, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        var names: [String] = []
        var value: UnsafeMutablePointer<FcChar8>?
        var n: Int32 = 0
        while FcPatternGetString(match, FC_FAMILY, n, &value) == FcResultMatch, let value {
            names.append(String(cString: value))
            n += 1
        }
        return Match(pattern: match, file: String(cString: fileValue), index: Int(index), families: names)
    }

    /// A fontconfig pattern for families, an OpenType weight and an FC_SLANT.
    static func pattern(families: [String], weight: Int, slant: Int32, language: String? = nil) -> OpaquePointer? {
        guard let pattern = FcPatternCreate() else { return nil }
        if let language {
            _ = language.withCString { tag in
                tag.withMemoryRebound(to: FcChar8.self, capacity: language.utf8.count + 1) {
                    FcPatternAddString(pattern, FC_LANG, $0)
                }
            }
        }
        for family in families {
            _ = family.withCString { name in
                name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                    FcPatternAddString(pattern, FC_FAMILY, $0)
                }
            }
        }
        FcPatternAddDouble(pattern, FC_WEIGHT, FcWeightFromOpenTypeDouble(Double(weight)))
        FcPatternAddInteger(pattern, FC_SLANT, slant)
        return pattern
    }

    func loadedConfiguration() throws(FontError) -> OpaquePointer {
        if let configuration { return configuration }
        guard let config = FcInitLoadConfigAndFonts() else { throw FontError.configuration("default") }
        configuration = config
        return config
    }

    /// The cached face for a font file and face index (call holding the lock).
    ///
    /// Faces are cached per version of the file (`FileVersion`), so a file
    /// changed since it was opened (`watch`, `batch`) opens anew; the older
    /// face stays valid for whoever still holds it.
    /// - Parameter inMemory: read the file whole and open the face over the
    ///   bytes (`FontFileBytes`): for a document's own `font.file`, which may
    ///   be rewritten in place while a render runs. Fonts that fontconfig
    ///   found are opened by path (FreeType maps them).
    /// - Throws: `FontError.unreadable` with the reason.
    func face(file: String, index: Int, inMemory: Bool = false) throws(FontError) -> FontFace {
        let version = FileVersion(path: file)
        let key = FontFace.Identity(file: file, index: index, version: version)
        if let face = faces[key] { return face }
        if freeType == nil {
            var library: FT_Library?
            guard FT_Init_FreeType(&library) == 0, let library else { throw FontError.unreadable(file, "FreeType did not start") }
            freeType = library
        }
        var handle: FT_Face?
        let bytes = inMemory ? try FontFileBytes.read(file) : nil
        let status = if let bytes {
            FT_New_Memory_Face(freeType, bytes.base.assumingMemoryBound(to: FT_Byte.self), FT_Long(bytes.count), index, &handle)
        } else {
            FT_New_Face(freeType, file, index, &handle)
        }
        guard status == 0, let handle else {
            throw FontError.unreadable(file, FontError.freeTypeOpenReason(status))
        }
        let face = FontFace(handle: handle, file: file, index: index, version: version, bytes: bytes)
        faces[key] = face
        return face
    }
}

/// The face chosen for a family list.
struct FontChoice {
    var face: FontFace
    /// The chosen face's (first) family name, e.g. "DejaVu Sans".
    var family: String
    /// False when no family of the list matched by name (a fallback).
    var matchedByName: Bool
}
