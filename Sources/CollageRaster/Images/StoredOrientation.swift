/// How an image's stored pixels relate to its upright picture: EXIF
/// orientation (TIFF tag 274, EXIF 2.32) as three axis operations, so the
/// renderer can resample the stored pixels and place each output pixel
/// upright instead of copying the whole decoded photo first.
///
/// Upright pixel (`X`, `Y`) of a picture whose stored pixmap is `w x h`:
/// `(u, v) = transposed ? (Y, X) : (X, Y)`, then stored
/// `x = flipsX ? w - 1 - u : u`, `y = flipsY ? h - 1 - v : v`.
public struct StoredOrientation: Sendable, Hashable {
    /// The stored x axis runs along the upright y axis (EXIF 5-8).
    public var transposed: Bool
    /// The stored x axis runs against its upright axis.
    public var flipsX: Bool
    /// The stored y axis runs against its upright axis.
    public var flipsY: Bool

    public init(transposed: Bool, flipsX: Bool, flipsY: Bool) {
        self.transposed = transposed
        self.flipsX = flipsX
        self.flipsY = flipsY
    }

    /// Stored as shown (EXIF 1).
    public static let upright = StoredOrientation(transposed: false, flipsX: false, flipsY: false)

    public var isUpright: Bool { self == .upright }

    /// The upright size of a stored image of `stored` pixels.
    public func uprightSize(ofStored stored: Size) -> Size {
        transposed ? Size(width: stored.height, height: stored.width) : stored
    }

    /// Returns the upright picture of `pixmap` (as stored): a pure pixel
    /// permutation, no resampling, no colour change.
    public func upright(_ pixmap: Pixmap) -> Pixmap {
        if isUpright { return pixmap }
        let w = pixmap.width, h = pixmap.height
        let outWidth = transposed ? h : w
        // Destination index of stored pixel (x, y) = base + x * stepX + y * stepY.
        let base: Int, stepX: Int, stepY: Int
        if transposed {
            (stepX, stepY) = (flipsX ? -outWidth : outWidth, flipsY ? -1 : 1)
            base = (flipsX ? (w - 1) * outWidth : 0) + (flipsY ? h - 1 : 0)
        } else {
            (stepX, stepY) = (flipsX ? -1 : 1, flipsY ? -outWidth : outWidth)
            base = (flipsX ? w - 1 : 0) + (flipsY ? (h - 1) * outWidth : 0)
        }
        let count = w * h
        let out = [UInt8](unsafeUninitializedCapacity: count * 4) { dst, initialized in
            pixmap.pixels.withUnsafeBytes { srcRaw in
                let src = srcRaw.bindMemory(to: UInt32.self)
                let d = UnsafeMutableRawBufferPointer(dst).bindMemory(to: UInt32.self)
                // 64x64 tiles keep both the reads and the transposed writes in cache.
                let tile = 64
                var ty = 0
                while ty < h {
                    let yEnd = Swift.min(ty + tile, h)
                    var tx = 0
                    while tx < w {
                        let xEnd = Swift.min(tx + tile, w)
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
        return Pixmap(width: outWidth, height: transposed ? w : h, pixels: out)
    }
}

extension StoredOrientation {
    /// The orientation of the same stored pixels whose upright picture is
    /// mirrored left-right (`horizontally`) and/or top-bottom (`vertically`).
    func mirrored(horizontally: Bool, vertically: Bool) -> StoredOrientation {
        var out = self
        // Upright x is stored x, or stored y when transposed.
        if horizontally { if transposed { out.flipsY.toggle() } else { out.flipsX.toggle() } }
        if vertically { if transposed { out.flipsX.toggle() } else { out.flipsY.toggle() } }
        return out
    }
}
