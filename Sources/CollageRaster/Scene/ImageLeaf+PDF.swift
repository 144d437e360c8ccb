extension ImageLeaf {
    /// The image's PDF stage (`Node.pdf(into:device:stage:)`): the image
    /// XObject the stage makes for it (resampled to its placed size, its
    /// filters applied, or a JPEG copied whole) drawn with `Do` where the
    /// raster would draw it.
    func pdf(into content: inout PDFContent, device: Affine, stage: any PDFStage) throws {
        guard bounds.width > 0, bounds.height > 0, let placement = try stage.image(self, device: device) else { return }
        content.draw(placement, device: device)
    }
}
