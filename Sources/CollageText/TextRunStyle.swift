import CollageRaster
import CollageSpec

/// What one span of a text overlay is set with (`TextSpan`, or the whole
/// text as one span): its faces, size, features, letter spacing, language
/// and fill colour. `size` is the size at the current `fit: shrink` trial:
/// every span's `baseSize` times the same factor. Used only while holding
/// the `FontLibrary`'s lock.
final class TextRunStyle {
    let faces: FaceSet
    /// The span's size as the document gives it, pixels (percentages resolved).
    let baseSize: Double
    /// The size being set, pixels.
    var size: Double
    /// HarfBuzz feature strings ("kern=0", "tnum=1").
    let features: [String]
    /// Pixels added after each cluster.
    let letterSpacing: Double
    /// BCP 47 tag, or nil.
    let language: String?
    let color: RGBA
    /// Added after each cluster, pixels, at the current size, when the
    /// span is a ruby base shorter than its ruby (`TextRuby.spread`); its
    /// glyphs move by half of it, so the base spreads evenly.
    var rubySpacing = 0.0

    init(faces: FaceSet, size: Double, features: [String], letterSpacing: Double, language: String?, color: RGBA) {
        self.faces = faces; self.baseSize = size; self.size = size; self.features = features
        self.letterSpacing = letterSpacing; self.language = language; self.color = color
    }

    /// The primary face's vertical metrics at `size` (faces are shared
    /// between spans, so the size is set first).
    func metrics() throws(FontError) -> FontMetrics {
        try faces.primary.setSize(size)
        return faces.primary.metrics
    }
}

/// Every face a block draws with, across its spans, in the order first
/// used (`TextLayout.faces`, which `ShapedGlyph.face` indexes).
final class TextFaceTable {
    private(set) var faces: [FontFace] = []
    private(set) var families: [String] = []

    /// The index of `face`, added with `family` when new.
    func index(of face: FontFace, family: String) -> Int {
        if let i = faces.firstIndex(where: { $0 === face }) { return i }
        faces.append(face)
        families.append(family)
        return faces.count - 1
    }

    /// The index of face `face` of `style`'s face set.
    func index(of face: Int, in style: TextRunStyle) -> Int {
        index(of: style.faces.faces[face], family: style.faces.families[face])
    }
}
