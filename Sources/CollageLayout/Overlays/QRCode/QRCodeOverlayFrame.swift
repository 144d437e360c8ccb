import CollageRaster
import CollageSpec
import CollageText

/// Where a QR code overlay is drawn: its square (quiet zone included) in
/// whole canvas pixels, so every module covers whole pixels when it is not
/// turned, with the keys that paint it.
public struct QRCodeOverlayFrame: Sendable, Hashable {
    /// The drawn square, canvas pixels (origin top-left, y down; may reach outside the canvas).
    public var box: PixelRect
    /// The overlay's keys and its symbol.
    public var spec: QRCodeOverlaySpec
    public init(box: PixelRect, spec: QRCodeOverlaySpec) { self.box = box; self.spec = spec }
}

extension QRCodeOverlaySpec: OverlayFraming {
    /// The square `side` pixels wide placed like an image overlay's box: the
    /// anchor points of `area` and of the square meet, the square moves by
    /// `offset`, and its corner is rounded to whole pixels half away from zero.
    func frame(_ overlay: OverlaySpec, index: Int, in area: PixelRect,
               context: inout OverlayFrameContext) -> OverlayFrameKind {
        let rw = Double(area.width), rh = Double(area.height), s = Double(side)
        let fx = overlay.anchor.horizontalFraction, fy = overlay.anchor.verticalFraction
        let x = Double(area.x) + rw * fx - s * fx + overlay.offsetX.resolved(reference: rw)
        let y = Double(area.y) + rh * fy - s * fy + overlay.offsetY.resolved(reference: rh)
        return OverlayFrameKind(QRCodeOverlayFrame(box: FreeLayout.rounded(x: x, y: y, width: s, height: s), spec: self))
    }
}

extension QRCodeOverlayFrame: OverlayDrawing {
    func node(_ frame: OverlayFrame, context: inout OverlayDrawingContext) -> Node? { OverlayNode.qrcode(self, frame: frame) }

    /// `text`, `level`, `modules` (the symbol's side), `module` (pixels a module), `box`, then the node's.
    func report(_ frame: OverlayFrame, context: OverlayDrawingContext) -> [(String, JSONText.Value)]? {
        [("text", .string(spec.text)), ("level", .string(spec.level.rawValue)), ("modules", .int(spec.symbol.side)),
         ("module", .int(spec.module)), ("anchor", .string(context.spec.overlays[frame.overlay].anchor.rawValue)),
         ("box", LayoutJSON.rect(box))] + LayoutJSON.node(OverlayNode.qrcode(self, frame: frame))
    }
}
