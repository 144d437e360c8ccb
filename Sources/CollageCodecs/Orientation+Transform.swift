import CollageRaster

extension Orientation {
    /// This EXIF orientation as axis operations on the stored pixels.
    public var stored: StoredOrientation {
        switch self {
        case .up:            StoredOrientation(transposed: false, flipsX: false, flipsY: false)
        case .upMirrored:    StoredOrientation(transposed: false, flipsX: true, flipsY: false)
        case .down:          StoredOrientation(transposed: false, flipsX: true, flipsY: true)
        case .downMirrored:  StoredOrientation(transposed: false, flipsX: false, flipsY: true)
        case .leftMirrored:  StoredOrientation(transposed: true, flipsX: false, flipsY: false)
        case .right:         StoredOrientation(transposed: true, flipsX: false, flipsY: true)
        case .rightMirrored: StoredOrientation(transposed: true, flipsX: true, flipsY: true)
        case .left:          StoredOrientation(transposed: true, flipsX: true, flipsY: false)
        }
    }

    /// Returns the upright image: `pixmap` (as stored) rotated/mirrored as this
    /// EXIF orientation says (EXIF 2.32, tag 274). Orientations 5-8 swap width
    /// and height. A pure pixel permutation: no resampling, no colour change.
    public func applied(to pixmap: Pixmap) -> Pixmap { stored.upright(pixmap) }
}
