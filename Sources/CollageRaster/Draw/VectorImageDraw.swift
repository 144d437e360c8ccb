/// An image draw whose source is a `VectorPicture` (an SVG): beside
/// `ShapedImageDraw`, which resamples stored pixels, this asks the picture
/// to draw itself at the draw's exact device transform, so edges stay as
/// crisp at 4000 px as at 40 px.
///
/// The device transform takes the scene image's oriented pixels to canvas
/// pixels: the crop window `draw.source` onto the picture's destination
/// (scaled by destination ÷ window on each axis), then `draw.transform`
/// (rotation, shear, mirrors) or, for an axis-aligned draw, the mirrors and
/// the destination's position. The picture is drawn once over `region` (the
/// canvas pixels the draw may change, already clipped to the canvas) into
/// cairo's ARGB32 (premultiplied, sRGB-encoded, 4 bytes a pixel), converted
/// to the canvas's premultiplied linear light (un-premultiplied, decoded
/// through `SRGBTransfer.decodeTable`, premultiplied again) and multiplied
/// by the draw's coverage (the window's edges on a turned draw, rounded
/// corners); its opacity is applied when it is composited, as for photos.
/// The result depends only on the draw and the region, never on bands or
/// threads.
struct VectorImageDraw {
    let draw: ImageDraw
    /// The scene image's oriented size (source pixels): the picture's viewport.
    let viewport: Size
    /// The canvas pixels to produce.
    let region: PixelRect

    /// Oriented source pixels → canvas pixels (see the type's comment).
    var deviceTransform: Affine {
        let window = draw.source, destination = draw.destination
        let toPicture = Affine.translation(-window.x, -window.y)
            .then(.scale(Double(destination.width) / window.width, Double(destination.height) / window.height))
        if let transform = draw.transform { return toPicture.then(transform) }
        let mirror = Affine(a: draw.flipsX ? -1 : 1, b: 0, c: 0, d: draw.flipsY ? -1 : 1,
                            tx: draw.flipsX ? Double(destination.width) : 0, ty: draw.flipsY ? Double(destination.height) : 0)
        return toPicture.then(mirror).then(.translation(Double(destination.x), Double(destination.y)))
    }

    /// Draws the picture and calls `sink(y, pixels)` for every canvas row `y`
    /// of the region, top to bottom, with `region.width` premultiplied
    /// linear RGBA pixels.
    /// - Throws: what the picture threw; nothing is sunk then.
    func render(_ picture: any VectorPicture, sink: (Int, UnsafeMutableBufferPointer<Float>) -> Void) throws {
        guard !region.isEmpty else { return }
        let width = region.width, height = region.height
        var words = [UInt32](repeating: 0, count: width * height)
        let transform = deviceTransform.then(.translation(Double(-region.x), Double(-region.y)))
        try words.withUnsafeMutableBufferPointer { buffer in
            try picture.draw(viewport: viewport, transform: transform, width: width, height: height, into: buffer)
        }
        var row = [Float](repeating: 0, count: width * 4)
        let decode = SRGBTransfer.decodeTable, alpha = SRGBTransfer.alphaTable
        words.withUnsafeBufferPointer { source in
            decode.withUnsafeBufferPointer { decode in
                alpha.withUnsafeBufferPointer { alpha in
                    row.withUnsafeMutableBufferPointer { out in
                        for line in 0 ..< height {
                            let y = region.y + line
                            let first = line * width
                            for k in 0 ..< width {
                                let word = source[first + k]
                                let a = Int(word >> 24)
                                let o = k * 4
                                guard a != 0 else { out[o] = 0; out[o + 1] = 0; out[o + 2] = 0; out[o + 3] = 0; continue }
                                let scale = alpha[a]
                                @inline(__always) func linear(_ shift: UInt32) -> Float {
                                    let c = Int((word >> shift) & 0xFF)
                                    return decode[Swift.min(255, (c * 255 + a / 2) / a)] * scale
                                }
                                out[o] = linear(16); out[o + 1] = linear(8); out[o + 2] = linear(0); out[o + 3] = scale
                            }
                            if let shape = draw.coverage { Self.multiply(out, by: shape, row: y, from: region.x, alpha: alpha) }
                            sink(y, out)
                        }
                    }
                }
            }
        }
    }

    /// `values` (canvas row `y` from column `x`) times the coverage there (0 outside the mask).
    private static func multiply(_ values: UnsafeMutableBufferPointer<Float>, by shape: PlacedMask, row y: Int, from x: Int,
                                 alpha: UnsafeBufferPointer<Float>) {
        let cy = y - shape.y, count = values.count / 4
        shape.mask.coverage.withUnsafeBufferPointer { mask in
            for k in 0 ..< count {
                let cx = x + k - shape.x
                let c: Float = cy >= 0 && cy < shape.mask.height && cx >= 0 && cx < shape.mask.width
                    ? alpha[Int(mask[cy * shape.mask.width + cx])] : 0
                if c == 1 { continue }
                for channel in 0 ..< 4 { values[k * 4 + channel] *= c }
            }
        }
    }
}
