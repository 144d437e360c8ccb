import CImageShim
import CollageRaster

/// HEIF, HEIC and AVIF decoding with libheif, through the CImageShim wrappers.
///
/// Only the primary image is decoded (never a thumbnail, depth map or other
/// auxiliary image). libheif applies the file's own `irot`/`imir`/`clap`
/// transformations, so the header's orientation is always `.up` and the EXIF
/// Orientation such files also carry is ignored (README "Rules": Orientation;
/// MANIFEST: `pillow-heif/arrow.heic`). Samples of 10 or 12 bits are reduced
/// to 8 by libheif. HEIF cannot be decoded reduced, so the pixel budget is
/// checked against the full size; with `DecodeOptions.minimumSize` the
/// decode is then averaged down by 2, 4 or 8 to the size JPEG's DCT scaling
/// would give (`ImageHeader.decodedSize`, `collage_rgba_box_reduce`) before
/// its colour is converted.
enum HEIFDecoding {
    static func withDecoder<T>(_ bytes: [UInt8], path: String,
                               _ body: (OpaquePointer, collage_heif_info) throws(ImageError) -> T) throws(ImageError) -> T {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ImageError) -> T in
            let (decoder, info) = try open(UnsafeRawBufferPointer(buffer), path: path)
            defer { collage_heif_close(decoder) }
            return try body(decoder, info)
        }
    }

    /// A decoder of `bytes` (which must outlive it; the caller closes it)
    /// with its primary image's header read.
    /// - Throws: `.unsupportedVariant` without libheif, `.corrupt` for a
    ///   file libheif cannot read or a primary image with no size.
    static func open(_ bytes: UnsafeRawBufferPointer, path: String) throws(ImageError) -> (OpaquePointer, collage_heif_info) {
        if let why = collage_heif_unavailable() {
            throw ImageError(path: path, reason: "HEIF/AVIF support is unavailable: \(String(cString: why)) "
                             + "(install libheif1: apt-get install libheif1)", kind: .unsupportedVariant)
        }
        guard let decoder = collage_heif_open() else { throw ImageError(path: path, reason: "out of memory", kind: .tooLarge) }
        var info = collage_heif_info()
        if collage_heif_header(decoder, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, &info) != 0 {
            let reason = "invalid HEIF: \(String(cString: collage_heif_message(decoder)))"
            collage_heif_close(decoder)
            throw ImageError(path: path, reason: reason, kind: .corrupt)
        }
        guard info.width > 0, info.height > 0 else {
            collage_heif_close(decoder)
            throw ImageError(path: path, reason: "invalid HEIF: the primary image has no size", kind: .corrupt)
        }
        return (decoder, info)
    }

    /// Refuses an image of `size` over `options.maxPixels`: libheif decodes it whole, whatever is asked.
    static func checkBudget(_ size: Size, path: String, options: DecodeOptions) throws(ImageError) {
        guard size.width * size.height > options.maxPixels else { return }
        throw ImageError(path: path, reason: JPEGDecoding.tooLargeReason(size: size, stored: size, scale: nil,
                                                                         limit: options.maxPixels)
                         + " (HEIF cannot be decoded reduced)", kind: .tooLarge)
    }

    static func header(_ bytes: [UInt8], path: String) throws(ImageError) -> ImageHeader {
        try withDecoder(bytes, path: path) { (_, info) throws(ImageError) -> ImageHeader in
            ImageHeader(format: .heif, storedSize: Size(width: Int(info.width), height: Int(info.height)), orientation: .up)
        }
    }

    /// Decodes the primary image at full size, upright, converted to sRGB
    /// (ICC profile when present, else the nclx colour description).
    static func decode(_ bytes: [UInt8], path: String, options: DecodeOptions) throws(ImageError) -> StoredImage {
        try withDecoder(bytes, path: path) { (decoder, info) throws(ImageError) -> StoredImage in
            let size = Size(width: Int(info.width), height: Int(info.height))
            let header = ImageHeader(format: .heif, storedSize: size, orientation: options.orientation ?? .up)
            try checkBudget(size, path: path, options: options)
            // JPEG's rule picks the scale k/8: a reduction by 8/k (ceil(side * k / 8) = ceil(side / (8/k))).
            let reduction = 8 / header.decodeScale(minimumSize: options.minimumSize ?? header.size)
            let scaled = Size(width: (size.width + reduction - 1) / reduction, height: (size.height + reduction - 1) / reduction)
            let count = scaled.width * scaled.height * 4
            var failed = false, isolated: ImageError?
            var buffer = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
                initialized = count
                if let isolation = options.isolation {
                    // In a helper killed at the deadline (libheif cannot be interrupted).
                    var request = collage_helper_request()
                    request.operation = UInt32(COLLAGE_HELPER_HEIF_DECODE)
                    request.reduction = Int32(reduction)
                    do throws(ImageError) {
                        try bytes.withUnsafeBufferPointer { (data) throws(ImageError) in
                            try HelperProcess.run(request, data: data, result: UnsafeMutableRawBufferPointer(out),
                                                  isolation: isolation, path: path)
                        }
                    } catch { isolated = error; out.initialize(repeating: 0) }
                    return
                }
                failed = collage_heif_decode(decoder, Int32(reduction), out.baseAddress, out.count) != 0
                if failed { out.initialize(repeating: 0) }
            }
            if let isolated { throw isolated }
            if failed {
                throw ImageError(path: path, reason: "invalid HEIF: \(String(cString: collage_heif_message(decoder)))",
                                 kind: .corrupt)
            }
            var warnings: [String] = []
            var converted = false
            if options.convertICCProfiles {
                if info.icc != nil {
                    var outcome = ICCConversion.apply(profile: info.icc, length: info.icc_length, input: COLLAGE_ICC_RGB,
                                                      pixels: &buffer, width: scaled.width, height: scaled.height, threads: options.threads)
                    if case .ignored = outcome {
                        // A gray image (libheif expands it to RGB) may carry a gray profile.
                        let gray = ICCConversion.apply(profile: info.icc, length: info.icc_length, input: COLLAGE_ICC_GRAY,
                                                       pixels: &buffer, width: scaled.width, height: scaled.height, threads: options.threads)
                        if gray == .converted { outcome = gray }
                    }
                    switch outcome {
                    case .converted: converted = true
                    case .none: break
                    case .ignored(let warning): warnings.append(warning)
                    }
                } else if info.has_nclx != 0 {
                    switch NCLXConversion.apply(primaries: Int(info.nclx_primaries), transfer: Int(info.nclx_transfer),
                                                pixels: &buffer, width: scaled.width, height: scaled.height) {
                    case .converted: converted = true
                    case .none: break
                    case .ignored(let warning): warnings.append(warning)
                    }
                }
            }
            return StoredImage(pixmap: Pixmap(width: scaled.width, height: scaled.height, pixels: buffer), header: header,
                               dctScale: 8 / reduction, warnings: warnings, convertedICCProfile: converted)
        }
    }
}
