import CollageCodecs
import CollageRaster
import CollageSpec

/// The size limits `convert` checks before anything is decoded or drawn,
/// each a located error (at the SVG's root element, or the input's first
/// line), as `render` reports a canvas that is too large.
extension Converter {
    /// Refuses `target`, the size the input is converted to, when `format`
    /// cannot hold it (WebP 16383 px a side, JPEG 65500), and, for an SVG
    /// enlarged by `--max-size`, when drawing it takes more than
    /// `maxPixels` (the decoded-pixel budget: a raster photo is refused by
    /// its decoder, an SVG's intrinsic size by its parser).
    /// - Throws: `CollageError.diagnostics` with one `.outOfRange` error.
    static func checkTarget(_ target: Size, native: Size, format: OutputFormat, maxPixels: Int, inputPath: String,
                            shownName: String, isSVG: Bool) throws(CollageError) {
        let location = { inputLocation(inputPath, shownName: shownName, isSVG: isSVG) }
        if let problem = OutputPreflight.sideLimit(target, format: format, what: "'\(shownName)'" + (target == native ? "" : " at --max-size"),
                                                   at: location(),
                                                   fix: "write PNG, or shrink it with --max-size \(format.maximumSide)x\(format.maximumSide)") {
            throw .diagnostics(DiagnosticList([problem]))
        }
        if isSVG, target != native, target.width > maxPixels / target.height {
            throw .diagnostics(DiagnosticList([Diagnostic(.outOfRange, at: location(),
                "'\(shownName)' drawn at \(target.width) × \(target.height) px (--max-size) is \(target.width * target.height) pixels, "
                    + "over the budget of \(maxPixels)",
                notes: ["give a smaller --max-size, or raise --max-pixels if this machine has the memory "
                        + "(4 bytes a pixel: \(target.width * target.height * 4 / 1_048_576) MiB)"])]))
        }
    }

    /// Where the input is, for a located error: an SVG's root element
    /// (`<svg`, lines and columns counted as in documents) when its text
    /// is plain, else the input's first line.
    static func inputLocation(_ path: String, shownName: String, isSVG: Bool) -> SourceLocation {
        if isSVG, let bytes = FileSystem.contents(of: path), bytes.first != 0x1F,
           let start = bytes.indices.first(where: { bytes[$0...].starts(with: Array("<svg".utf8)) }) {
            let (line, column) = SourceText(file: shownName, bytes: bytes).position(ofByte: start)
            return SourceLocation(file: shownName, line: line, column: column)
        }
        return SourceLocation(file: shownName, line: 1, column: 1)
    }
}
