import Foundation
import XCTest
import CollageTestSupport

/// The SVG pre-scan through `collage render` (issue 37): a hostile SVG is
/// refused at its `src`, before librsvg, with exit 1 and no output.
final class SVGPrescanEndToEndTests: XCTestCase {
    func testFanOutAndMorphologyAreRefusedAtTheirSrc() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        let fanOut = (1...10).map { level in
            "<g id=\"l\(level)\">" + String(repeating: "<use href=\"#l\(level - 1)\"/>", count: 10) + "</g>"
        }.joined()
        let files = [
            "fan.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\"><defs><rect id=\"l0\" width=\"1\" "
                + "height=\"1\"/>\(fanOut)</defs><use href=\"#l10\"/></svg>",
            "morph.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"2000\" height=\"2000\"><filter id=\"f\"><feMorphology "
                + "radius=\"400\"/></filter><rect width=\"2000\" height=\"2000\" filter=\"url(#f)\"/></svg>",
        ]
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
            try Data("version: 1\ncanvas: {width: 200, height: 200}\nphotos:\n  - src: \(name)\n".utf8)
                .write(to: directory.appendingPathComponent("doc.yaml"))
            let start = Date()
            let result = try runCollage(["render", "doc.yaml", "-o", "out.png"], in: directory)
            let seconds = Date().timeIntervalSince(start)
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("doc.yaml:4:10: error:"), result.stderr)
            XCTAssertTrue(result.stderr.contains("pre-scan's limit"), result.stderr)
            XCTAssertLessThan(seconds, 1.0, "\(name): refused before librsvg draws (its fan-out error took 1.5 s)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.png").path))
        }
    }
}
