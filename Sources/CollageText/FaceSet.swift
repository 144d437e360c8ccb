import CText
import CollageSpec

/// The faces one text overlay may draw with, in order of preference, and
/// the per-cluster choice among them (README "Rules": Text: fallback per
/// grapheme cluster). Used only while holding the `FontLibrary`'s lock.
///
/// Order: the `file:` face (if any), then each family of the list that
/// fontconfig matches by name, then fontconfig's sorted fallback list for
/// the whole family list (`FcFontSort`, untrimmed), opened lazily.
final class FaceSet {
    private let library: FontLibrary
    /// Opened faces, in preference order (the first is the primary face).
    private(set) var faces: [FontFace] = []
    /// Family name of each opened face.
    private(set) var families: [String] = []
    /// Fallback candidates not opened yet: file, index, FC_COLOR, family.
    private var pending: [(file: String, index: Int, color: Bool, family: String, charset: OpaquePointer?)] = []
    private var size = 48.0
    /// True when some family of the list matched by name (else the caller warns).
    private(set) var matchedByName = false

    /// - Parameter language: the text's language: fontconfig sorts the
    ///   fallback faces for it (`FC_LANG`), so Han falls back to the
    ///   Japanese, Simplified or Traditional Chinese or Korean face.
    /// - Throws: `FontError` when no face can be opened for the list.
    init(font: FontSpec, language: TextLanguage? = nil, library: FontLibrary) throws(FontError) {
        self.library = library
        let families = font.family.isEmpty ? ["sans-serif"] : font.family
        let slant: Int32 = switch font.style {
        case .normal: 0
        case .italic: 100
        case .oblique: 110
        }
        if let file = font.file {
            let face = try library.face(file: file, index: 0, inMemory: true)
            let name = face.handle.pointee.family_name.map { String(cString: $0) } ?? file
            add(face, family: name)
        }
        let choice = try library.choose(families: families, weight: font.weight, slant: slant)
        matchedByName = choice.matchedByName || font.file != nil
        add(choice.face, family: choice.family)
        for family in families.dropFirst() {
            if let other = try? library.choose(families: [family], weight: font.weight, slant: slant),
               other.matchedByName { add(other.face, family: other.family) }
        }
        let config = try library.loadedConfiguration()
        if let pattern = FontLibrary.pattern(families: families, weight: font.weight, slant: slant,
                                                  language: language?.fontconfig) {
            defer { FcPatternDestroy(pattern) }
            if FcConfigSubstitute(config, pattern, FcMatchPattern) == FcTrue {
                FcDefaultSubstitute(pattern)
                var result = FcResultNoMatch
                if let set = FcFontSort(config, pattern, FcBool(FcFalse), nil, &result) {
                    defer { FcFontSetDestroy(set) }
                    let count = Int(set.pointee.nfont)
                    for i in 0..<count {
                        guard let font = set.pointee.fonts[i] else { continue }
                        var fileValue: UnsafeMutablePointer<FcChar8>?
                        guard FcPatternGetString(font, FC_FILE, 0, &fileValue) == FcResultMatch, let fileValue else { continue }
                        var index: Int32 = 0
                        if FcPatternGetInteger(font, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
                        var color: FcBool = FcBool(FcFalse)
                        if FcPatternGetBool(font, FC_COLOR, 0, &color) != FcResultMatch { color = FcBool(FcFalse) }
                        var familyValue: UnsafeMutablePointer<FcChar8>?
                        let family = FcPatternGetString(font, FC_FAMILY, 0, &familyValue) == FcResultMatch && familyValue != nil
                            ? String(cString: familyValue!) : ""
                        var charset: OpaquePointer?
                        if FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) != FcResultMatch { charset = nil }
                        pending.append((String(cString: fileValue), Int(index), color != 0, family,
                                        charset.flatMap { FcCharSetCopy($0) }))
                    }
                }
            }
        }
    }

    deinit {
        for candidate in pending { if let charset = candidate.charset { FcCharSetDestroy(charset) } }
    }

    private func add(_ face: FontFace, family: String) {
        guard !faces.contains(where: { $0 === face }) else { return }
        faces.append(face)
        families.append(family)
    }

    /// The primary face: the first family's (or `file:`'s) face.
    var primary: FontFace { faces[0] }

    /// Sets every opened face (and faces opened later) to `pixels`.
    func setSize(_ pixels: Double) throws(FontError) {
        size = pixels
        for face in faces { try face.setSize(pixels) }
    }

    /// Scalars that need no glyph of their own: default-ignorable code
    /// points (joiners, variation selectors, U+00AD, U+200B; HarfBuzz draws
    /// nothing for them) and the C0/C1 controls `TextControls` drops.
    static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isDefaultIgnorableCodePoint || TextControls.isDropped(scalar)
    }

    /// The scalar whose glyph draws `scalar`: a space for TAB (`TextControls`).
    static func drawnScalar(_ scalar: Unicode.Scalar) -> Unicode.Scalar { scalar == "\t" ? " " : scalar }

    /// True when the cluster should be drawn as a colour emoji (emoji
    /// presentation): not forced to text by U+FE0E, and its first scalar has
    /// Emoji_Presentation, or it has U+FE0F, a keycap, a ZWJ between emoji or
    /// regional indicators.
    static func wantsEmojiPresentation(_ cluster: Character) -> Bool {
        let scalars = Array(cluster.unicodeScalars)
        guard let first = scalars.first, !scalars.contains("\u{FE0E}") else { return false }
        if first.properties.isEmojiPresentation { return true }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return true }
        if first.properties.isEmoji, scalars.contains(where: { $0 == "\u{FE0F}" || $0 == "\u{20E3}" || $0 == "\u{200D}" }) {
            return true
        }
        return false
    }

    private func covers(_ face: FontFace, _ cluster: Character) -> Bool {
        cluster.unicodeScalars.allSatisfy { Self.isIgnorable($0) || face.covers(Self.drawnScalar($0)) }
    }

    private func charsetCovers(_ charset: OpaquePointer?, _ cluster: Character) -> Bool {
        guard let charset else { return true }
        return cluster.unicodeScalars.allSatisfy { Self.isIgnorable($0) || FcCharSetHasChar(charset, Self.drawnScalar($0).value) != 0 }
    }

    /// Opens pending candidate `i` and moves it to the opened faces.
    private func open(pendingAt i: Int) -> Int? {
        let candidate = pending.remove(at: i)
        defer { if let charset = candidate.charset { FcCharSetDestroy(charset) } }
        guard let face = try? library.face(file: candidate.file, index: candidate.index) else { return nil }
        if let existing = faces.firstIndex(where: { $0 === face }) { return existing }
        guard (try? face.setSize(size)) != nil else { return nil }
        add(face, family: candidate.family)
        return faces.count - 1
    }

    /// The face index for `cluster`, or nil when no installed face covers it.
    ///
    /// An emoji-presentation cluster goes to the first colour face that
    /// covers it; other clusters to the first face in preference order that
    /// covers every scalar. `previous` (the face of the cluster before) keeps
    /// a cluster of only spaces and punctuation it covers, so a run stays in
    /// one face across the spaces between words.
    func face(for cluster: Character, previous: Int?) -> Int? {
        if Self.wantsEmojiPresentation(cluster) {
            if let i = faces.indices.first(where: { faces[$0].isColor && covers(faces[$0], cluster) }) { return i }
            if let i = pending.indices.first(where: { pending[$0].color && charsetCovers(pending[$0].charset, cluster) }),
               let opened = open(pendingAt: i), covers(faces[opened], cluster) { return opened }
        }
        // A cluster of ignorables alone (U+00AD, U+200B) stays in the face before it.
        if let previous, cluster.unicodeScalars.allSatisfy(Self.isIgnorable) { return previous }
        if let previous, cluster.unicodeScalars.allSatisfy({ $0 == "\t" || $0.properties.generalCategory.isSeparatorOrPunctuation }),
           covers(faces[previous], cluster) { return previous }
        if let i = faces.indices.first(where: { !faces[$0].isColor && covers(faces[$0], cluster) }) { return i }
        while let i = pending.indices.first(where: { !pending[$0].color && charsetCovers(pending[$0].charset, cluster) }) {
            if let opened = open(pendingAt: i), covers(faces[opened], cluster) { return opened }
        }
        // Last resort: a colour face (an emoji written with text presentation only a colour font has).
        if let i = faces.indices.first(where: { covers(faces[$0], cluster) }) { return i }
        while let i = pending.indices.first(where: { charsetCovers(pending[$0].charset, cluster) }) {
            if let opened = open(pendingAt: i), covers(faces[opened], cluster) { return opened }
        }
        return nil
    }
}

extension Unicode.GeneralCategory {
    /// Spaces (Z*) and punctuation (P*): characters shared by every script.
    var isSeparatorOrPunctuation: Bool {
        switch self {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation: true
        default: false
        }
    }
}
