extension MaskLeaf {
    /// The mask's PDF stage (`Node.pdf(into:device:stage:)`): a coverage
    /// mask has no outline, so it is rasterised at the canvas's resolution
    /// (an image with an SMask) where the raster would draw it.
    func pdf(into content: inout PDFContent, device: Affine, stage: any PDFStage) throws {
        guard let placement = try stage.raster(.mask(self), device: device, margin: 1) else { return }
        content.draw(placement, device: device)
    }
}
