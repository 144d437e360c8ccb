import CollageRaster

/// EXIF Orientation (TIFF tag 274): how the stored pixels must be
/// transformed to show the picture upright. Values per the EXIF 2.32 spec.
public enum Orientation: Int, Sendable, Hashable, CaseIterable {
    case up = 1             // as stored
    case upMirrored = 2     // mirror horizontally
    case down = 3           // rotate 180
    case downMirrored = 4   // mirror vertically
    case leftMirrored = 5   // transpose (mirror horizontally, then rotate 90 CCW... i.e. swap axes)
    case right = 6          // rotate 90 clockwise
    case rightMirrored = 7  // transverse
    case left = 8           // rotate 90 counter-clockwise (270 clockwise)

    /// True for 5-8, whose upright picture has width and height swapped.
    public var swapsAxes: Bool { rawValue >= 5 }
}
