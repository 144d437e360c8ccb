extension ColorTile {
    /// The tile's PDF stage (`Node.pdf(into:device:stage:)`): colour pixels
    /// (colour glyphs) rasterised at the canvas's resolution, an image with
    /// an SMask, where the raster would draw them.
    func pdf(into content: inout PDFContent, device: Affine, stage: any PDFStage) throws {
        guard let placement = try stage.raster(.tile(self), device: device, margin: 1) else { return }
        content.draw(placement, device: device)
    }
}
