import CImageShim
import CollageRaster

/// WebP decoding with libwebp (lossy, lossless, alpha) and libwebpdemux
/// (the ICCP and EXIF chunks), through the CImageShim wrappers. The EXIF
/// Orientation is applied like JPEG's; an ICCP profile is converted to sRGB.
/// Animated WebP is refused (a collage takes still images). WebP cannot be
/// decoded reduced: the pixel budget applies to the full size.
enum WebPDecoding {
    static func info(_ buffer: UnsafeBufferPointer<UInt8>, path: String) throws(ImageError) -> collage_webp_info {
        var info = collage_webp_info()
        var message = [CChar](repeating: 0, count: Int(COLLAGE_MESSAGE_MAX))
        if collage_webp_header(buffer.baseAddress, buffer.count, &info, &message) != 0 {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if info.failure == COLLAGE_FAIL_TRUNCATED {
                throw ImageError(path: path, reason: "truncated WebP: \(text)", kind: .truncated)
            }
            throw ImageError(path: path, reason: "invalid WebP: \(text)", kind: .corrupt)
        }
        if info.animated != 0 {
            throw ImageError(path: path, reason: "animated WebP is not supported: use a still image", kind: .unsupportedVariant)
        }
        return info
    }

    static func orientation(_ info: collage_webp_info) -> Orientation {
        exifBlock(info.exif, info.exif_length).map(ExifOrientation.read) ?? .up
    }

    static func header(_ bytes: [UInt8], path: String) throws(ImageError) -> ImageHeader {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ImageError) -> ImageHeader in
            let info = try info(buffer, path: path)
            return ImageHeader(format: .webp, storedSize: Size(width: Int(info.width), height: Int(info.height)),
                               exif: exifBlock(info.exif, info.exif_length))
        }
    }

    /// Decodes at full size (orientation not applied yet), ICCP converted to sRGB.
    static func decode(_ bytes: [UInt8], path: String, options: DecodeOptions) throws(ImageError) -> StoredImage {
        try bytes.withUnsafeBufferPointer { (input) throws(ImageError) -> StoredImage in
            let info = try info(input, path: path)
            let size = Size(width: Int(info.width), height: Int(info.height))
            let header = ImageHeader(format: .webp, storedSize: size, orientation: options.orientation ?? orientation(info))
            let pixels = size.width * size.height
            if pixels > options.maxPixels {
                throw ImageError(path: path, reason: JPEGDecoding.tooLargeReason(size: size, stored: size, scale: nil,
                                                                                 limit: options.maxPixels), kind: .tooLarge)
            }
            var message = [CChar](repeating: 0, count: Int(COLLAGE_MESSAGE_MAX))
            var failure = COLLAGE_FAIL_NONE
            var failed = false
            var buffer = [UInt8](unsafeUninitializedCapacity: pixels * 4) { out, count in
                failed = collage_webp_decode(input.baseAddress, input.count, out.baseAddress, out.count,
                                             Int32(size.width), &message, &failure) != 0
                if failed { out.initialize(repeating: 0) }
                count = pixels * 4
            }
            if failed {
                let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                switch failure {
                case COLLAGE_FAIL_TRUNCATED: throw ImageError(path: path, reason: "truncated WebP: \(text)", kind: .truncated)
                case COLLAGE_FAIL_NO_MEMORY: throw ImageError(path: path, reason: "WebP too large: \(text)", kind: .tooLarge)
                default: throw ImageError(path: path, reason: "invalid WebP: \(text)", kind: .corrupt)
                }
            }
            var warnings: [String] = []
            var converted = false
            if options.convertICCProfiles {
                switch ICCConversion.apply(profile: info.icc, length: info.icc_length, input: COLLAGE_ICC_RGB,
                                           pixels: &buffer, width: size.width, height: size.height, threads: options.threads) {
                case .converted: converted = true
                case .none: break
                case .ignored(let warning): warnings.append(warning)
                }
            }
            return StoredImage(pixmap: Pixmap(width: size.width, height: size.height, pixels: buffer), header: header,
                               dctScale: 8, warnings: warnings, convertedICCProfile: converted)
        }
    }
}
