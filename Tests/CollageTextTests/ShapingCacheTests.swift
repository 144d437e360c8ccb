@testable import CollageText
import CText
import XCTest

/// Issue 20, "shaped-text caches": a run shaped once is served from
/// `ShapingCache.shared` afterwards (counted, not timed), with the same
/// glyphs as a fresh HarfBuzz shaping; the size, direction and features are
/// part of the key.
final class ShapingCacheTests: XCTestCase {
    func testRepeatedRunIsShapedOnce() throws {
        let library = FontLibrary.shared
        let cache = ShapingCache.shared
        let text = "Shaped once \(UInt32.random(in: 0..<UInt32.max))"
        try library.withLock { () throws(FontError) in
            let face = try library.choose(families: ["DejaVu Sans"]).face
            try face.setSize(50)
            let start = cache.counts
            let first = TextShaper.shape(text, face: face)
            XCTAssertEqual(cache.counts.shaped, start.shaped + 1)
            let second = TextShaper.shape(text, face: face)
            XCTAssertEqual(cache.counts.shaped, start.shaped + 1, "the second shaping comes from the cache")
            XCTAssertEqual(cache.counts.reused, start.reused + 1)
            let fresh = TextShaper.shapeUncached(text, face: face, rightToLeft: nil, script: HB_SCRIPT_UNKNOWN,
                                                 features: [], letterSpacing: 0)
            XCTAssertEqual(second.glyphs, fresh.glyphs)
            XCTAssertEqual(second.advance, fresh.advance)
            XCTAssertEqual(first.glyphs, fresh.glyphs)
            // Another size, other features: shaped again, with other advances.
            try face.setSize(60)
            let larger = TextShaper.shape(text, face: face)
            XCTAssertEqual(cache.counts.shaped, start.shaped + 2)
            XCTAssertEqual(larger.advance, first.advance * 60 / 50, accuracy: 0.5)
            _ = TextShaper.shape(text, face: face, features: ["-kern"])
            XCTAssertEqual(cache.counts.shaped, start.shaped + 3)
            try face.setSize(50)
            _ = TextShaper.shape(text, face: face)
            XCTAssertEqual(cache.counts.shaped, start.shaped + 3, "back at 50 px: the first entry again")
        }
    }

    func testCapacityBoundsTheCache() {
        let cache = ShapingCache(capacity: 2)
        for i in 0..<5 {
            let key = ShapingCache.Key(text: "\(i)", face: .init(file: "f", index: 0, version: nil), xScale: 1, yScale: 1, bitmapScale: 1,
                                       rightToLeft: nil, script: 0, features: [], letterSpacing: 0)
            _ = cache.run(key) { ([], Double(i)) }
        }
        XCTAssertEqual(cache.counts.shaped, 5)
        let again = ShapingCache.Key(text: "4", face: .init(file: "f", index: 0, version: nil), xScale: 1, yScale: 1, bitmapScale: 1,
                                     rightToLeft: nil, script: 0, features: [], letterSpacing: 0)
        XCTAssertEqual(cache.run(again) { ([], -1) }.advance, 4)
        let evicted = ShapingCache.Key(text: "0", face: .init(file: "f", index: 0, version: nil), xScale: 1, yScale: 1, bitmapScale: 1,
                                       rightToLeft: nil, script: 0, features: [], letterSpacing: 0)
        XCTAssertEqual(cache.run(evicted) { ([], -1) }.advance, -1)
    }
}
