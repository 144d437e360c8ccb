import CImageShim
import CollageNumerics
import CollageRaster

/// A parsed SVG or SVGZ document (librsvg, opened on demand: `SVGDecoding`),
/// drawn through cairo at whatever device transform a draw asks for
/// (`VectorPicture`). Loaded from memory with no base URI, so no external
/// reference (`<image href="photo.jpg">`, `<use href="other.svg#a">`, CSS
/// `@import`) is read; only what the file itself holds is drawn. SVG
/// `<text>` is set by librsvg (Pango) with fontconfig's current
/// configuration, the one `FONTCONFIG_FILE` names, as collage's own text.
///
/// One thread at a time may draw a document (librsvg handles are not
/// shared between threads); the renderer draws all of an image's draws on
/// the worker that took it.
public final class SVGDocument: VectorPicture, @unchecked Sendable {
    private let handle: OpaquePointer
    /// The file's name in errors.
    public let path: String
    /// The intrinsic size in px (CSS pixels, 96 to the inch): the root
    /// `width` and `height` in absolute units, else the `viewBox`'s size.
    public let intrinsicWidth: Double, intrinsicHeight: Double
    /// When set, every draw runs in a `HelperProcess` killed at its
    /// deadline, from `bytes` (kept for it).
    private let isolation: DecodeIsolation?
    private let bytes: [UInt8]

    /// The intrinsic size rounded to whole pixels (half away from zero, at
    /// least 1; clamped at 2^31): the image's size for layout, crop windows
    /// and the pixel budget.
    public var size: Size {
        func side(_ v: Double) -> Int { Swift.max(1, Int(checked: v, .toNearestOrAwayFromZero)) }
        return Size(width: side(intrinsicWidth), height: side(intrinsicHeight))
    }

    /// Parses `bytes` (the whole file; SVGZ is inflated by librsvg).
    /// - Throws: `ImageError` naming `path`: `.unsupportedVariant` when
    ///   librsvg is not installed (the message names librsvg2-2), `.corrupt`
    ///   with librsvg's reason (malformed XML, a truncated SVGZ), no
    ///   intrinsic size, or a zero size; `.tooComplex` when the pre-scan
    ///   (`SVGPrescan`, run first) refuses it.
    /// - Parameter isolation: draw in a helper process killed at its deadline.
    public init(bytes: [UInt8], path: String, isolation: DecodeIsolation? = nil) throws(ImageError) {
        if let why = collage_svg_unavailable() {
            throw ImageError(path: path, reason: "SVG support is unavailable: \(String(cString: why)) "
                             + "(install librsvg2-2: apt-get install librsvg2-2)", kind: .unsupportedVariant)
        }
        try SVGPrescan.check(bytes, path: path)
        var width = 0.0, height = 0.0
        var message = [CChar](repeating: 0, count: Int(COLLAGE_MESSAGE_MAX))
        let loaded = bytes.withUnsafeBufferPointer { buffer in
            collage_svg_load(buffer.baseAddress, buffer.count, &width, &height, &message)
        }
        guard let loaded else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ImageError(path: path, reason: "invalid SVG: \(reason)", kind: .corrupt)
        }
        handle = loaded
        self.path = path
        self.isolation = isolation
        self.bytes = isolation == nil ? [] : bytes
        intrinsicWidth = width
        intrinsicHeight = height
    }

    deinit { collage_svg_free(handle) }

    /// The budget refusal for this document's size (`ImageHeader.budgetRefusal`), or nil.
    func budgetRefusal(maxPixels: Int) -> String? {
        let size = self.size
        guard size.width > maxPixels / size.height else { return nil }
        return JPEGDecoding.tooLargeReason(size: size, stored: size, scale: nil, limit: maxPixels)
            + " (the SVG's intrinsic size)"
    }

    /// Draws through cairo into `pixels` (cairo ARGB32); see `VectorPicture`.
    /// - Throws: `ImageError` (`.corrupt`) with cairo's or librsvg's reason.
    public func draw(viewport: Size, transform: Affine, width: Int, height: Int,
                     into pixels: UnsafeMutableBufferPointer<UInt32>) throws {
        guard width > 0, height > 0, pixels.count >= width * height else { return }
        guard width <= 32767, height <= 32767 else {
            throw ImageError(path: path, reason: "cannot draw the SVG over \(width)x\(height) pixels: cairo's limit is 32767",
                             kind: .tooLarge)
        }
        let matrix = [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty]
        if let isolation {
            var request = collage_helper_request()
            request.operation = UInt32(COLLAGE_HELPER_SVG_RENDER)
            request.width = Int32(width); request.height = Int32(height)
            request.matrix = (matrix[0], matrix[1], matrix[2], matrix[3], matrix[4], matrix[5])
            request.viewport_width = Double(viewport.width); request.viewport_height = Double(viewport.height)
            let result = UnsafeMutableRawBufferPointer(start: pixels.baseAddress, count: width * height * 4)
            try bytes.withUnsafeBufferPointer { (data) throws(ImageError) in
                try HelperProcess.run(request, data: data, result: result, isolation: isolation, path: path)
            }
            return
        }
        var message = [CChar](repeating: 0, count: Int(COLLAGE_MESSAGE_MAX))
        let status = pixels.withMemoryRebound(to: UInt8.self) { bytes in
            collage_svg_render(handle, bytes.baseAddress, Int32(width), Int32(height), matrix,
                               Double(viewport.width), Double(viewport.height), &message)
        }
        if status != 0 {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ImageError(path: path, reason: "cannot draw the SVG: \(reason)", kind: .corrupt)
        }
    }
}
