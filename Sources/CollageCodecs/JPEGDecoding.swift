import CollageNumerics
import CImage
import CImageShim
import CollageRaster

/// libjpeg-turbo decoding through the CImageShim setjmp wrappers.
enum JPEGDecoding {
    /// The DCT scales libjpeg-turbo accelerates with SIMD, as numerators over 8 (README "Rules": Resampler).
    static let scales = [1, 2, 4, 8]

    /// Opens `bytes` and reads the header. The closure gets the open decoder.
    static func withDecoder<T>(_ bytes: [UInt8], path: String, options: DecodeOptions,
                               _ body: (OpaquePointer, collage_jpeg_info) throws(ImageError) -> T) throws(ImageError) -> T {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ImageError) -> T in
            guard let decoder = collage_jpeg_open(buffer.baseAddress, buffer.count,
                                                  options.maxLibraryMemory, options.allowTruncated ? 0 : 1) else {
                throw ImageError(path: path, reason: "out of memory", kind: .tooLarge)
            }
            defer { collage_jpeg_close(decoder) }
            var info = collage_jpeg_info()
            if collage_jpeg_header(decoder, &info) != 0 { throw failure(decoder, path: path) }
            return try body(decoder, info)
        }
    }

    static func header(_ bytes: [UInt8], path: String) throws(ImageError) -> ImageHeader {
        try withDecoder(bytes, path: path, options: DecodeOptions()) { (_, info) throws(ImageError) -> ImageHeader in
            var header = ImageHeader(format: .jpeg, storedSize: Size(width: Int(info.width), height: Int(info.height)),
                                     exif: exifBlock(info.exif, info.exif_length))
            // At most 65535² pixels of 3 components of 2 bytes: well inside an Int.
            header.coefficientBytes = info.coefficient_bytes > 0 && info.coefficient_bytes < 1e15 ? Int(info.coefficient_bytes) : 0
            return header
        }
    }

    static func orientation(_ info: collage_jpeg_info) -> Orientation {
        exifBlock(info.exif, info.exif_length).map(ExifOrientation.read) ?? .up
    }

    /// Decodes at the smallest DCT scale that reaches `options.minimumSize`;
    /// the result is as stored (orientation not applied yet).
    /// The embedded ICC profile, when there is one, is converted to sRGB
    /// (`options.convertICCProfiles`); CMYK without a usable profile is
    /// converted naively (Adobe-inverted when the file has an Adobe marker).
    static func decode(_ bytes: [UInt8], path: String, options: DecodeOptions) throws(ImageError) -> StoredImage {
        try withDecoder(bytes, path: path, options: options) { (decoder, info) throws(ImageError) -> StoredImage in
            let header = ImageHeader(format: .jpeg, storedSize: Size(width: Int(info.width), height: Int(info.height)),
                                     orientation: options.orientation ?? orientation(info))
            let (chosen, size) = try chooseScale(decoder, info: info, header: header, path: path, options: options)
            let pixels = size.width * size.height
            let isCMYK = info.color_space == Int32(JCS_CMYK.rawValue) || info.color_space == Int32(JCS_YCCK.rawValue)
            let useProfile = options.convertICCProfiles && info.icc != nil
            var failed = false
            var buffer = [UInt8](unsafeUninitializedCapacity: pixels * 4) { out, count in
                failed = collage_jpeg_decode(decoder, Int32(chosen), isCMYK && useProfile ? 1 : 0,
                                             out.baseAddress, out.count) != 0
                if failed { out.initialize(repeating: 0) }
                count = pixels * 4
            }
            if failed { throw failure(decoder, path: path) }
            var warnings = ShimWarnings.list(collage_jpeg_warnings(decoder))
            var converted = false
            if useProfile {
                let input: collage_icc_input = isCMYK ? (info.saw_adobe != 0 ? COLLAGE_ICC_CMYK_INVERTED : COLLAGE_ICC_CMYK)
                    : info.color_space == Int32(JCS_GRAYSCALE.rawValue) ? COLLAGE_ICC_GRAY : COLLAGE_ICC_RGB
                switch ICCConversion.apply(profile: info.icc, length: info.icc_length, input: input,
                                           pixels: &buffer, width: size.width, height: size.height, threads: options.threads) {
                case .converted: converted = true
                case .none: break
                case .ignored(let warning): warnings.append(warning)
                }
                if isCMYK && !converted {
                    buffer.withUnsafeMutableBufferPointer { collage_cmyk_to_rgba($0.baseAddress, pixels, info.saw_adobe) }
                }
            }
            return StoredImage(pixmap: Pixmap(width: size.width, height: size.height, pixels: buffer), header: header,
                               dctScale: chosen, warnings: warnings, convertedICCProfile: converted)
        }
    }

    /// The smallest DCT scale whose actual output reaches
    /// `options.minimumSize` (oriented pixels; full size without it) and the
    /// size it decodes to, after checking the library memory cap (multi-scan
    /// coefficients) and the decoded-pixel budget.
    /// - Throws: `.tooLarge` over either limit; the decoder's failure.
    static func chooseScale(_ decoder: OpaquePointer, info: collage_jpeg_info, header: ImageHeader, path: String,
                            options: DecodeOptions) throws(ImageError) -> (scale: Int, size: Size) {
        if info.coefficient_bytes > Double(options.maxLibraryMemory) {
            throw ImageError(path: path, reason: "image too large: this \(info.progressive != 0 ? "progressive" : "multi-scan") "
                + "\(info.width)x\(info.height) JPEG needs \(Int(checked: info.coefficient_bytes) >> 20) MiB of DCT coefficients, "
                + "over the limit of \(options.maxLibraryMemory >> 20) MiB", kind: .tooLarge)
        }
        var chosen = 8
        var size = Size(width: 0, height: 0)
        for scale in (options.minimumSize == nil ? [8] : scales) {
            var w: Int32 = 0, h: Int32 = 0
            if collage_jpeg_scaled_size(decoder, Int32(scale), &w, &h) != 0 { throw failure(decoder, path: path) }
            chosen = scale
            size = Size(width: Int(w), height: Int(h))
            guard let minimum = options.minimumSize else { break }
            let oriented = header.orientation.swapsAxes ? Size(width: size.height, height: size.width) : size
            if oriented.width >= minimum.width && oriented.height >= minimum.height { break }
        }
        if size.width * size.height > options.maxPixels || size.width <= 0 || size.height <= 0 {
            throw ImageError(path: path, reason: tooLargeReason(size: size, stored: header.storedSize, scale: chosen,
                                                               limit: options.maxPixels), kind: .tooLarge)
        }
        return (chosen, size)
    }

    /// "image too large: 20000x14000 (280.0 megapixels), over the limit of
    /// 100 megapixels"; when DCT scaling shrinks the decode, the size it
    /// decodes to and the scale follow the stored size ("20000x14000 decodes
    /// to 10000x7000 (70.0 megapixels) at DCT scale 4/8").
    /// A limit that is not a whole number of megapixels is given in pixels.
    static func tooLargeReason(size: Size, stored: Size, scale: Int?, limit: Int) -> String {
        let tenths = (size.width * size.height + 50_000) / 100_000
        let megapixels = "(\(tenths / 10).\(tenths % 10) megapixels)"
        let decoded = size == stored ? "\(stored) \(megapixels)"
            : "\(stored) decodes to \(size) \(megapixels)" + (scale.map { " at DCT scale \($0)/8" } ?? "")
        let limitText = limit % 1_000_000 == 0 && limit > 0 ? "\(limit / 1_000_000) megapixels" : "\(limit) pixels"
        return "image too large: \(decoded), over the limit of \(limitText)"
    }

    static func failure(_ decoder: OpaquePointer, path: String) -> ImageError {
        let message = String(cString: collage_jpeg_message(decoder))
        switch collage_jpeg_failure(decoder) {
        case COLLAGE_FAIL_TRUNCATED:
            return ImageError(path: path, reason: "truncated JPEG: \(message)", kind: .truncated)
        case COLLAGE_FAIL_UNSUPPORTED:
            return ImageError(path: path, reason: "unsupported JPEG variant: \(message)", kind: .unsupportedVariant)
        case COLLAGE_FAIL_TOO_LARGE, COLLAGE_FAIL_NO_MEMORY:
            return ImageError(path: path, reason: "image too large for the decoder's memory limit: \(message)", kind: .tooLarge)
        default:
            return ImageError(path: path, reason: "invalid JPEG: \(message)", kind: .corrupt)
        }
    }
}

/// What libjpeg's header read gives of a JPEG's stored stream (no pixels
/// decoded): its stored size, components (1, 3 or 4), whether it is
/// progressive or arithmetic-coded, and its ICC profile (the `APP2` chunks
/// reassembled). libjpeg refuses what it cannot decode (a precision other
/// than 8 bits, lossless or hierarchical frames) as an error.
public struct JPEGStream: Sendable {
    public var storedSize: Size
    public var components: Int
    public var progressive: Bool
    public var arithmetic: Bool
    public var profile: [UInt8]?

    /// The header of the JPEG in `bytes`.
    /// - Throws: `ImageError` at `path` when libjpeg cannot read it.
    public init(_ bytes: [UInt8], path: String) throws(ImageError) {
        self = try JPEGDecoding.withDecoder(bytes, path: path, options: DecodeOptions()) { (_, info) -> JPEGStream in
            JPEGStream(storedSize: Size(width: Int(info.width), height: Int(info.height)), components: Int(info.components),
                       progressive: info.progressive != 0, arithmetic: info.arithmetic != 0,
                       profile: info.icc.map { Array(UnsafeBufferPointer(start: $0, count: info.icc_length)) })
        }
    }

    private init(storedSize: Size, components: Int, progressive: Bool, arithmetic: Bool, profile: [UInt8]?) {
        self.storedSize = storedSize; self.components = components
        self.progressive = progressive; self.arithmetic = arithmetic; self.profile = profile
    }
}
