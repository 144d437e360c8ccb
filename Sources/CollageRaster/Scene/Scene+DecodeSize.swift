import CollageNumerics
extension Scene {
    /// The smallest decoded size of image `index` that its draws need, or nil
    /// when no draw of it reaches the canvas (then it is not decoded at all).
    ///
    /// README "Rules": Resampler: the decode keeps at least 2x the target size along both
    /// axes. A draw of window `w x h` (oriented source pixels) into a
    /// destination of `W x H` canvas pixels, of an image of oriented size
    /// `S`, needs `ceil(m * S.width * W / w)` by `ceil(m * S.height * H / h)`,
    /// capped at `S`, with the margin `m` = 2; the result is the maximum
    /// over the image's draws.
    ///
    /// - Parameter margin: decoded pixels per destination pixel along each
    ///   axis; 2 by default, 1 for the fast mode (`SceneRenderOptions.fast`).
    /// Draws whose window is not finite and positive are ignored (the
    /// renderer rejects them).
    public func minimumDecodeSize(ofImage index: Int, margin: Double = 2) -> Size? {
        guard images.indices.contains(index) else { return nil }
        let full = images[index].orientedSize
        let canvas = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        var needed: Size?
        for case .image(let draw) in items where draw.image == index {
            let window = draw.source
            guard window.width.isFinite, window.height.isFinite, window.width > 0, window.height > 0,
                  !draw.reach.intersection(canvas).isEmpty else { continue }
            let width = Swift.min(Double(full.width), (margin * Double(full.width) * Double(draw.destination.width) / window.width).rounded(.up))
            let height = Swift.min(Double(full.height), (margin * Double(full.height) * Double(draw.destination.height) / window.height).rounded(.up))
            let size = Size(width: Int(checked: width), height: Int(checked: height))
            needed = Size(width: Swift.max(needed?.width ?? 0, size.width), height: Swift.max(needed?.height ?? 0, size.height))
        }
        return needed
    }
}
