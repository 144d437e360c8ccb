import Collage
import CollageCodecs
import Foundation
import XCTest
import CollageTestSupport

/// The library builder covers every kind (issue 34): a `CollageDocument`
/// with every overlay kind and the effects renders the same bytes as the
/// same document read from YAML, and a new kind without a builder fails here.
final class LibraryBuilderKindsTests: XCTestCase {
    private var everyKind: CollageDocument {
        var document = CollageDocument(canvas: .init(width: 320, height: 200, background: "#203040"))
        document.photos = [
            .init("quadrants.png", cornerRadius: 8, shadow: .init(offsetX: 2, offsetY: 3, blur: 6, spread: 1),
                  filter: [.init(.grayscale, 0.5), .init(.contrast, 1.2)], blend: .multiply),
            .init("quadrants.png", rotation: 3),
        ]
        document.layout = .init(kind: .grid, gap: 10, padding: 10, columns: 2)
        document.overlays = [
            .init(.text(.init("kinds", family: ["DejaVu Sans"], size: 24, color: "#ffffff")), anchor: .top,
                  shadow: .init(offsetX: 1, offsetY: 1, blur: 2)),
            .init(.image(path: "quadrants.png", width: 40, filter: [.init(.invert, 1)]), anchor: .bottomLeft,
                  offset: (x: 6, y: -6), opacity: 0.8, blend: .screen),
            .init(.shape(.init(.rect, width: 60, height: 30, cornerRadius: 6, fill: "#ffd166",
                               stroke: .init(width: 2, color: "#000000", dash: [4, 2], join: .round))),
                  anchor: .right, rotation: 10, layer: .below),
            .init(.shape(.init(.line, points: [.init(x: 10, y: 190), .init(x: .percent(50), y: 180)],
                               stroke: .init(width: 3, cap: .round)))),
            .init(.qrcode(.init("https://example.com", level: .Q, size: 80, margin: 2, color: "navy")),
                  anchor: .bottomRight, offset: (x: -4, y: -4), shadow: .init(offsetY: 2, blur: 3)),
        ]
        return document
    }

    private let yaml = """
        version: 1
        canvas: {width: 320, height: 200, background: "#203040"}
        photos:
          - {src: quadrants.png, cornerRadius: 8, shadow: {offset: [2, 3], blur: 6, spread: 1},
             filter: [{grayscale: 0.5}, {contrast: 1.2}], blend: multiply}
          - {src: quadrants.png, rotation: 3}
        layout: {kind: grid, gap: 10, padding: 10, columns: 2}
        overlays:
          - {text: kinds, font: {family: [DejaVu Sans], size: 24}, color: "#ffffff", anchor: top,
             shadow: {offset: [1, 1], blur: 2}}
          - {image: quadrants.png, width: 40, filter: [{invert: 1}], anchor: bottomLeft, offset: [6, -6], opacity: 0.8,
             blend: screen}
          - {shape: rect, width: 60, height: 30, cornerRadius: 6, fill: "#ffd166",
             stroke: {width: 2, color: "#000000", dash: [4, 2], join: round}, anchor: right, rotation: 10, layer: below}
          - {shape: line, points: [[10, 190], ["50%", 180]], stroke: {width: 3, cap: round}}
          - {qrcode: {text: "https://example.com", level: Q, size: 80, margin: 2, color: navy},
             anchor: bottomRight, offset: [-4, -4], shadow: {offset: [0, 2], blur: 3}}

        """

    func testEveryKindBuiltRendersAsTheSameDocumentFromYAML() throws {
        let dir = try TestPackage.temporaryDirectory(self)
        try Data(try ImageEncoder.encode(SyntheticPhotos.quadrants(), as: .png))
            .write(to: dir.appendingPathComponent("quadrants.png"))
        let renderer = DocumentRenderer(configuration: .init(threads: 2))
        let built = try renderer.render(.document(everyKind, baseDirectory: dir.path), format: .png)
        let read = try renderer.render(.text(yaml, baseDirectory: dir.path), format: .png)
        XCTAssertEqual(built.bytes, read.bytes, "the built document and the YAML render differently:\n\(everyKind.jsonText)")
        // Every overlay kind is built here: a new kind must get a builder (and a line above).
        let spec = try DocumentLoader.load(text: Array(everyKind.jsonText.utf8), file: "built.json", baseDirectory: dir.path)
        XCTAssertEqual(Set(spec.overlays.map(\.kindName)), Set(OverlayKindName.allCases))
    }

    /// Every layout kind built (its typed keys, others as `additionalKeys`) renders as the same YAML.
    func testEveryLayoutKindBuiltRendersAsTheSameDocumentFromYAML() throws {
        let dir = try TestPackage.temporaryDirectory(self)
        try Data(try ImageEncoder.encode(SyntheticPhotos.quadrants(), as: .png))
            .write(to: dir.appendingPathComponent("quadrants.png"))
        let renderer = DocumentRenderer(configuration: .init(threads: 2))
        for kind in LayoutKindName.allCases {
            let frame = CollageDocument.Frame(x: 10, y: .percent(10), width: 120, height: 90)
            let built: (layout: CollageDocument.Layout, photo: CollageDocument.Photo), yaml: (layout: String, photo: String)
            switch kind {
            case .auto:
                built = (.init(kind: .auto, gap: 4, padding: 2), .init("quadrants.png"))
                yaml = ("{kind: auto, gap: 4, padding: 2}", "quadrants.png")
            case .grid:
                built = (.init(kind: .grid, gap: 4, columns: 2, additionalKeys: ["columnWidths": .array([.number(1), .number(2)])]),
                         .init("quadrants.png", cell: .init(column: 2, row: 1)))
                yaml = ("{kind: grid, gap: 4, columns: 2, columnWidths: [1, 2]}", "{src: quadrants.png, cell: {column: 2, row: 1}}")
            case .free:
                built = (.init(kind: .free), .init("quadrants.png", frame: frame))
                yaml = ("{kind: free}", "{src: quadrants.png, frame: {x: 10, y: 10%, width: 120, height: 90}}")
            case .justified:
                built = (.init(kind: .justified, gap: 2, rowHeight: 70), .init("quadrants.png"))
                yaml = ("{kind: justified, gap: 2, rowHeight: 70}", "quadrants.png")
            }
            let document = CollageDocument(canvas: .init(width: 300, height: 200), photos: [built.photo], layout: built.layout)
            let text = "version: 1\ncanvas: {width: 300, height: 200}\nphotos: [\(yaml.photo)]\nlayout: \(yaml.layout)\n"
            XCTAssertEqual(try renderer.render(.document(document, baseDirectory: dir.path), format: .png).bytes,
                           try renderer.render(.text(text, baseDirectory: dir.path), format: .png).bytes, "kind \(kind)")
        }
    }
}
