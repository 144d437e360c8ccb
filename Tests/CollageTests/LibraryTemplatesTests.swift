import Collage
import CollageSpec
import CollageCodecs
import Foundation
import XCTest
import CollageTestSupport

/// The library builder's components, includes and variants (issue 41)
/// render to the same bytes as the same document read from YAML.
final class LibraryTemplatesTests: XCTestCase {
    func testBuiltComponentsIncludesAndVariantsEqualTheYAML() throws {
        let dir = try TestPackage.temporaryDirectory(self)
        try "vars: {ink: \"#e63946\"}\n".write(to: dir.appendingPathComponent("brand.yaml"), atomically: true, encoding: .utf8)
        var document = CollageDocument(canvas: .init(width: 200, height: 100, background: "#ffffff"))
        document.includes = ["brand.yaml"]
        document.components["tag"] = .init(width: 80, height: 40, parameters: ["tint": .init(.color, default: "${ink}")],
                                           overlays: [.init(.shape(.init(.rect, width: .percent(100), height: .percent(100), fill: "${tint}")))])
        document.variants["square"] = .init(width: 100, height: 100, overrides: ["overlays.second.rotation": .number(45)])
        var second = CollageDocument.Overlay.use("tag", with: ["tint": "#2a9d8f"], anchor: .bottomRight, offset: (x: -10, y: -10))
        second.additionalKeys["id"] = .string("second")
        document.overlays = [.use("tag", anchor: .topLeft, offset: (x: 10, y: 10)), second]
        let yaml = """
            version: 1
            include: [brand.yaml]
            canvas: {width: 200, height: 100, background: "#ffffff"}
            components:
              tag:
                width: 80
                height: 40
                params: {tint: {type: color, default: "${ink}"}}
                overlays: [{shape: rect, width: "100%", height: "100%", fill: "${tint}"}]
            variants:
              square: {width: 100, height: 100, overrides: {"overlays.second.rotation": 45}}
            overlays:
              - {use: tag, anchor: topLeft, offset: [10, 10]}
              - {use: tag, id: second, with: {tint: "#2a9d8f"}, anchor: bottomRight, offset: [-10, -10]}
            """
        let renderer = DocumentRenderer(configuration: .init(threads: 2))
        for variables in [[:], ["variant": "square"]] {
            let built = try renderer.render(.document(document, baseDirectory: dir.path), format: .png, variables: variables)
            let read = try renderer.render(.text(yaml, baseDirectory: dir.path), format: .png, variables: variables)
            XCTAssertTrue(built.bytes == read.bytes, "\(variables)")
            let pixmap = try ImageDecoder.decode(bytes: built.bytes).pixmap
            XCTAssertEqual(pixmap.width, variables.isEmpty ? 200 : 100)
        }
    }
}
