import CollageRaster

extension Orientation {
    /// Returns the upright image: `pixmap` (as stored) rotated/mirrored as this
    /// EXIF orientation says (EXIF 2.32, tag 274). Orientations 5-8 swap width
    /// and height. A pure pixel permutation: no resampling, no colour change.
    public func applied(to pixmap: Pixmap) -> Pixmap {
        if self == .up { return pixmap }
        let w = pixmap.width, h = pixmap.height
        // Destination index of source pixel (x, y) = base + x * stepX + y * stepY.
        let base: Int, stepX: Int, stepY: Int
        switch self {
        case .up:            (base, stepX, stepY) = (0, 1, w)
        case .upMirrored:    (base, stepX, stepY) = (w - 1, -1, w)
        case .down:          (base, stepX, stepY) = (w * h - 1, -1, -w)
        case .downMirrored:  (base, stepX, stepY) = ((h - 1) * w, 1, -w)
        case .leftMirrored:  (base, stepX, stepY) = (0, h, 1)                 // transpose
        case .right:         (base, stepX, stepY) = (h - 1, h, -1)            // rotate 90 CW
        case .rightMirrored: (base, stepX, stepY) = (w * h - 1, -h, -1)       // transverse
        case .left:          (base, stepX, stepY) = ((w - 1) * h, -h, 1)      // rotate 90 CCW
        }
        let count = w * h
        let out = [UInt8](unsafeUninitializedCapacity: count * 4) { dst, initialized in
            pixmap.pixels.withUnsafeBytes { srcRaw in
                let src = srcRaw.bindMemory(to: UInt32.self)
                let dstRaw = UnsafeMutableRawBufferPointer(dst)
                let d = dstRaw.bindMemory(to: UInt32.self)
                // 64x64 tiles keep both the reads and the transposed writes in cache.
                let tile = 64
                var ty = 0
                while ty < h {
                    let yEnd = min(ty + tile, h)
                    var tx = 0
                    while tx < w {
                        let xEnd = min(tx + tile, w)
                        for y in ty ..< yEnd {
                            var s = y * w + tx
                            var t = base + tx * stepX + y * stepY
                            for _ in tx ..< xEnd {
                                d[t] = src[s]
                                s += 1
                                t += stepX
                            }
                        }
                        tx += tile
                    }
                    ty += tile
                }
            }
            initialized = count * 4
        }
        return swapsAxes ? Pixmap(width: h, height: w, pixels: out) : Pixmap(width: w, height: h, pixels: out)
    }
}
