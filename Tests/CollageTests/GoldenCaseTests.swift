import CollageCodecs
import Foundation
import XCTest
import CollageTestSupport

/// Every `Cases/NAME.yaml` is rendered by the `collage` binary over the
/// synthetic inputs and compared with `Goldens/NAME.png` (adding a case file
/// adds a test). A `Cases/NAME.json` twin must give the same bytes.
final class GoldenCaseTests: XCTestCase {
    static func caseNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: TestPaths.cases.path)
            .filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Renders one case in a scratch folder holding the synthetic photos.
    func render(_ document: String, in directory: URL) throws -> Data {
        let source = TestPaths.cases.appendingPathComponent(document)
        try FileManager.default.copyItem(at: source, to: directory.appendingPathComponent(document))
        let output = "\(document).png"
        let result = try runCollage(["render", document, "-o", output], in: directory)
        XCTAssertEqual(result.status, 0, "\(document): \(result.stderr)")
        return try Data(contentsOf: directory.appendingPathComponent(output))
    }

    func testEveryCaseMatchesItsGolden() throws {
        let names = try Self.caseNames()
        XCTAssertGreaterThanOrEqual(names.count, 8, "cases folder looks incomplete")
        let directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
        for name in names {
            let bytes = try render("\(name).yaml", in: directory)
            let file = directory.appendingPathComponent("\(name).yaml.png").path
            let image = try ImageDecoder.decode(path: file)
            try GoldenImage.assertMatches(image, golden: name)
            if FileManager.default.fileExists(atPath: TestPaths.cases.appendingPathComponent("\(name).json").path) {
                let twin = try render("\(name).json", in: directory)
                XCTAssertEqual(twin, bytes, "\(name).json must render byte-identical to \(name).yaml")
            }
        }
    }
}
