import CollageText
import CollageCodecs
import CollageLayout
import CollageSpec

/// The version of collage and of the C libraries it is linked with.
public enum CollageVersion {
    /// collage's version, `0.x.y` until the document format settles. The
    /// one source is the repository's `VERSION` file: `scripts/package-deb`
    /// and the release tag read it, and a test keeps this constant equal to it.
    public static let current = "0.2.0"

    /// Name and version of every linked library collage reports: the image
    /// codecs (`CodecLibraryVersions`; this loads libheif when it is not
    /// loaded yet, so call it for `--version`, not at every start) and the
    /// text libraries (`TextLibraryVersions`), then libqrencode (the
    /// `qrcode` overlay kind).
    public static func libraries() -> [(name: String, version: String)] {
        CodecLibraryVersions.all() + TextLibraryVersions.all() + [("libqrencode", QRCodeSymbol.libraryVersion)]
    }
}
