import Foundation
import XCTest
@testable import CollageSpec

/// Fixture-driven diagnostics: every `Fixtures/diagnostics/NAME.yaml` (or
/// `.json`) must fail to load, and its printed diagnostics (no colour) must
/// equal `NAME.expected` exactly. Adding a file pair adds a case.
///
/// Each document is loaded from a temporary folder holding empty photos
/// `a.jpg`, `b.jpg` and `c.jpg`; that folder's path prints as `$DIR`.
/// `COLLAGE_RECORD=1` rewrites the expected files and fails the run.
final class DiagnosticFixtureTests: XCTestCase {
    private var fixtures: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/diagnostics")
    }

    func testEveryFixturePrintsItsExpectedDiagnostics() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures.path)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }
            .sorted()
        XCTAssertGreaterThanOrEqual(names.count, 10)
        let record = ProcessInfo.processInfo.environment["COLLAGE_RECORD"] == "1"
        for name in names {
            let ws = try Workspace(photos: ["a.jpg", "b.jpg", "c.jpg"])
            let text = try Data(contentsOf: fixtures.appendingPathComponent(name))
            var printed = ""
            do {
                _ = try DocumentLoader.load(text: [UInt8](text), file: name, baseDirectory: ws.folder)
                XCTFail("\(name): loaded without errors")
                continue
            } catch {
                printed = DiagnosticFormatter().format(error).replacingOccurrences(of: ws.folder, with: "$DIR")
            }
            let expectedURL = fixtures.appendingPathComponent((name as NSString).deletingPathExtension + ".expected")
            if record {
                try Data(printed.utf8).write(to: expectedURL)
                XCTFail("\(name): recorded \(expectedURL.lastPathComponent) (COLLAGE_RECORD=1 always fails)")
                continue
            }
            guard let expected = try? String(contentsOf: expectedURL, encoding: .utf8) else {
                XCTFail("\(name): no \(expectedURL.lastPathComponent); run with COLLAGE_RECORD=1 to create it")
                continue
            }
            XCTAssertEqual(printed, expected, "\(name)")
        }
    }
}
