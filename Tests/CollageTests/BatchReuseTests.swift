@testable import Collage
import Foundation
import XCTest

/// Issue 20, "reuse across rows": a logo every row uses is decoded once per
/// batch, whatever the number of rows or `--jobs` workers; other images once
/// per row. Counted by `SharedImageCache.decodes(of:)`, the decoder calls the
/// pipeline made, not timed.
final class BatchReuseTests: XCTestCase, PhotoFolderTest {
    var directory: URL!
    let photos = ["quadrants.png", "stripes.png", "gradient.jpg", "tall.png", "upright.png"]

    override func setUpWithError() throws {
        try makePhotoFolder()
        try Data("""
            version: 1
            canvas: {width: 120, height: 63, background: "#202020"}
            photos: ["photos/${photo}"]
            layout: {kind: auto, padding: 4}
            overlays:
              - {image: photos/logo.png, anchor: topRight, offset: [-4, 4], width: 30}
            """.utf8).write(to: directory.appendingPathComponent("card.yaml"))
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Renders five rows (each its own photo, all the logo) with `cache`.
    func run(cache: SharedImageCache?, jobs: Int, folder: String) throws -> [BatchRunner.Outcome] {
        let rows = photos.enumerated().map { index, photo in
            DataRow(number: index + 1, fields: ["id": "r\(index + 1)", "photo": photo],
                    location: SourceLocation(file: "rows.csv", line: index + 2, column: 1))
        }
        let plan = try BatchPlan(rows: rows, outputTemplate: path(folder) + "/${id}.png", overrides: [:], shard: nil)
        var options = RenderOptions(outputPath: "", threads: 1)
        options.imageCache = cache
        let outcomes = BatchRunner.run(template: try DocumentInput.contents(of: path("card.yaml")), templatePath: path("card.yaml"),
                                       dataPath: path("rows.csv"), plan: plan, options: options, parallelism: jobs,
                                       policy: nil) { _, _ in }
        for outcome in outcomes {
            if let error = outcome.error { XCTFail("row \(outcome.job.row.number): \(error)") }
        }
        return outcomes
    }

    func testSharedLogoIsDecodedOncePerBatch() throws {
        for jobs in [1, 2] {
            let cache = SharedImageCache()
            let outcomes = try run(cache: cache, jobs: jobs, folder: "cached-\(jobs)")
            XCTAssertEqual(outcomes.count, 5)
            XCTAssertTrue(cache.isShared(path("photos/logo.png")))
            XCTAssertEqual(cache.decodes(of: path("photos/logo.png")), 1, "--jobs \(jobs): rows after the first reuse the logo")
            for photo in photos {
                XCTAssertFalse(cache.isShared(path("photos/" + photo)))
                XCTAssertEqual(cache.decodes(of: path("photos/" + photo)), 1, photo)
            }
            XCTAssertGreaterThan(cache.bytesKept, 0)
        }
        // Without room in the budget every row decodes the logo again, and
        // the images are the same bytes either way.
        let none = SharedImageCache(budgetBytes: 0)
        _ = try run(cache: none, jobs: 1, folder: "uncached")
        XCTAssertEqual(none.decodes(of: path("photos/logo.png")), 5)
        XCTAssertEqual(none.bytesKept, 0)
        for row in 1...5 {
            let uncached = try Data(contentsOf: URL(fileURLWithPath: path("uncached/r\(row).png")))
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("cached-1/r\(row).png"))), uncached)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("cached-2/r\(row).png"))), uncached)
        }
    }

    /// A file replaced during the batch is decoded again (the key holds its
    /// size and modification time).
    func testReplacedSharedFileIsDecodedAgain() throws {
        let cache = SharedImageCache()
        _ = try run(cache: cache, jobs: 1, folder: "first")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 100)],
                                              ofItemAtPath: path("photos/logo.png"))
        _ = try run(cache: cache, jobs: 1, folder: "second")
        XCTAssertEqual(cache.decodes(of: path("photos/logo.png")), 2)
    }
}
