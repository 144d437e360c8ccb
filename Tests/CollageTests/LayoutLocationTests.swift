import Collage
import CollageSpec
import Foundation
import XCTest
import CollageTestSupport

/// `layout --json` gives every photo, overlay and component use the
/// `location` where it was written (issue 43; the live preview's hover).
final class LayoutLocationTests: XCTestCase {
    private func location(_ value: Any?) throws -> String {
        let object = try XCTUnwrap(value as? [String: Any])
        let file = try XCTUnwrap(object["file"] as? String)
        let line = try XCTUnwrap(object["line"] as? Int), column = try XCTUnwrap(object["column"] as? Int)
        return "\(file):\(line):\(column)"
    }

    func testPhotosOverlaysAndComponentUsesCarryTheirListItemsLocations() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
        let yaml = """
            version: 1
            canvas: {width: 400, height: 200}
            photos:
              - photos/quadrants.png
              -   src: photos/tall.png
                  id: tall
            components:
              tag:
                width: 100
                height: 40
                overlays:
                  - {shape: rect, anchor: topLeft, width: 100, height: 40, fill: "#1d3557"}
            overlays:
              - {text: "Hi", font: {family: "DejaVu Sans", size: 20}, layer: below}
              -  use: tag
                 anchor: topLeft
            """
        try Data(yaml.utf8).write(to: directory.appendingPathComponent("doc.yaml"))
        let result = try runCollage(["layout", "doc.yaml", "--json"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let top = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let photos = try XCTUnwrap(top["photos"] as? [[String: Any]])
        // A bare string: its scalar (line 4, column 5); a block mapping: its first key (src, after "-   ").
        XCTAssertEqual(try photos.map { try location($0["location"]) }, ["doc.yaml:4:5", "doc.yaml:5:7"])
        let overlays = try XCTUnwrap(top["overlays"] as? [[String: Any]])
        XCTAssertEqual(overlays.map { $0["kind"] as? String }, ["text", "shape"])
        // The preview's hover tests overlays below the photos after them.
        XCTAssertEqual(overlays.map { $0["layer"] as? String }, ["below", "above"])
        // The text's flow mapping (14:5); the component's rect: its item in the definition (12:9).
        XCTAssertEqual(try overlays.map { try location($0["location"]) }, ["doc.yaml:14:5", "doc.yaml:12:9"])
        let components = try XCTUnwrap(top["components"] as? [[String: Any]])
        XCTAssertEqual(try components.map { try location($0["location"]) }, ["doc.yaml:15:6"])
    }
}
