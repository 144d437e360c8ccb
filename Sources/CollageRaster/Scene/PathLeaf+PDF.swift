extension PathLeaf {
    /// The path's PDF stage (`Node.pdf(into:device:stage:)`): the outline
    /// filled with `f` (non-zero) or `f*` (even-odd); a solid paint in
    /// DeviceRGB with its alpha as `ca`; an opaque gradient as a shading
    /// painted inside the outline as a clip (`W n … sh`). A translucent
    /// gradient is rasterised (PDF shadings carry no alpha). Strokes reach
    /// the scene already outlined (`Path.stroked`), so they are fills here.
    func pdf(into content: inout PDFContent, device: Affine, stage: any PDFStage) throws {
        guard !path.isEmpty, path.isFinite else { return }
        let evenOdd = rule == .evenOdd
        switch paint {
        case .solid(let color):
            guard color.alpha > 0 else { return }
            content.op("q")
            if color.alpha < 255 { content.op("/\(stage.graphicsState(alpha: Double(color.alpha) / 255, blend: .normal)) gs") }
            content.fillColor(color)
            content.path(path)
            content.op(evenOdd ? "f*" : "f")
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
