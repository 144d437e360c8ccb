import CollageRaster
import CollageSpec

/// Sets a text overlay: picks its face, shapes its lines, places the box by
/// anchor and offset, and rasterises the glyphs (DESIGN.md "Text", "Text
/// geometry"). Minimal for now: one face for the whole text (no fallback),
/// lines only at explicit line breaks, centred in the box.
public enum Typesetter {
    /// Largest font size accepted, pixels (a glyph is rendered whole before
    /// clipping, so its bitmap is about size² bytes).
    public static let maximumSize = 10_000.0

    /// Sets `overlay`'s text on a canvas.
    ///
    /// Placement: the anchor point of `area` (the canvas) and the same point
    /// of the text box meet, then `offset` is added (+x right, +y down). For
    /// the baseline anchors, the box's point is on its first baseline and
    /// the area's point is at its middle height.
    ///
    /// - Parameters:
    ///   - overlay: a text overlay (`OverlayContent.text`).
    ///   - area: the rectangle anchors refer to, canvas pixels (the canvas).
    ///   - canvas: the canvas size; the mask is clipped to it.
    ///   - library: fonts to use.
    /// - Throws: `DiagnosticList` with `.font` at `overlay.location` when no
    ///   font can be used, `.outOfRange` there for a size outside
    ///   (0, `maximumSize`].
    public static func set(_ overlay: OverlaySpec, in area: PixelRect, canvas: Size,
                           library: FontLibrary = .shared) throws(DiagnosticList) -> TextBlock {
        guard case let .text(text) = overlay.content else {
            throw DiagnosticList([Diagnostic(.unsupported, at: overlay.location, "only text overlays are supported yet")])
        }
        let size = overlay.font.size
        guard size > 0, size <= maximumSize else {
            throw DiagnosticList([Diagnostic(.outOfRange, at: overlay.location,
                "font size \(size) is outside 0 < size <= \(Int(maximumSize)) pixels")])
        }
        do {
            return try library.withLock { () throws(FontError) in
                try setLocked(text, overlay: overlay, area: area, canvas: canvas, library: library)
            }
        } catch {
            throw DiagnosticList([Diagnostic(.font, at: overlay.location, error.description)])
        }
    }

    private static func setLocked(_ text: String, overlay: OverlaySpec, area: PixelRect, canvas: Size,
                                  library: FontLibrary) throws(FontError) -> TextBlock {
        var warnings: [Diagnostic] = []
        let families = overlay.font.family.isEmpty ? ["sans-serif"] : overlay.font.family
        let choice = try library.choose(families: families)
        if !choice.matchedByName {
            warnings.append(Diagnostic(.font, at: overlay.location,
                "no font named \(families.map { "'\($0)'" }.joined(separator: ", ")); using '\(choice.family)'",
                severity: .warning))
        }
        let face = choice.face
        try face.setSize(overlay.font.size)
        let metrics = face.metrics

        // Shape each line (explicit line breaks only).
        let lineTexts = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        let shaped = lineTexts.map { TextShaper.shape($0, face: face) }
        let width = shaped.map(\.advance).max() ?? 0
        let height = metrics.ascender - metrics.descender + Double(max(lineTexts.count - 1, 0)) * metrics.lineHeight

        // Anchor: area point meets box point, then the offset.
        let anchor = overlay.anchor
        let areaX = Double(area.x) + anchor.horizontalFraction * Double(area.width)
        let areaY = Double(area.y) + anchor.verticalFraction * Double(area.height)
        let boxPointY = anchor.isBaseline ? metrics.ascender : anchor.verticalFraction * height
        let box = Rect(x: areaX - anchor.horizontalFraction * width + overlay.offsetX,
                       y: areaY - boxPointY + overlay.offsetY, width: width, height: height)

        var lines: [TextBlock.Line] = []
        var placed: [GlyphRasterizer.Placed] = []
        for (index, line) in shaped.enumerated() {
            let x = box.x + (width - line.advance) / 2
            let baseline = box.y + metrics.ascender + Double(index) * metrics.lineHeight
            lines.append(TextBlock.Line(text: lineTexts[index], glyphs: line.glyphs, advance: line.advance,
                                        x: x, baseline: baseline))
            for glyph in line.glyphs {
                placed.append(GlyphRasterizer.Placed(id: glyph.id, x: x + glyph.x, y: baseline + glyph.y))
            }
            warnings += missingGlyphWarnings(line.glyphs, text: lineTexts[index], family: choice.family, at: overlay.location)
        }
        let raster = GlyphRasterizer.rasterize(placed, face: face,
                                               clip: PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height))
        return TextBlock(box: box, firstBaseline: box.y + metrics.ascender, metrics: metrics,
                         family: choice.family, fontFile: face.file, fontIndex: face.index,
                         lines: lines, mask: raster?.mask, maskX: raster?.x ?? 0, maskY: raster?.y ?? 0,
                         warnings: warnings)
    }

    /// A warning naming the code points drawn as `.notdef` (glyph 0).
    private static func missingGlyphWarnings(_ glyphs: [ShapedGlyph], text: String, family: String,
                                             at location: SourceLocation) -> [Diagnostic] {
        let utf8 = Array(text.utf8)
        var missing: [String] = []
        for glyph in glyphs where glyph.id == 0 && glyph.cluster < utf8.count {
            // The cluster is a byte offset; decode the scalar that starts there.
            let tail = String(decoding: utf8[glyph.cluster...], as: UTF8.self)
            if let scalar = tail.unicodeScalars.first {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                if !missing.contains(code) { missing.append(code) }
            }
        }
        guard !missing.isEmpty else { return [] }
        return [Diagnostic(.font, at: location, "'\(family)' has no glyph for \(missing.joined(separator: " "))",
                           severity: .warning)]
    }
}
