import CollageCodecs
import CollageRaster

/// The asserted outcome of every corpus file, following MANIFEST.md's
/// "Expected behaviour" column and the README's rules (truncation is an
/// error unless --lenient; 12-bit/lossless/DNL JPEG is 'unsupported JPEG
/// variant'; bombs are rejected from the header).
enum ExpectedOutcomes {
    /// Files that must fail, with the error kind. Every other file decodes.
    static let failures: [String: ImageError.Kind] = [
        // JPEG variants the 8-bit libjpeg-turbo 2.1 API cannot decode.
        "libjpeg-turbo/monkey12.jpg": .unsupportedVariant,
        "sharp/testimgl.jpg": .unsupportedVariant,
        "metadata-extractor-images/beach.jpg": .unsupportedVariant,
        // Premature end of data: an error unless --lenient.
        "pillow/truncated_jpeg.jpg": .truncated,
        "sharp/corrupt-header.jpg": .truncated,
        "libvips/truncated.jpg": .truncated,
        "metadata-extractor-images/its_194531363df5b73f59c4c0517422f917.jpg": .truncated,   // the 1:163 file
        // Damaged data.
        "pillow/broken_data_stream.png": .corrupt,
        "pillow-heif/corrupted.heic": .corrupt,
        "pillow-heif/truncated.heic": .corrupt,
        "metadata-extractor-images/its_b4103df93880fc5677c2a081e4bfc712.jpg": .corrupt,
        "metadata-extractor-images/its_d085a42245996e5750a30ccb48791bcf.jpg": .corrupt,
        "metadata-extractor-images/its_4aae896ba900c48c63cffc0cc9f8c4dc.png": .corrupt,
        "metadata-extractor-images/its_c-817f96555e2d683e7b12f778c4e38022.png": .corrupt,
        "metadata-extractor-images/its_c-m1-6bfb149151f58d124d6fa76eaad75520.png": .corrupt,
        "pngsuite/xc1n0g08.png": .corrupt, "pngsuite/xc9n2c08.png": .corrupt, "pngsuite/xcrn0g04.png": .corrupt,
        "pngsuite/xcsn0g01.png": .corrupt, "pngsuite/xd0n2c08.png": .corrupt, "pngsuite/xd3n2c08.png": .corrupt,
        "pngsuite/xd9n2c08.png": .corrupt, "pngsuite/xdtn0g01.png": .corrupt, "pngsuite/xhdn0g08.png": .corrupt,
        "pngsuite/xlfn0g04.png": .corrupt, "pngsuite/xs1n0g01.png": .corrupt, "pngsuite/xs7n0g01.png": .corrupt,
        // Not an image by its bytes (sniffed, never guessed from the name).
        "pillow-heif/empty.heic": .unsupportedFormat,
        "metadata-extractor-images/its_f012a4321f00f12af6b1eee7580ffb9c.jpg": .unsupportedFormat,
        "pngsuite/xs2n0g01.png": .unsupportedFormat,
        "pngsuite/xs4n0g01.png": .unsupportedFormat,
        // Header bombs: rejected before any pixel allocation.
        "thumbor/16384x16384.png": .tooLarge,
        "metadata-extractor-images/its_6903d4538fd33c8fd0ded32cb30d618e.jpg": .tooLarge,
    ]

    /// Files that decode but whose library warnings must be reported.
    static let warns: Set<String> = [
        "pillow/icc-after-SOF.jpg", "pillow/icc_profile.png", "sharp/prophoto.png",
        "metadata-extractor-images/invalid-iCCP-missing-adler32-checksum.png",
        "pillow/junk_jpeg_header.jpg", "pillow/jpeg_ff00_header.jpg", "pillow/truncated_app14.jpg",
        "metadata-extractor-images/its_94e1bdbb03c42581d8407602634636ea.png",
    ]

    /// 280 megapixels: over the budget at full size, within it at DCT scale 1/8.
    static let shrinkOnLoadOnly = "sharp/giant-image.jpg"

    /// The upright size MANIFEST's "Pixels" column implies: the stored size,
    /// axes swapped for EXIF orientations 5-8 (never for HEIF, whose size
    /// libheif reports upright already).
    static func uprightSize(_ row: Manifest.Row) -> Size? {
        let token = row.pixels.split(separator: " ").first.map(String.init) ?? ""
        let parts = token.split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        let isHEIF = row.path.hasSuffix(".heic") || row.path.hasSuffix(".heif")
        if !isHEIF, let range = row.format.range(of: "EXIF orientation=") {
            let value = row.format[range.upperBound...].prefix(while: { $0.isNumber })
            if let n = Int(value), (5...8).contains(n) { return Size(width: h, height: w) }
        }
        return Size(width: w, height: h)
    }
}
