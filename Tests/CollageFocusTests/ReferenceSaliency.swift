@testable import CollageFocus

extension SaliencyMap {
    /// The saliency values as the per-pixel Swift loop computed them before
    /// `collage_saliency_values` (C, with the skin likelihood remembered per
    /// colour) replaced it: the reference the C kernel must match bit for bit.
    static func referenceValues(_ image: AnalysisImage) -> [Float] {
        let width = image.width, height = image.height
        var out = [Float](repeating: 0, count: width * height)
        let cx = Float(width) / 2, cy = Float(height) / 2
        let luma = image.grey.pixels
        for y in 0..<height {
            for x in 0..<width {
                let dx = (Float(x) + 0.5 - cx) / max(cx, 0.5), dy = (Float(y) + 0.5 - cy) / max(cy, 0.5)
                let o = y * width + x
                let c = Float(luma[o])
                let l = x > 0 ? Float(luma[o - 1]) : c, r = x + 1 < width ? Float(luma[o + 1]) : c
                let t = y > 0 ? Float(luma[o - width]) : c, b = y + 1 < height ? Float(luma[o + width]) : c
                let edge = min(1, abs(4 * c - l - r - t - b) / 255)
                let red = image.red[o], green = image.green[o], blue = image.blue[o]
                let saturation = max(max(red, green), blue) - min(min(red, green), blue)
                let skin = SkinTone.likelihood(red: red, green: green, blue: blue)
                let prior = 1 - 0.125 * min(2, dx * dx + dy * dy)
                out[o] = (edge + 0.5 * saturation + skin) * prior
            }
        }
        return out
    }
}
