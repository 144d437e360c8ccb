import CollageRaster
import CollageSpec

/// The JSON forms of layout values in `collage layout --json`: rectangles
/// in canvas pixels (origin top-left, y down; a crop window in source
/// pixels) and a node's transform and device bounds.
public enum LayoutJSON {
    /// The node's `transform` [a, b, c, d, tx, ty] (local coordinates to
    /// canvas pixels) and, when it draws anything, its device `bounds`.
    public static func node(_ node: Node) -> [(String, JSONText.Value)] {
        let t = node.transform
        var entries: [(String, JSONText.Value)] = [("transform", .array([t.a, t.b, t.c, t.d, t.tx, t.ty].map { .number($0) }))]
        if let bounds = node.deviceBounds() { entries.append(("bounds", rect(bounds))) }
        return entries
    }

    /// `{x, y, width, height}` in whole pixels.
    public static func rect(_ r: PixelRect) -> JSONText.Value {
        .object([("x", .int(r.x)), ("y", .int(r.y)), ("width", .int(r.width)), ("height", .int(r.height))])
    }

    /// `{x, y, width, height}`, fractional.
    public static func rect(_ r: Rect) -> JSONText.Value {
        .object([("x", .number(r.x)), ("y", .number(r.y)), ("width", .number(r.width)), ("height", .number(r.height))])
    }

    /// `{file, line, column}`: where a value was written in the document
    /// (or in the file it includes), 1-based, columns in Unicode scalars.
    public static func location(_ location: SourceLocation) -> JSONText.Value {
        .object([("file", .string(location.file)), ("line", .int(location.line)), ("column", .int(location.column))])
    }

    /// How a content-aware crop was chosen: `{strategy, faces: [{x, y,
    /// width, height}] (oriented source pixels, largest first), keptFaces, score}`.
    public static func focus(_ focus: PhotoFocus) -> JSONText.Value {
        .object([("strategy", .string(focus.strategy)), ("faces", .array(focus.faces.map { rect($0) })),
                 ("keptFaces", .int(focus.keptFaces)), ("score", .number((focus.score * 10000).rounded() / 10000))])
    }
}
