extension PathLeaf {
    /// The path's PDF stage (`Node.pdf(into:device:stage:)`): the outline
    /// filled with `f` (non-zero) or `f*` (even-odd); a solid paint in
    /// DeviceRGB with its alpha as `ca`; an opaque gradient as a shading
    /// painted inside the outline as a clip (`W n … sh`). A translucent
    /// gradient is rasterised (PDF shadings carry no alpha). A stroke in a
    /// solid colour (`stroke` set) is a native PDF stroke of its centre
    /// line (`w`, `J`, `j`, `M`, `d`, `S`, its alpha as `CA`) under the
    /// node's `cm`, as SVG strokes it; a gradient stroke, or a dashed one
    /// whose dashes the raster joins at a closed outline's starting corner
    /// (`PathStroke.pdfStrokable`), is its outline filled (PDF cannot clip
    /// to a stroke, and caps dashes where a closed subpath starts).
    func pdf(into content: inout PDFContent, device: Affine, stage: any PDFStage) throws {
        guard !path.isEmpty, path.isFinite else { return }
        let evenOdd = rule == .evenOdd
        switch paint {
        case .solid(let color):
            guard color.alpha > 0 else { return }
            content.op("q")
            if color.alpha < 255 { content.op("/\(stage.graphicsState(alpha: Double(color.alpha) / 255, blend: .normal)) gs") }
            let dash = stroke.flatMap { $0.centerline.isFinite ? $0.centerline.drawnDashPattern($0.style) : nil }
            if let stroke, stroke.centerline.isFinite, stroke.pdfStrokable(dash: dash) {
                content.strokeColor(color)
                content.lineStyle(stroke.style, dash: dash)
                content.path(stroke.centerline)
                content.op("S")
            } else {
                content.fillColor(color)
                content.path(path)
                content.op(evenOdd ? "f*" : "f")
            }
            content.op("Q")
        case .gradient(let gradient):
            if let shading = try stage.shading(gradient) {
                content.op("q")
                content.path(path)
                content.op(evenOdd ? "W* n" : "W n")
                content.op("/\(shading) sh")
                content.op("Q")
            } else if let placement = try stage.raster(.path(self), device: device, margin: 1) {
                content.draw(placement, device: device)
            }
        }
    }
}
