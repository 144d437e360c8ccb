import CollageRaster
import CollageSpec

/// The print geometry of a document with `print:` (issue 38, docs/print.md):
/// rectangles in canvas pixels relative to the trim's top-left corner (the
/// bleed at negative coordinates), and where the output puts them.
public struct PrintFrame: Sendable, Hashable {
    /// The canvas: (0, 0, width, height).
    public var trim: PixelRect
    /// The trim grown by the bleed on each side.
    public var bleed: PixelRect
    /// The trim shrunk by `safe` on each side (empty when `safe` leaves nothing).
    public var safe: PixelRect
    /// Output pixels beyond the trim on each side: bleed plus slug. The trim's
    /// top-left corner is at (margin, margin) in the output.
    public var margin: Int
    /// The output: the trim, the bleed and the slug.
    public var output: Size
    /// `canvas.dpi`.
    public var dpi: Int
    public var marks: [PrintSpec.Mark]

    public init(_ spec: PrintSpec, canvas: Size) {
        let b = spec.bleed, s = spec.safe
        trim = PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        bleed = PixelRect(x: -b, y: -b, width: canvas.width + 2 * b, height: canvas.height + 2 * b)
        safe = PixelRect(x: s, y: s, width: max(0, canvas.width - 2 * s), height: max(0, canvas.height - 2 * s))
        margin = spec.margin
        let size = spec.outputSize(width: canvas.width, height: canvas.height)
        output = Size(width: size.width, height: size.height)
        dpi = spec.dpi
        marks = spec.marks
    }

    /// The transform from trim coordinates to output pixels.
    public var toOutput: Affine { .translation(Double(margin), Double(margin)) }
}

extension Layout {
    /// The size of the image written: the canvas, or with `print` the trim,
    /// bleed and slug (`PrintFrame.output`).
    public var outputSize: Size { print?.output ?? canvas }

    /// Where anything may draw, in canvas (trim) pixels: the canvas, or with
    /// `print` the whole output, whose bleed and slug lie at negative
    /// coordinates and beyond the canvas.
    public var drawable: PixelRect {
        let margin = print?.margin ?? 0
        return PixelRect(x: -margin, y: -margin, width: outputSize.width, height: outputSize.height)
    }
}

/// How `print` changes a layout (docs/print.md "Bleed"): a `cover` photo
/// whose cell touches a trim edge grows by the bleed on that side (to the
/// bleed edge, if it does not reach it already) and its crop window is
/// refitted to the grown cell, so the bleed holds real photo pixels and the
/// trim shows what a canvas enlarged by hand would show; a background image
/// is fitted to the bleed box. A turned print or a `contain` photo is not
/// grown (preflight warns when it touches the trim).
enum PrintBleed {
    static func apply(_ print: PrintSpec, to layout: inout Layout, spec: Spec) {
        let frame = PrintFrame(print, canvas: layout.canvas)
        layout.print = frame
        guard print.bleed > 0 else { return }
        for (index, placement) in layout.photos.enumerated() {
            let photo = spec.photos[placement.photo]
            guard let grown = grownCell(placement, photo: photo, frame: frame) else { continue }
            var refitted = LayoutEngine.placement(of: placement.photo, photo: photo,
                                                  size: layout.images[placement.image].size, cell: grown)
            refitted.image = placement.image
            layout.photos[index] = refitted
        }
        if let background = layout.background, let image = spec.canvas.image {
            let size = Size(width: frame.bleed.width, height: frame.bleed.height)
            var grown = BackgroundFrame.frame(image, image: background.image, size: layout.images[background.image].size,
                                              canvas: size)
            grown.pieces = grown.pieces.map { piece in
                var piece = piece
                piece.destination.x += frame.bleed.x
                piece.destination.y += frame.bleed.y
                return piece
            }
            layout.background = grown
        }
    }

    /// The cell of `placement` grown to the bleed edge on each side where it
    /// touches the trim; nil when it is not grown (no side touches, a turned
    /// print, `contain`).
    static func grownCell(_ placement: PhotoPlacement, photo: PhotoSpec, frame: PrintFrame) -> PixelRect? {
        guard photo.fit == .cover, placement.rotation.truncatingRemainder(dividingBy: 360) == 0 else { return nil }
        let cell = placement.cell, trim = frame.trim, bleed = frame.bleed
        let left = cell.x <= trim.x ? min(cell.x, bleed.x) : cell.x
        let top = cell.y <= trim.y ? min(cell.y, bleed.y) : cell.y
        let right = cell.maxX >= trim.maxX ? max(cell.maxX, bleed.maxX) : cell.maxX
        let bottom = cell.maxY >= trim.maxY ? max(cell.maxY, bleed.maxY) : cell.maxY
        let grown = PixelRect(x: left, y: top, width: right - left, height: bottom - top)
        return grown == cell ? nil : grown
    }
}
