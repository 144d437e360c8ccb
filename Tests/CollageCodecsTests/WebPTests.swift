import XCTest
import CollageRaster
@testable import CollageCodecs
import CollageTestSupport

/// WebP: decode (lossy, lossless, alpha, ICCP, EXIF) and encode (round trips, determinism).
final class WebPTests: XCTestCase {
    private func decode(_ relative: String) throws -> DecodeResult {
        try ImageDecoder.decode(path: TestPackage.corpusFile(relative), options: DecodeOptions())
    }

    func testCorpusWebPsDecodeWithTheirAlpha() throws {
        let lossy = try decode("pillow/hopper.webp")
        XCTAssertEqual(lossy.header.format, .webp)
        XCTAssertEqual(lossy.pixmap.size, Size(width: 128, height: 128))
        XCTAssertTrue(lossy.pixmap.isOpaque)
        let flower = try decode("pillow/flower2.webp")
        XCTAssertEqual(flower.pixmap.size, Size(width: 300, height: 225))
        XCTAssertFalse(flower.convertedICCProfile, "its ICCP chunk is sRGB: left alone")
        for file in ["pillow/transparent.webp", "metadata-extractor-images/Alpha_Lossless_2.webp"] {
            let image = try decode(file).pixmap
            let alphas = stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] }
            XCTAssertEqual(image[0, 0].alpha, 0, "\(file): transparent corner")
            XCTAssertGreaterThan(alphas.filter { $0 == 0 }.count, image.width * image.height / 10, file)
            XCTAssertGreaterThan(alphas.filter { $0 == 255 }.count, image.width * image.height / 10, file)
        }
        XCTAssertEqual(try decode("metadata-extractor-images/Alpha_Lossless_2.webp").pixmap.size, Size(width: 386, height: 395))
    }

    func testLosslessRoundTripIsExactIncludingColoursUnderTransparentPixels() throws {
        let original = TestPicture.synthetic(width: 67, height: 45) { x, y in UInt8((x * 11 + y * 5) % 256) }
        let bytes = try ImageEncoder.encode(original, as: .webp, options: EncodeOptions(settings: ["lossless": "true"]))
        XCTAssertEqual(String(decoding: bytes[12 ..< 16], as: UTF8.self), "VP8L")
        let decoded = try ImageDecoder.decode(path: TempFiles.write(bytes, name: "lossless.webp", for: self))
        XCTAssertEqual(decoded, original)
    }

    func testLossyRoundTripStaysWithinErrorBoundAndHonoursQuality() throws {
        let original = TestPicture.synthetic(width: 160, height: 120)
        let q90 = try ImageEncoder.encode(original, as: .webp, options: EncodeOptions(quality: 90))
        let q20 = try ImageEncoder.encode(original, as: .webp, options: EncodeOptions(quality: 20))
        XCTAssertEqual(String(decoding: q90[12 ..< 16], as: UTF8.self), "VP8 ", "opaque lossy: simple VP8, no ALPH")
        XCTAssertLessThan(q20.count, q90.count)
        let decoded = try ImageDecoder.decode(path: TempFiles.write(q90, name: "q90.webp", for: self))
        let mean = PixelMetrics.meanAbsoluteDifference(decoded, original)
        XCTAssertLessThan(mean, 4, "mean abs error \(mean)")
        XCTAssertGreaterThan(mean, 0)
        XCTAssertTrue(decoded.isOpaque)
    }

    func testEncodingIsDeterministic() throws {
        let image = TestPicture.synthetic(width: 90, height: 70) { x, _ in x < 10 ? 0 : 255 }
        for options in [EncodeOptions(quality: 80), EncodeOptions(settings: ["lossless": "true"])] {
            let first = try ImageEncoder.encode(image, as: .webp, options: options)
            for _ in 0 ..< 3 { XCTAssertEqual(try ImageEncoder.encode(image, as: .webp, options: options), first) }
        }
    }

    func testTooLargeForWebPIsAnEncodeError() {
        XCTAssertThrowsError(try ImageEncoder.encode(Pixmap(width: 16_384, height: 1), as: .webp)) { error in
            XCTAssertEqual((error as! ImageError).kind, .encodeFailed)
        }
    }

    func testExifOrientationInWebPIsApplied() throws {
        let stored = TestPicture.synthetic(width: 30, height: 20)
        let bitstream = try ImageEncoder.encode(stored, as: .webp, options: EncodeOptions(settings: ["lossless": "true"]))
        let file = WebPContainer.extended(bitstream: bitstream, width: 30, height: 20,
                                          exif: PNGChunks.exifOrientation(6))
        let path = try TempFiles.write(file, name: "orientation6.webp", for: self)
        XCTAssertEqual(try ImageDecoder.header(path: path).orientation, .right)
        XCTAssertEqual(try ImageDecoder.decode(path: path), Orientation.right.applied(to: stored))
    }

    func testICCPProfileIsConvertedToSRGB() throws {
        // Display P3 (241, 0, 0) is sRGB (255, 0, 0), as sharp/p3.png shows.
        let profile = try JPEGICC.profile(of: TestPackage.corpusFile("nuke/image-p3.jpg"))
        var red = Pixmap(width: 8, height: 8)
        for y in 0 ..< 8 { for x in 0 ..< 8 { red[x, y] = Color(red: 241, green: 0, blue: 0, alpha: 255) } }
        let bitstream = try ImageEncoder.encode(red, as: .webp, options: EncodeOptions(settings: ["lossless": "true"]))
        let file = WebPContainer.extended(bitstream: bitstream, width: 8, height: 8, icc: profile)
        let result = try ImageDecoder.decode(path: TempFiles.write(file, name: "p3.webp", for: self), options: DecodeOptions())
        XCTAssertTrue(result.convertedICCProfile)
        XCTAssertEqual(Int(result.pixmap[4, 4].red), 255, accuracy: 2)
        XCTAssertEqual(Int(result.pixmap[4, 4].green), 0, accuracy: 2)
    }

    func testAnimatedWebPIsRefusedAsAnUnsupportedVariant() throws {
        let magick = "/usr/bin/convert"
        guard FileManager.default.isExecutableFile(atPath: magick) else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("ImageMagick missing: run scripts/install-deps") }
            throw XCTSkip("ImageMagick missing: run scripts/install-deps")
        }
        let path = try TempFiles.write([], name: "animated.webp", for: self)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: magick)
        process.arguments = ["-size", "20x20", "xc:red", "xc:blue", "-delay", "10", path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertThrowsError(try ImageDecoder.header(path: path)) { error in
            let error = error as! ImageError
            XCTAssertEqual(error.kind, .unsupportedVariant)
            XCTAssertEqual(error.reason, "animated WebP is not supported: use a still image")
        }
    }

    func testTruncatedWebPIsATruncationError() throws {
        let bytes = try ImageEncoder.encode(TestPicture.synthetic(width: 64, height: 64), as: .webp)
        let path = try TempFiles.write(Array(bytes.prefix(bytes.count / 2)), name: "half.webp", for: self)
        XCTAssertThrowsError(try ImageDecoder.decode(path: path)) { error in
            let error = error as! ImageError
            XCTAssertEqual(error.kind, .truncated, error.reason)
            XCTAssertEqual(error.path, path)
        }
    }
}

/// Builds extended (VP8X) WebP files: RIFF container layout from the WebP
/// container specification (chunk order VP8X, ICCP, image, EXIF).
enum WebPContainer {
    static func extended(bitstream: [UInt8], width: Int, height: Int, icc: [UInt8]? = nil, exif: [UInt8]? = nil) -> [UInt8] {
        func le32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        func le24(_ v: Int) -> [UInt8] { Array(le32(v).prefix(3)) }
        func chunk(_ fourcc: String, _ payload: [UInt8]) -> [UInt8] {
            Array(fourcc.utf8) + le32(payload.count) + payload + (payload.count % 2 == 1 ? [0] : [])
        }
        let flags: UInt8 = (icc != nil ? 0x20 : 0) | (exif != nil ? 0x08 : 0)
        var body = chunk("VP8X", [flags, 0, 0, 0] + le24(width - 1) + le24(height - 1))
        if let icc { body += chunk("ICCP", icc) }
        body += Array(bitstream[12...])              // the simple file's image chunk, as is
        if let exif { body += chunk("EXIF", exif) }
        return Array("RIFF".utf8) + le32(body.count + 4) + Array("WEBP".utf8) + body
    }
}

/// The ICC profile of a JPEG with a single-chunk APP2 "ICC_PROFILE".
enum JPEGICC {
    struct NotFound: Error {}
    static func profile(of path: String) throws -> [UInt8] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var i = 2
        while i + 4 < bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            let payload = Array(bytes[i + 4 ..< i + 2 + length])
            if marker == 0xE2, payload.starts(with: Array("ICC_PROFILE".utf8) + [0]) { return Array(payload[14...]) }
            if marker == 0xDA { break }
            i += 2 + length
        }
        throw NotFound()
    }
}
