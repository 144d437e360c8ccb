import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// Every PngSuite file (except the corrupt x*.png) decodes to the same
/// RGBA8 samples as an independent reader, ImageMagick (`-depth 8`, which
/// reduces 16-bit samples as value/257 rounded; `-set colorspace sRGB` so
/// it leaves gAMA alone, as README "Rules": Colour asks), within ±1, skipping pixels
/// transparent in both.
final class PngSuiteTests: XCTestCase {
    func testEveryPngSuiteFileMatchesTheReferenceReader() throws {
        let root = try TestPackage.requireCorpus()
        let magick = "/usr/bin/convert"
        guard FileManager.default.isExecutableFile(atPath: magick) else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("ImageMagick missing: run scripts/install-deps") }
            throw XCTSkip("ImageMagick missing: run scripts/install-deps")
        }
        let manifest = try Manifest(contentsOf: root.appendingPathComponent("MANIFEST.md"))
        let files = manifest.rows.map(\.path).filter { $0.hasPrefix("pngsuite/") && !$0.hasPrefix("pngsuite/x") }
        XCTAssertEqual(files.count, 161)
        var compared = 0
        for relative in files {
            let path = root.appendingPathComponent(relative).path
            let ours = try ImageDecoder.decode(path: path)
            let reference = try Self.run(magick, [path, "-set", "colorspace", "sRGB", "-depth", "8", "rgba:-"])
            XCTAssertEqual(reference.count, ours.pixels.count, relative)
            guard reference.count == ours.pixels.count else { continue }
            let differing = PixelMetrics.differingPixels(Pixmap(width: ours.width, height: ours.height, pixels: reference),
                                                         ours, tolerance: 1)
            XCTAssertEqual(differing, 0, "\(relative): \(differing) pixels differ from ImageMagick by more than 1")
            compared += 1
        }
        print("PNGSUITE \(compared) files compared with ImageMagick")
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return [UInt8](data)
    }
}
