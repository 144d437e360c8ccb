import CollageRaster
import CollageSpec
import CollageText

extension TextOverlaySpec: OverlayFraming, OverlayDrawing {
    /// A text's box needs its fonts: the frame holds the spec, and `node` sets it in `OverlayFrame.area`.
    func frame(_ overlay: OverlaySpec, index: Int, in area: PixelRect,
               context: inout OverlayFrameContext) -> OverlayFrameKind { OverlayFrameKind(self) }

    /// Sets the text (`Typesetter.set`) and appends its block and font warnings to `context`.
    /// - Throws: the typesetter's font and size errors at the overlay's location.
    func node(_ frame: OverlayFrame, context: inout OverlayDrawingContext) throws(DiagnosticList) -> Node? {
        var block = try TextBlock.set(self, placement: context.spec.overlays[frame.overlay], in: frame.area,
                                       canvas: context.layout.canvas, drawable: context.layout.drawable,
                                       library: context.library)
        block.overlay = frame.overlay
        context.textBlocks.append(block)
        context.warnings += block.warnings
        return OverlayNode.text(block, self, frame: frame)
    }

    /// `text`, `anchor`, `box`, `firstBaseline`, `font`, `lines`, then the node's; nil when the text was not set.
    func report(_ frame: OverlayFrame, context: OverlayDrawingContext) -> [(String, JSONText.Value)]? {
        guard let block = context.textBlocks.first(where: { $0.overlay == frame.overlay }) else { return nil }
        return [
            ("text", .string(text)),
            ("anchor", .string(context.spec.overlays[frame.overlay].anchor.rawValue)),
            ("box", LayoutJSON.rect(block.box)),
            ("firstBaseline", .number(block.firstBaseline)),
            ("font", .string(block.family)),
            ("lines", .array(block.lines.map { line in
                .object([("text", .string(line.text)), ("box", LayoutJSON.rect(line.box)), ("baseline", .number(line.baseline))])
            })),
        ] + LayoutJSON.node(OverlayNode.text(block, self, frame: frame))
    }
}
