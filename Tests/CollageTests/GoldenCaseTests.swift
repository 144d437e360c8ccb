import CollageCodecs
import Foundation
import XCTest
import CollageTestSupport

/// Every `Cases/NAME.yaml` is rendered by the `collage` binary over the
/// synthetic inputs and compared with `Goldens/NAME.png`, one test per case
/// (`GoldenCases+Generated.swift`, written by `scripts/gen-golden-cases`, so a
/// failure names its case). A `Cases/NAME.json` twin must give the same bytes.
final class GoldenCaseTests: XCTestCase {
    static func caseNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: TestPaths.cases.path)
            .filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Adding, renaming or removing a case without running the generator fails here.
    func testGeneratedTestsMatchTheCasesFolder() throws {
        let names = try Self.caseNames()
        XCTAssertGreaterThanOrEqual(names.count, 8, "cases folder looks incomplete")
        XCTAssertEqual(Self.generatedCaseNames.sorted(), names,
                       "GoldenCases+Generated.swift is stale: run scripts/gen-golden-cases")
    }

    /// Renders case `name` (and its JSON twin, if any) and compares it with its golden.
    func assertMatchesGolden(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
        let bytes = try render("\(name).yaml", in: directory)
        let image = try ImageDecoder.decode(path: directory.appendingPathComponent("\(name).yaml.png").path)
        try GoldenImage.assertMatches(image, golden: name, file: file, line: line)
        if FileManager.default.fileExists(atPath: TestPaths.cases.appendingPathComponent("\(name).json").path) {
            let twin = try render("\(name).json", in: directory)
            XCTAssertEqual(twin, bytes, "\(name).json must render byte-identical to \(name).yaml", file: file, line: line)
        }
    }

    /// Renders one case in a scratch folder holding the synthetic photos.
    private func render(_ document: String, in directory: URL) throws -> Data {
        let source = TestPaths.cases.appendingPathComponent(document)
        try FileManager.default.copyItem(at: source, to: directory.appendingPathComponent(document))
        let output = "\(document).png"
        let result = try runCollage(["render", document, "-o", output], in: directory)
        XCTAssertEqual(result.status, 0, "\(document): \(result.stderr)")
        return try Data(contentsOf: directory.appendingPathComponent(output))
    }
}
