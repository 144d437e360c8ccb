import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// examples/batch renders every row, titles in Latin, Japanese and Arabic
/// with the pinned fonts and no font warnings (synthetic photos under the
/// example photos' names).
final class BatchExampleTests: XCTestCase {
    func testEveryRowRendersWithoutFontWarnings() throws {
        let root = try TestPackage.temporaryDirectory(self)
        let example = TestPackage.root.appendingPathComponent("examples/batch")
        let batch = root.appendingPathComponent("batch")
        try FileManager.default.copyItem(at: example, to: batch)
        let photos = root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let csv = try String(contentsOf: example.appendingPathComponent("places.csv"), encoding: .utf8)
        let names = csv.split(separator: "\n").dropFirst().compactMap { line in
            line.split(separator: ",").first { $0.hasSuffix(".jpg") }.map(String.init)
        }
        XCTAssertEqual(names.count, 6)
        for name in names {
            try Data(try ImageEncoder.encode(SyntheticPhotos.gradient(width: 320, height: 200), as: .jpeg))
                .write(to: photos.appendingPathComponent(name))
        }
        let result = try runCollage(["batch", "card.yaml", "--data", "places.csv", "-o", "out/${id}.jpg", "--jobs", "2"], in: batch)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("warning"), result.stderr)
        XCTAssertTrue(result.stderr.contains("batch: 6 of 6 rows written in "), result.stderr)
        for id in ["aitzgorri", "picos", "sunset", "seeding", "wine", "umang"] {
            let image = try ImageDecoder.decode(path: batch.appendingPathComponent("out/\(id).jpg").path)
            XCTAssertEqual(image.size, Size(width: 1200, height: 630), id)
        }
    }
}
