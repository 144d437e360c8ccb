import XCTest
import CollageRaster
@testable import CollageCodecs

/// AVIF through libheif, with its nclx colour description converted to
/// sRGB. The file is made at test time by ImageMagick (its AVIF writer
/// tags nclx primaries 2 / transfer 2, "unspecified"); patching the `colr`
/// box to Display P3 (primaries 12, sRGB transfer 13) must change the colours
/// exactly as the P3 -> sRGB conversion says.
final class AVIFTests: XCTestCase {
    private func makeAVIF() throws -> [UInt8] {
        let magick = "/usr/bin/convert"
        guard FileManager.default.isExecutableFile(atPath: magick) else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("ImageMagick missing: run scripts/install-deps") }
            throw XCTSkip("ImageMagick missing: run scripts/install-deps")
        }
        let path = try TempFiles.write([], name: "solid.avif", for: self)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: magick)
        process.arguments = ["-size", "32x24", "xc:rgb(200,100,100)", "-quality", "95", path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func testAVIFDecodesAndItsNCLXColourIsConverted() throws {
        var bytes = try makeAVIF()
        let untagged = try ImageDecoder.decode(path: TempFiles.write(bytes, name: "untagged.avif", for: self), options: DecodeOptions())
        XCTAssertEqual(untagged.header.format, .heif)
        XCTAssertEqual(untagged.pixmap.size, Size(width: 32, height: 24))
        XCTAssertFalse(untagged.convertedICCProfile, "unspecified primaries and transfer are taken as sRGB")
        let c = untagged.pixmap[16, 12]
        XCTAssertEqual(Int(c.red), 200, accuracy: 4); XCTAssertEqual(Int(c.green), 100, accuracy: 4)
        XCTAssertEqual(Int(c.blue), 100, accuracy: 4)

        // colr box: size, 'colr', 'nclx', primaries (u16), transfer (u16), matrix (u16), full range (u8).
        let colr = try XCTUnwrap((0 ..< bytes.count - 12).first { String(decoding: bytes[$0 ..< $0 + 8], as: UTF8.self) == "colrnclx" })
        bytes[colr + 8] = 0; bytes[colr + 9] = 12
        bytes[colr + 10] = 0; bytes[colr + 11] = 13
        let p3 = try ImageDecoder.decode(path: TempFiles.write(bytes, name: "p3.avif", for: self), options: DecodeOptions())
        XCTAssertTrue(p3.convertedICCProfile)
        var expected = Array(untagged.pixmap.pixels[(12 * 32 + 16) * 4 ..< (12 * 32 + 16) * 4 + 4])
        XCTAssertEqual(NCLXConversion.apply(primaries: 12, transfer: 13, pixels: &expected, width: 1, height: 1), .converted)
        let d = p3.pixmap[16, 12]
        XCTAssertEqual([d.red, d.green, d.blue, d.alpha], expected)
        XCTAssertGreaterThan(Int(d.red) - Int(c.red), 8, "P3 red is more saturated than sRGB red: \(d) vs \(c)")
    }
}
