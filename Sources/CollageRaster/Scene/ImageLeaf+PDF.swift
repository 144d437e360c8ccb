extension ImageLeaf {
    /// The image's PDF stage (`Node.pdf(into:device:stage:)`): the image
    /// XObject the stage makes for it (resampled to its placed size, its
    /// filters applied, or a JPEG copied whole) drawn with `Do` where the
    /// raster would draw it. A blur with transparent edges spreads beyond
    /// the picture's bounds (CSS `blur()`), so that image is rasterised at
    /// the canvas's resolution over its bounds grown by the blur's reach
    /// (3σ, canvas pixels) instead.
    func pdf(into content: inout PDFContent, device: Affine, stage: any PDFStage) throws {
        guard bounds.width > 0, bounds.height > 0 else { return }
        let sigma = filters.reduce(0) { $0 + $1.blurSigma }
        if sigma > 0, edges == .transparent {
            if let placement = try stage.raster(.image(self), device: device, margin: 3 * sigma + 2) {
                content.draw(placement, device: device)
            }
            return
        }
        guard let placement = try stage.image(self, device: device) else { return }
        content.draw(placement, device: device)
    }
}
