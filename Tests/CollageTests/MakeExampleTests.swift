import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// examples/make: make rebuilds exactly what changed, from the depfiles
/// `collage render --depfile` writes. Runs on a temporary copy of the
/// example with synthetic photos under the example photos' names.
final class MakeExampleTests: XCTestCase {
    var root: URL!
    var make: URL { root.appendingPathComponent("make") }

    override func setUpWithError() throws {
        root = try TestPackage.temporaryDirectory(self)
        let example = TestPackage.root.appendingPathComponent("examples/make")
        try FileManager.default.createDirectory(at: make, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: example.path) where name != "out" {
            try FileManager.default.copyItem(at: example.appendingPathComponent(name), to: make.appendingPathComponent(name))
        }
        // Every photo the example documents name, as a small synthetic JPEG.
        let photos = root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for name in try documentPhotos() {
            let pixmap = SyntheticPhotos.gradient(width: 160 + name.count, height: 120)
            try Data(try ImageEncoder.encode(pixmap, as: .jpeg)).write(to: photos.appendingPathComponent(name))
        }
    }

    /// File names after "../photos/" in the example documents.
    func documentPhotos() throws -> Set<String> {
        var names = Set<String>()
        for doc in try FileManager.default.contentsOfDirectory(atPath: make.path) where doc.hasSuffix(".yaml") {
            let text = try String(contentsOf: make.appendingPathComponent(doc), encoding: .utf8)
            for line in text.split(separator: "\n") {
                if let range = line.range(of: "../photos/") { names.insert(String(line[range.upperBound...])) }
            }
        }
        return names
    }

    func runMake() throws -> [String] {
        let result = try Pipeline.run("/usr/bin/make", ["COLLAGE=\(TestPackage.binary.path)"], in: make)
        XCTAssertEqual(result.status, 0, result.output)
        // The outputs make rebuilt, from the echoed recipe lines.
        return result.output.split(separator: "\n").compactMap { line in
            guard line.contains(" render "), let range = line.range(of: " -o ") else { return nil }
            return String(line[range.upperBound...].split(separator: " ").first ?? "")
        }.sorted()
    }

    /// Moves every file's modification time 100 s into the past, then
    /// gives `url` the current time: only what depends on it is out of date.
    func touch(_ url: URL) throws {
        let past = Date(timeIntervalSinceNow: -100)
        for folder in [root!, make, make.appendingPathComponent("out"), root.appendingPathComponent("photos")] {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                try FileManager.default.setAttributes([.modificationDate: past],
                                                      ofItemAtPath: folder.appendingPathComponent(name).path)
            }
        }
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: url.path)
    }

    func testMakeRebuildsExactlyWhatChanged() throws {
        let all = ["out/evening.jpg", "out/friends.jpg", "out/mountains.jpg"]
        XCTAssertEqual(try runMake(), all)
        XCTAssertEqual(try runMake(), [], "a second run does nothing")

        // A photo only mountains.yaml uses: only its output is rebuilt.
        try touch(root.appendingPathComponent("photos/picosdeeuropa_by_Aitzol_Berasategi.jpg"))
        XCTAssertEqual(try runMake(), ["out/mountains.jpg"])
        XCTAssertEqual(try runMake(), [])

        // evening.yaml stops using a photo, which is then deleted: its old
        // depfile still names it, and the empty rule keeps make working.
        let evening = make.appendingPathComponent("evening.yaml")
        let text = try String(contentsOf: evening, encoding: .utf8)
        XCTAssertTrue(text.contains("  - ../photos/life_by_Aitzol_Berasategi.jpg\n"))
        try Data(text.replacingOccurrences(of: "  - ../photos/life_by_Aitzol_Berasategi.jpg\n", with: "").utf8).write(to: evening)
        try touch(evening)
        try FileManager.default.removeItem(at: root.appendingPathComponent("photos/life_by_Aitzol_Berasategi.jpg"))
        XCTAssertEqual(try runMake(), ["out/evening.jpg"])
        XCTAssertEqual(try runMake(), [])
        let depfile = try String(contentsOf: make.appendingPathComponent("out/evening.d"), encoding: .utf8)
        XCTAssertFalse(depfile.contains("life_by"), depfile)
        XCTAssertEqual(try ImageDecoder.decode(path: make.appendingPathComponent("out/evening.jpg").path).size,
                       Size(width: 1600, height: 1000))
    }
}
