import CollageRaster
import CollageSpec

/// Where a background image (`BackgroundImageSpec`) is drawn: whole-pixel
/// rectangles of the canvas (origin top-left, y down), each showing a
/// fractional window of the oriented image (source pixels).
public struct BackgroundFrame: Sendable, Hashable {
    /// One drawn copy of (part of) the image.
    public struct Piece: Sendable, Hashable {
        /// The window of the oriented image, source pixels (never rounded).
        public var source: Rect
        /// Where it lands, canvas pixels.
        public var destination: PixelRect
        public init(source: Rect, destination: PixelRect) { self.source = source; self.destination = destination }
    }
    /// Index into `Layout.images` of the image's file.
    public var image: Int
    /// `cover`: one piece over the canvas; `contain`: one centred piece;
    /// `tile`: the copies at native size from the top-left corner, row by
    /// row (the last ones cut by the canvas edges).
    public var pieces: [Piece]
    /// Filter functions, in order, then the blur (`BackgroundImageSpec`).
    public var filters: [FilterSpec]
    /// σ in canvas pixels; 0: none.
    public var blur: Double

    /// The frame of `spec` on `canvas` for an image of oriented `size`.
    static func frame(_ spec: BackgroundImageSpec, image: Int, size: Size, canvas: Size) -> BackgroundFrame {
        let whole = PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        var pieces: [Piece] = []
        switch spec.fit {
        case .cover:
            pieces = [Piece(source: FitGeometry.coverCrop(photo: size, cell: canvas, focusX: spec.focusX, focusY: spec.focusY),
                            destination: whole)]
        case .contain:
            pieces = [Piece(source: Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)),
                            destination: FitGeometry.containRect(photo: size, cell: whole))]
        case .tile:
            for y in stride(from: 0, to: canvas.height, by: size.height) {
                for x in stride(from: 0, to: canvas.width, by: size.width) {
                    let w = min(size.width, canvas.width - x), h = min(size.height, canvas.height - y)
                    pieces.append(Piece(source: Rect(x: 0, y: 0, width: Double(w), height: Double(h)),
                                        destination: PixelRect(x: x, y: y, width: w, height: h)))
                }
            }
        }
        return BackgroundFrame(image: image, pieces: pieces, filters: spec.filters, blur: spec.blur)
    }
}
