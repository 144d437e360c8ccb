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
    /// How a `cover` image's window was chosen with `focus: auto` or
    /// `faces` (set after the layout by the focus analysis); nil for a fixed focus.
    public var focus: PhotoFocus?

    /// The most copies a `tile` background may draw (each is an image draw):
    /// a 64 x 64 px image on the largest canvas (16384 x 16384).
    public static let maxTileCopies = 65536

    /// The error, at the image's `src`, for tiling an image of oriented
    /// `size` over `canvas` in more than `maxTileCopies` copies; nil when it
    /// takes no more. The note names the smallest square image that fits.
    static func tileCopiesProblem(_ spec: BackgroundImageSpec, size: Size, canvas: Size) -> Diagnostic? {
        func copies(_ w: Int, _ h: Int) -> Int { ((canvas.width + w - 1) / w) * ((canvas.height + h - 1) / h) }
        let count = copies(size.width, size.height)
        guard count > maxTileCopies else { return nil }
        var side = 1
        while copies(side, side) > maxTileCopies { side *= 2 }
        var low = side / 2 + 1
        while low < side { let mid = (low + side) / 2; if copies(mid, mid) > maxTileCopies { low = mid + 1 } else { side = mid } }
        return Diagnostic(.outOfRange, at: spec.srcLocation,
            "the tile image '\(spec.src)' is \(size.width) × \(size.height) px: \(count) copies would cover the \(canvas.width) × \(canvas.height) canvas; the most is \(maxTileCopies)",
            notes: ["use an image of at least \(side) × \(side) px, or 'fit: cover'"])
    }

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
