import CollageRaster

/// Image file formats, identified by magic bytes (never the extension).
/// `heif` covers HEIF, HEIC and AVIF (ISO BMFF `ftyp` brands), all decoded by libheif;
/// `svg` covers SVG and gzipped SVG (SVGZ), drawn by librsvg as vectors.
public enum ImageFormat: String, Sendable, Hashable {
    case jpeg, png, heif, webp, svg
}

/// What a file's header says, read without decoding pixels.
public struct ImageHeader: Sendable, Hashable {
    public var format: ImageFormat
    /// Pixel size as stored in the file.
    public var storedSize: Size
    /// EXIF orientation (1 when absent or unreadable; always 1 for HEIF,
    /// whose own irot/imir libheif applies: `storedSize` is then the upright size).
    public var orientation: Orientation
    /// EXIF DateTimeOriginal as written ("YYYY:MM:DD HH:MM:SS", which sorts
    /// chronologically as text); nil when absent or unreadable.
    public var captureDate: String?
    /// Bytes of DCT coefficients a decode holds for the whole image: a
    /// multi-scan JPEG's (progressive, or components in separate scans),
    /// which libjpeg keeps at full size whatever the DCT scale; 0 for a
    /// single-scan JPEG and every other format.
    public var coefficientBytes = 0
    /// The size after orientation: storedSize with width and height swapped
    /// for orientations 5-8. Layout uses this.
    public var size: Size { orientation.swapsAxes ? Size(width: storedSize.height, height: storedSize.width) : storedSize }

    /// The oriented size a decode of this file at `minimumSize` (oriented
    /// pixels) gives, before any pixel is read: for JPEG the smallest DCT
    /// scale in `{1, 2, 4, 8}/8` whose output reaches it (libjpeg's rule:
    /// `ceil(side * k / 8)`), as `ImageDecoder.decode(path:options:)` picks
    /// it; HEIF the same sizes, averaged down after a full decode
    /// (`HEIFDecoding`); other formats decode at full size. Used to plan the work.
    public func decodedSize(minimumSize: Size) -> Size {
        let k = decodeScale(minimumSize: minimumSize)
        let scaled = Size(width: (storedSize.width * k + 7) / 8, height: (storedSize.height * k + 7) / 8)
        return orientation.swapsAxes ? Size(width: scaled.height, height: scaled.width) : scaled
    }

    /// The scale `decodedSize(minimumSize:)` decodes at, as a numerator over
    /// 8 (1, 2, 4 or 8; 8 = full size, and always for formats other than JPEG and HEIF).
    public func decodeScale(minimumSize: Size) -> Int {
        guard format == .jpeg || format == .heif else { return 8 }
        for k in JPEGDecoding.scales {
            let scaled = Size(width: (storedSize.width * k + 7) / 8, height: (storedSize.height * k + 7) / 8)
            let oriented = orientation.swapsAxes ? Size(width: scaled.height, height: scaled.width) : scaled
            if oriented.width >= minimumSize.width && oriented.height >= minimumSize.height { return k }
        }
        return 8
    }
    /// The reason `ImageDecoder` gives for refusing to decode this file at
    /// `minimumSize` (oriented pixels; nil: full size) within a budget of
    /// `maxPixels` decoded pixels, or nil when the decode fits; known from
    /// the header alone, so `check` decides it as `render` does. (JPEG's
    /// coefficient-memory cap for multi-scan files needs the decoder and is
    /// not predicted.)
    public func budgetRefusal(minimumSize: Size?, maxPixels: Int) -> String? {
        var scale: Int?
        var decoded = storedSize
        if format == .jpeg {
            scale = 8
            for k in (minimumSize == nil ? [8] : JPEGDecoding.scales) {
                scale = k
                decoded = Size(width: (storedSize.width * k + 7) / 8, height: (storedSize.height * k + 7) / 8)
                guard let minimum = minimumSize else { break }
                let oriented = orientation.swapsAxes ? Size(width: decoded.height, height: decoded.width) : decoded
                if oriented.width >= minimum.width && oriented.height >= minimum.height { break }
            }
        }
        guard decoded.width * decoded.height > maxPixels else { return nil }
        let reason = JPEGDecoding.tooLargeReason(size: decoded, stored: storedSize, scale: scale, limit: maxPixels)
        switch format {
        case .heif: return reason + " (HEIF cannot be decoded reduced)"
        case .svg: return reason + " (the SVG's intrinsic size)"
        default: return reason
        }
    }

    public init(format: ImageFormat, storedSize: Size, orientation: Orientation) {
        self.format = format; self.storedSize = storedSize; self.orientation = orientation
    }
}
