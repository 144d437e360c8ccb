@testable import Collage
import CollageCodecs
import CollageTestSupport
import Foundation
import XCTest

/// Issue 32: a HEIF photo that one document names for several cells is
/// decoded once for all of them within the render
/// (`SharedImageCache.repeatedHEIF`), with the bytes of a render that
/// decodes it for every cell.
final class RepeatedHEIFTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("RepeatedHEIF-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Renders `photos` as a 3-column grid on 420x300 to JPEG; the output bytes.
    private func render(_ photos: [String], cache: SharedImageCache?, name: String) throws -> Data {
        let document = directory.appendingPathComponent(name + ".yaml")
        try Data(("""
            version: 1
            canvas: {width: 420, height: 300, background: "#ffffff"}
            photos:
            """ + "\n" + photos.map { "  - \"\($0)\"" }.joined(separator: "\n") + "\n" + """
            layout: {kind: grid, columns: 3, gap: 4}
            """).utf8).write(to: document)
        let output = directory.appendingPathComponent(name + ".jpg").path
        var options = RenderOptions(outputPath: output, threads: 2)
        options.imageCache = cache
        _ = try CollageRenderer.render(documentPath: document.path, options: options)
        return try Data(contentsOf: URL(fileURLWithPath: output))
    }

    func testARepeatedHEIFIsDecodedOnceAndDrawsTheSameBytes() throws {
        let pug = try TestPackage.corpusFile("pillow-heif/pug.heic")
        let arrow = try TestPackage.corpusFile("pillow-heif/arrow.heic")
        let jpeg = try TestPackage.corpusFile("exif-orientation-examples/Landscape_1.jpg")
        let photos = [pug, arrow, pug, jpeg, pug, jpeg]
        let headers = try photos.map { try ImageDecoder.header(path: $0) }

        let cache = try XCTUnwrap(SharedImageCache.repeatedHEIF(paths: photos, headers: headers))
        XCTAssertEqual(cache.budgetBytes, 64 << 20)
        XCTAssertTrue(cache.isShared(pug))
        XCTAssertFalse(cache.isShared(arrow), "named once")
        XCTAssertFalse(cache.isShared(jpeg), "a repeated JPEG is decoded (streamed) per cell as before")
        XCTAssertNil(SharedImageCache.repeatedHEIF(paths: [jpeg, jpeg, pug], headers: [headers[3], headers[3], headers[0]]),
                     "no repeated HEIF: no cache")

        let shared = try render(photos, cache: cache, name: "shared")
        XCTAssertEqual(cache.decodes(of: pug), 1, "three cells, one decode")
        XCTAssertEqual(cache.decodes(of: arrow), 1)
        // The pug's cells are 137x146: its decode reduced by 8 from 4032x3024 (504x378 RGBA) is what is kept.
        XCTAssertEqual(cache.bytesKept, 504 * 378 * 4)

        let none = SharedImageCache(budgetBytes: 0)
        none.share([pug])
        let perCell = try render(photos, cache: none, name: "per-cell")
        XCTAssertEqual(none.decodes(of: pug), 3)
        XCTAssertEqual(shared, perCell, "the shared decode draws the bytes of one decode a cell")
        // Without a cache of its own the render makes one: the same bytes again.
        XCTAssertEqual(try render(photos, cache: nil, name: "default"), perCell)
    }
}
