import CImage
import CImageShim

/// The versions of the image libraries collage decodes and encodes with,
/// for `collage --version`.
public enum CodecLibraryVersions {
    /// Name and version of libjpeg-turbo (the version compiled against:
    /// it has no run-time query), libpng and libwebp (run time), then
    /// libheif and librsvg, which this loads (dlopen) when they are not
    /// loaded yet; "unavailable (reason)" when they cannot be.
    public static func all() -> [(name: String, version: String)] {
        let jpeg = collage_jpeg_turbo_version().map { String(cString: $0) } ?? "unknown"
        let png = png_get_libpng_ver(nil).map { String(cString: $0) } ?? "unknown"
        let webp = WebPGetDecoderVersion()
        let heif: String
        if let version = collage_heif_version() {
            heif = String(cString: version)
        } else {
            heif = "unavailable (" + (collage_heif_unavailable().map { String(cString: $0) } ?? "unknown") + ")"
        }
        let rsvg: String
        if let version = collage_svg_version() {
            rsvg = String(cString: version)
        } else {
            rsvg = "unavailable (" + (collage_svg_unavailable().map { String(cString: $0) } ?? "unknown") + ")"
        }
        return [("libjpeg-turbo", jpeg), ("libpng", png),
                ("libwebp", "\(webp >> 16).\((webp >> 8) & 0xFF).\(webp & 0xFF)"), ("libheif", heif), ("librsvg", rsvg)]
    }
}
