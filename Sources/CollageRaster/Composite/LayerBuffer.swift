/// The pixels of an isolated layer (`SceneItem.beginLayer`) over the canvas
/// rows being composited: premultiplied R, G, B, A floats of the scene's
/// `Compositing` working space, starting
/// transparent, `region.width` pixels a row for `rows` (canvas rows within
/// the layer's region). Items inside the layer composite here
/// (`FloatCompositor`); at the layer's end it is multiplied by its clip and
/// composited with its opacity onto what lies below.
final class LayerBuffer {
    let layer: LayerDraw
    let space: Compositing
    let region: PixelRect
    let rows: Range<Int>
    private(set) var pixels: [Float]

    init(_ layer: LayerDraw, space: Compositing, region: PixelRect, rows: Range<Int>) {
        self.layer = layer
        self.space = space
        self.region = region
        self.rows = rows
        pixels = [Float](repeating: 0, count: region.width * rows.count * 4)
    }

    /// The float pixel of canvas (`x`, `y`), inside the region and `rows`.
    func withPixel<R>(x: Int, y: Int, _ body: (UnsafeMutablePointer<Float>) -> R) -> R {
        pixels.withUnsafeMutableBufferPointer { body($0.baseAddress! + ((y - rows.lowerBound) * region.width + x - region.x) * 4) }
    }

    /// Multiplies by the clip and composites the layer with its opacity
    /// onto `below` (the layer under it), or onto `canvas` when there is none.
    func composite(onto below: LayerBuffer?, canvas: CanvasPixels) {
        if let clip = layer.clip {
            for y in rows {
                for x in region.x ..< region.maxX {
                    let cx = x - clip.x, cy = y - clip.y
                    let c: Float = cx >= 0 && cy >= 0 && cx < clip.mask.width && cy < clip.mask.height
                        ? SRGBTransfer.alphaTable[Int(clip.mask.coverage[cy * clip.mask.width + cx])] : 0
                    let p = ((y - rows.lowerBound) * region.width + x - region.x) * 4
                    for channel in 0 ..< 4 { pixels[p + channel] *= c }
                }
            }
        }
        let opacity = Float(Swift.min(Swift.max(layer.opacity, 0), 1))
        pixels.withUnsafeBufferPointer { source in
            for y in rows {
                let row = source.baseAddress! + (y - rows.lowerBound) * region.width * 4
                if let below {
                    below.withPixel(x: region.x, y: y) {
                        FloatCompositor.blend(row, count: region.width, opacity: opacity, mode: layer.blend, onto: $0,
                                              space: space)
                    }
                } else {
                    Compositor.blend(row, count: region.width, opacity: opacity, mode: layer.blend,
                                     onto: canvas.pixel(x: region.x, y: y), space: space)
                }
            }
        }
    }
}

/// Source-over onto premultiplied float pixels of a working space (an
/// isolated layer), with the same clamps as `Compositor`.
enum FloatCompositor {
    /// `count` premultiplied pixels times `opacity` over `destination` (both of one working space).
    static func over(_ source: UnsafePointer<Float>, count: Int, opacity: Float, onto destination: UnsafeMutablePointer<Float>) {
        for i in 0 ..< count {
            let p = i * 4
            let a = clamp(source[p + 3] * opacity, 1)
            guard a > 0 else { continue }
            let keep = 1 - a
            destination[p] = clamp(source[p] * opacity, a) + destination[p] * keep
            destination[p + 1] = clamp(source[p + 1] * opacity, a) + destination[p + 1] * keep
            destination[p + 2] = clamp(source[p + 2] * opacity, a) + destination[p + 2] * keep
            destination[p + 3] = a + destination[p + 3] * keep
        }
    }

    /// `color` times each coverage byte (nil: full) over `count` pixels of `destination`, in `space`.
    static func over(_ color: Color, coverage: UnsafePointer<UInt8>?, count: Int, onto destination: UnsafeMutablePointer<Float>,
                     space: Compositing) {
        let (red, green, blue, alpha) = space.values(of: color)
        let r = red * alpha, g = green * alpha, b = blue * alpha
        for i in 0 ..< count {
            let c = coverage.map { SRGBTransfer.alphaTable[Int($0[i])] } ?? 1
            guard c > 0 else { continue }
            let p = i * 4
            let keep = 1 - alpha * c
            destination[p] = r * c + destination[p] * keep
            destination[p + 1] = g * c + destination[p + 1] * keep
            destination[p + 2] = b * c + destination[p + 2] * keep
            destination[p + 3] = alpha * c + destination[p + 3] * keep
        }
    }

    @inline(__always)
    private static func clamp(_ value: Float, _ limit: Float) -> Float {
        value > 0 ? (value < limit ? value : limit) : 0
    }
}
