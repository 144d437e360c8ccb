import Collage
import CollageCodecs
import CollageLayout
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// The nine benchmark photos of ../shared/corpus/MANIFEST.md as an `auto`
/// collage: real 8-22 MP camera JPEGs, three of them EXIF-rotated.
final class CorpusSmokeTests: XCTestCase {
    static let nine = [
        "photo_Issue_525.jpg", "photo_Canon_PowerShot_G11.jpg", "photo_Issue_266.jpg",
        "photo_Apple_iPhone_5.jpg", "photo_Kodak_PIXPRO_SP360.jpg", "photo_Oppo_R7_Plus.jpg",
        "photo_Canon_EOS_5D.jpg", "photo_Blackberry_Z10.jpg", "photo_Canon_EOS_1000D.jpg",
    ]
    /// Orientation 3, 6 and 6 (MANIFEST.md).
    static let rotated = ["photo_Apple_iPhone_5.jpg", "photo_Blackberry_Z10.jpg", "photo_Canon_EOS_1000D.jpg"]

    func testNineBenchmarkPhotosFillTheAutoGridUpright() throws {
        let corpus = try TestPackage.requireCorpus()
        let folder = corpus.appendingPathComponent("metadata-extractor-images")
        let directory = try TestPackage.temporaryDirectory(self)
        let list = Self.nine.map { "  - \(folder.appendingPathComponent($0).path)" }.joined(separator: "\n")
        let document = directory.appendingPathComponent("nine.yaml")
        try Data("version: 1\ncanvas: {width: 1200, height: 1200, background: \"#ff00ff\"}\nphotos:\n\(list)\nlayout: {kind: auto}\n"
            .utf8).write(to: document)
        let result = try runCollage(["render", "nine.yaml", "-o", "nine.png"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let collage = try ImageDecoder.decode(path: directory.appendingPathComponent("nine.png").path)
        XCTAssertEqual(collage.size, Size(width: 1200, height: 1200))

        // Every cell is covered: no background (magenta) pixel survives with gap 0.
        var background = 0
        for y in 0..<collage.height { for x in 0..<collage.width where collage[x, y] == Color(red: 255, green: 0, blue: 255) {
            background += 1 } }
        XCTAssertEqual(background, 0)

        let prepared = try CollageRenderer.prepare(documentPath: document.path)
        // Nine photos: three columns of three, filled column by column (docs/format.md "Layout rules", auto).
        let expectedCells = (0..<9).map { PixelRect(x: ($0 / 3) * 400, y: ($0 % 3) * 400, width: 400, height: 400) }
        XCTAssertEqual(prepared.layout.photos.map(\.cell), expectedCells)
        XCTAssertEqual(prepared.layout.photos.map(\.photo), Array(0..<9))

        for name in Self.rotated {
            let index = Self.nine.firstIndex(of: name)!
            let cell = prepared.layout.photos.first { $0.photo == index }!.cell
            let photoPath = folder.appendingPathComponent(name).path
            // 1. The photo rendered alone into a canvas of its cell's size matches its cell.
            let alone = directory.appendingPathComponent("alone-\(index).yaml")
            try Data("version: 1\ncanvas: {width: \(cell.width), height: \(cell.height)}\nphotos: [\(photoPath)]\n".utf8)
                .write(to: alone)
            let aloneResult = try runCollage(["render", alone.lastPathComponent, "-o", "alone-\(index).png"], in: directory)
            XCTAssertEqual(aloneResult.status, 0, aloneResult.stderr)
            let single = try ImageDecoder.decode(path: directory.appendingPathComponent("alone-\(index).png").path)
            let fromCollage = collage.cropped(to: cell)
            XCTAssertGreaterThan(PixelMetrics.psnr(single, fromCollage), 45, "\(name): cell differs from the photo alone")
            // 2. Upright, by an independent decoder: ImageMagick's auto-orient + cover crop.
            let reference = directory.appendingPathComponent("ref-\(index).png")
            try runTool("/usr/bin/convert", [photoPath, "-auto-orient", "-resize", "\(cell.width)x\(cell.height)^",
                                             "-gravity", "center", "-extent", "\(cell.width)x\(cell.height)",
                                             "-alpha", "set", reference.path])
            let magick = try ImageDecoder.decode(path: reference.path)
            let upright = PixelMetrics.psnr(magick, fromCollage)
            XCTAssertGreaterThan(upright, 22, "\(name) is not upright (PSNR \(upright) dB against ImageMagick -auto-orient)")
        }
    }

    func runTool(_ path: String, _ arguments: [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw XCTSkip("\(path) missing: run scripts/install-deps")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(path) \(arguments)")
    }
}
