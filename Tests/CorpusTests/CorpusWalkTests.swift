import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// Walks MANIFEST.md: every file listed has an asserted outcome (decodes at
/// its upright size, with or without warnings, or fails with a given kind).
/// Replaces the codec target's earlier corpus sweep.
final class CorpusWalkTests: XCTestCase {
    func testManifestListsEveryFileOfTheCorpusOnce() throws {
        let root = try TestPackage.requireCorpus()
        let manifest = try Manifest(contentsOf: root.appendingPathComponent("MANIFEST.md"))
        XCTAssertEqual(manifest.categories.count, 11)
        for (title, declared) in manifest.categories {
            XCTAssertEqual(manifest.rows(in: title).count, declared, title)
        }
        let listed = manifest.rows.map(\.path)
        XCTAssertEqual(listed.count, 276)
        XCTAssertEqual(Set(listed).count, 276, "each file listed once")
        let images: Set<String> = ["jpg", "jpeg", "png", "heic", "heif", "avif", "webp"]
        var onDisk: Set<String> = []
        for case let relative as String in FileManager.default.enumerator(atPath: root.path)!
        where images.contains((relative as NSString).pathExtension.lowercased()) { onDisk.insert(relative) }
        XCTAssertEqual(onDisk, Set(listed))
        XCTAssertTrue(Set(ExpectedOutcomes.failures.keys).isSubset(of: onDisk))
        XCTAssertTrue(ExpectedOutcomes.warns.isSubset(of: onDisk))
    }

    func testEveryFileHasItsExpectedOutcome() throws {
        let root = try TestPackage.requireCorpus()
        let manifest = try Manifest(contentsOf: root.appendingPathComponent("MANIFEST.md"))
        var tally: [String: [String: Int]] = [:]
        for row in manifest.rows {
            let path = root.appendingPathComponent(row.path).path
            let outcome: String
            if let kind = ExpectedOutcomes.failures[row.path] {
                do {
                    _ = try ImageDecoder.decode(path: path, options: DecodeOptions(minimumSize: Size(width: 64, height: 64)))
                    XCTFail("\(row.path) decoded; expected \(kind)")
                    continue
                } catch {
                    XCTAssertEqual(error.kind, kind, "\(row.path): \(error.reason)")
                    XCTAssertEqual(error.path, path)
                    XCTAssertFalse(error.reason.isEmpty)
                }
                outcome = "fails: \(kind.rawValue)"
            } else {
                guard let size = ExpectedOutcomes.uprightSize(row) else {
                    XCTFail("\(row.path): MANIFEST gives no size ('\(row.pixels)') and no failure is expected"); continue
                }
                do {
                    let header = try ImageDecoder.header(path: path)
                    XCTAssertEqual(header.size, size, "\(row.path) upright size")
                    // Decoded small (DCT shrink-on-load where possible) so the walk stays quick.
                    let minimum = Size(width: min(size.width, 256), height: min(size.height, 256))
                    let result = try ImageDecoder.decode(path: path, options: DecodeOptions(minimumSize: minimum))
                    XCTAssertGreaterThanOrEqual(result.pixmap.width, minimum.width, row.path)
                    XCTAssertGreaterThanOrEqual(result.pixmap.height, minimum.height, row.path)
                    XCTAssertEqual(Double(result.pixmap.width) / Double(result.pixmap.height),
                                   Double(size.width) / Double(size.height), accuracy: 0.02, "\(row.path) aspect")
                    let warns = ExpectedOutcomes.warns.contains(row.path)
                    XCTAssertEqual(!result.warnings.isEmpty, warns, "\(row.path): \(result.warnings)")
                    outcome = warns ? "decodes with warnings" : "decodes"
                } catch {
                    XCTFail("\(row.path): \(error.reason)"); continue
                }
            }
            tally[row.category, default: [:]][outcome, default: 0] += 1
        }
        // The giant baseline JPEG is over the budget at full size, and only there.
        let giant = root.appendingPathComponent(ExpectedOutcomes.shrinkOnLoadOnly).path
        XCTAssertThrowsError(try ImageDecoder.decode(path: giant, options: DecodeOptions())) { error in
            XCTAssertEqual((error as? ImageError)?.kind, .tooLarge)
        }
        let reduced = try ImageDecoder.decode(path: giant, options: DecodeOptions(minimumSize: Size(width: 1000, height: 700)))
        XCTAssertEqual(reduced.dctScale, 1)
        XCTAssertEqual(reduced.pixmap.size, Size(width: 2500, height: 1750))

        var total: [String: Int] = [:]
        for (category, outcomes) in tally.sorted(by: { $0.key < $1.key }) {
            print("CORPUS \(category): \(outcomes.sorted(by: { $0.key < $1.key }).map { "\($0.value) \($0.key)" }.joined(separator: ", "))")
            for (k, v) in outcomes { total[k, default: 0] += v }
        }
        print("CORPUS total: \(total.sorted(by: { $0.key < $1.key }).map { "\($0.value) \($0.key)" }.joined(separator: ", "))")
        XCTAssertEqual(total.values.reduce(0, +), 276)
        XCTAssertEqual(total.filter { $0.key.hasPrefix("fails") }.values.reduce(0, +), ExpectedOutcomes.failures.count)
    }
}
