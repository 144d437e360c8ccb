import XCTest
import CollageRaster
@testable import CollageCodecs
import CollageTestSupport

/// ImageEncoder: round trips through the decoder, file structure, determinism.
final class EncoderTests: XCTestCase {
    func testOpaquePNGRoundTripIsExactAndRGB() throws {
        let original = TestPicture.synthetic(width: 97, height: 61)
        let bytes = try ImageEncoder.encode(original, as: .png)
        XCTAssertEqual(bytes[25], 2, "IHDR colour type 2 (RGB) for an opaque image")
        XCTAssertEqual(bytes[24], 8, "bit depth 8")
        let decoded = try ImageDecoder.decode(path: TempFiles.write(bytes, name: "opaque.png", for: self))
        XCTAssertEqual(decoded, original)
    }

    func testTranslucentPNGRoundTripIsExactAndRGBA() throws {
        let original = TestPicture.synthetic(width: 40, height: 33) { x, y in UInt8((x * 7 + y * 3) % 256) }
        let bytes = try ImageEncoder.encode(original, as: .png)
        XCTAssertEqual(bytes[25], 6, "IHDR colour type 6 (RGBA) when a pixel is not opaque")
        let decoded = try ImageDecoder.decode(path: TempFiles.write(bytes, name: "alpha.png", for: self))
        XCTAssertEqual(decoded, original)
    }

    func testPNGChunksAreSRGBWithoutTimeOrText() throws {
        let bytes = try ImageEncoder.encode(TestPicture.synthetic(width: 8, height: 8), as: .png)
        XCTAssertEqual(PNGChunks.types(bytes), ["IHDR", "sRGB", "IDAT", "IEND"])
        let withDPI = try ImageEncoder.encode(TestPicture.synthetic(width: 8, height: 8), as: .png,
                                              options: EncodeOptions(dpi: 300))
        XCTAssertEqual(PNGChunks.types(withDPI), ["IHDR", "sRGB", "pHYs", "IDAT", "IEND"])
    }

    func testJPEGRoundTripStaysWithinErrorBound() throws {
        let original = TestPicture.synthetic(width: 160, height: 120)
        let bytes = try ImageEncoder.encode(original, as: .jpeg, options: EncodeOptions(quality: 90))
        let decoded = try ImageDecoder.decode(path: TempFiles.write(bytes, name: "q90.jpg", for: self))
        XCTAssertEqual(decoded.size, original.size)
        XCTAssertTrue(decoded.isOpaque)
        let mean = PixelMetrics.meanAbsoluteDifference(decoded, original)
        XCTAssertLessThan(mean, 4, "mean abs error \(mean)")
        XCTAssertGreaterThan(mean, 0, "JPEG is lossy: an exact match means the test image did not go through JPEG")
    }

    func testJPEGIsBaselineJFIF420WithoutExif() throws {
        let bytes = try ImageEncoder.encode(TestPicture.synthetic(width: 32, height: 32), as: .jpeg)
        XCTAssertEqual(Array(bytes[0 ..< 4]), [0xFF, 0xD8, 0xFF, 0xE0], "SOI then APP0")
        XCTAssertEqual(String(decoding: bytes[6 ..< 10], as: UTF8.self), "JFIF")
        let markers = jpegMarkers(bytes)
        XCTAssertTrue(markers.contains(0xC0), "SOF0 (baseline)")
        XCTAssertFalse(markers.contains(0xE1), "no APP1 (EXIF)")
        XCTAssertEqual(lumaSampling(bytes), 0x22, "4:2:0")
        let full = try ImageEncoder.encode(TestPicture.synthetic(width: 32, height: 32), as: .jpeg,
                                           options: EncodeOptions(settings: ["subsampling": "444"]))
        XCTAssertEqual(lumaSampling(full), 0x11, "4:4:4")
        let progressive = try ImageEncoder.encode(TestPicture.synthetic(width: 32, height: 32), as: .jpeg,
                                                  options: EncodeOptions(settings: ["progressive": "true"]))
        XCTAssertTrue(jpegMarkers(progressive).contains(0xC2), "SOF2 (progressive)")
    }

    func testEncodingTwiceGivesIdenticalBytes() throws {
        let image = TestPicture.synthetic(width: 123, height: 77) { x, _ in x < 10 ? 128 : 255 }
        for format in [OutputFormat.png, .jpeg] {
            let first = try ImageEncoder.encode(image, as: format)
            let second = try ImageEncoder.encode(image, as: format)
            XCTAssertEqual(first, second, format.rawValue)
        }
    }

    func testJPEGFlattensTransparencyOntoTheBackgroundInTheCompositingSpace() throws {
        var image = Pixmap(width: 16, height: 16, color: .transparent)
        for y in 0 ..< 16 { for x in 8 ..< 16 { image[x, y] = Color(red: 0, green: 0, blue: 0, alpha: 128) } }
        // Black at alpha 128 over white: on sRGB-encoded values (css, the
        // default) 255 x 127/255 = 127; in linear light 127/255 linear is sRGB 187.
        for (linear, expected) in [(false, 127), (true, 187)] {
            var options = EncodeOptions(quality: 100, flattenBackground: Color(red: 255, green: 255, blue: 255),
                                        settings: ["subsampling": "444"])
            options.flattenInLinearLight = linear
            let bytes = try ImageEncoder.encode(image, as: .jpeg, options: options)
            let decoded = try ImageDecoder.decode(path: TempFiles.write(bytes, name: "flat.jpg", for: self))
            // Transparent -> background white.
            XCTAssertEqual(Int(decoded[2, 8].red), 255, accuracy: 2)
            for channel in [decoded[12, 8].red, decoded[12, 8].green, decoded[12, 8].blue] {
                XCTAssertEqual(Int(channel), expected, accuracy: 2, "linear: \(linear)")
            }
        }
    }

    func testEmptyPixmapIsAnEncodeError() {
        XCTAssertThrowsError(try ImageEncoder.encode(Pixmap(width: 0, height: 5), as: .png)) { error in
            XCTAssertEqual((error as? ImageError)?.kind, .encodeFailed)
        }
    }

    /// Marker codes (the byte after 0xFF) of the segments before the scan data.
    private func jpegMarkers(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            out.append(marker)
            if marker == 0xDA { break }
            i += 2 + (Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]))
        }
        return out
    }

    /// The first component's sampling factors byte from the SOF segment.
    private func lumaSampling(_ bytes: [UInt8]) -> UInt8? {
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            if marker == 0xC0 || marker == 0xC2 { return bytes[i + 11] }
            i += 2 + (Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]))
        }
        return nil
    }
}
