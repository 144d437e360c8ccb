import CImage
import CImageShim
import CollageRaster

/// libpng decoding through the CImageShim setjmp wrappers.
enum PNGDecoding {
    static func withDecoder<T>(_ bytes: [UInt8], path: String,
                               _ body: (OpaquePointer, collage_png_info) throws(ImageError) -> T) throws(ImageError) -> T {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ImageError) -> T in
            guard let decoder = collage_png_open(buffer.baseAddress, buffer.count) else {
                throw ImageError(path: path, reason: "out of memory", kind: .tooLarge)
            }
            defer { collage_png_close(decoder) }
            var info = collage_png_info()
            if collage_png_header(decoder, &info) != 0 { throw failure(decoder, path: path) }
            return try body(decoder, info)
        }
    }

    static func orientation(_ info: collage_png_info) -> Orientation {
        exifBlock(info.exif, info.exif_length).map(ExifOrientation.read) ?? .up
    }

    static func header(_ bytes: [UInt8], path: String) throws(ImageError) -> ImageHeader {
        try withDecoder(bytes, path: path) { (_, info) throws(ImageError) -> ImageHeader in
            return ImageHeader(format: .png, storedSize: Size(width: Int(info.width), height: Int(info.height)),
                               exif: exifBlock(info.exif, info.exif_length))
        }
    }

    /// Decodes at full size (as stored; orientation not applied yet).
    /// An iCCP profile, when there is one, is converted to sRGB
    /// (`options.convertICCProfiles`); gAMA/cHRM are ignored (README "Rules": Colour).
    static func decode(_ bytes: [UInt8], path: String, options: DecodeOptions) throws(ImageError) -> StoredImage {
        try withDecoder(bytes, path: path) { (decoder, info) throws(ImageError) -> StoredImage in
            let size = Size(width: Int(info.width), height: Int(info.height))
            let header = ImageHeader(format: .png, storedSize: size, orientation: options.orientation ?? orientation(info))
            let pixels = size.width * size.height
            if pixels > options.maxPixels {
                throw ImageError(path: path, reason: JPEGDecoding.tooLargeReason(size: size, stored: size, scale: nil, limit: options.maxPixels), kind: .tooLarge)
            }
            var failed = false
            var buffer = [UInt8](unsafeUninitializedCapacity: pixels * 4) { out, count in
                failed = collage_png_decode(decoder, out.baseAddress, out.count) != 0
                if failed { out.initialize(repeating: 0) }
                count = pixels * 4
            }
            if failed { throw failure(decoder, path: path) }
            var warnings = ShimWarnings.list(collage_png_warnings(decoder))
            var converted = false
            if options.convertICCProfiles {
                // Colour types 0 and 4 are gray (PNG spec 11.2.2).
                let input = info.color_type == 0 || info.color_type == 4 ? COLLAGE_ICC_GRAY : COLLAGE_ICC_RGB
                switch ICCConversion.apply(profile: info.icc, length: info.icc_length, input: input,
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

    static func failure(_ decoder: OpaquePointer, path: String) -> ImageError {
        let message = String(cString: collage_png_message(decoder))
        switch collage_png_failure(decoder) {
        case COLLAGE_FAIL_TRUNCATED:
            return ImageError(path: path, reason: "truncated PNG: \(message)", kind: .truncated)
        case COLLAGE_FAIL_NO_MEMORY, COLLAGE_FAIL_TOO_LARGE:
            return ImageError(path: path, reason: "PNG too large: \(message)", kind: .tooLarge)
        default:
            return ImageError(path: path, reason: "invalid PNG: \(message)", kind: .corrupt)
        }
    }
}
