import Foundation
import XCTest
@testable import CollageSpec

/// Issue 29: the keys that name files are marked once, in the schema, and
/// the validator resolves paths in one function.
final class InputKeysTests: XCTestCase {
    private var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL
    }

    /// Every property the schema types as a path carries its input kind, and
    /// the other way round; the marks read by an independent JSON parser equal
    /// `DocumentSchema.inputKinds`.
    func testEveryPathKeyIsMarkedAndTheMarksAreTheInputKinds() throws {
        let data = try Data(contentsOf: root.appendingPathComponent("schema/collage.schema.json"))
        let schema = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        var pathTyped: Set<String> = [], marked: [String: String] = [:]
        func visit(_ node: [String: Any], _ path: String) {
            for (key, value) in node {
                switch key {
                case "properties":
                    for (name, property) in value as? [String: Any] ?? [:] {
                        guard let property = property as? [String: Any] else { continue }
                        let full = path.isEmpty ? name : path + "." + name
                        if property["x-type"] as? String == "path" { pathTyped.insert(full) }
                        if let kind = property["x-collage-input"] as? String { marked[full] = kind }
                        visit(property, full)
                    }
                case "anyOf", "oneOf", "allOf":
                    for item in value as? [[String: Any]] ?? [] { visit(item, path) }
                case "items":
                    if let item = value as? [String: Any] { visit(item, path) }
                default:
                    break
                }
            }
        }
        visit(schema, "")
        for (name, definition) in schema["$defs"] as? [String: Any] ?? [:] {
            if let definition = definition as? [String: Any] { visit(definition, name) }
        }
        XCTAssertEqual(pathTyped, Set(marked.keys), "a key typed 'path' without x-collage-input, or the reverse")
        XCTAssertEqual(marked, DocumentSchema.inputKinds.mapValues(\.rawValue))
        XCTAssertEqual(Set(marked.values).subtracting(InputKind.allCases.map(\.rawValue)), [])
        XCTAssertEqual(marked.count, 5)
    }

    /// Paths written in a document become files in one function: no other
    /// source of the validator resolves one (`PhotoGlob` probes a `src` to
    /// tell a file from a pattern, then hands the file to that function).
    func testOneFunctionResolvesEveryWrittenPath() throws {
        let folder = root.appendingPathComponent("Sources/CollageSpec")
        var resolving: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            if text.contains("PathResolver.resolve(") { resolving.append(name) }
        }
        XCTAssertEqual(resolving.sorted(), ["PhotoGlob.swift", "Validator+Files.swift"])
        let files = try String(contentsOf: folder.appendingPathComponent("Validator+Files.swift"), encoding: .utf8)
        XCTAssertEqual(files.components(separatedBy: "PathResolver.resolve(").count - 1, 1)
    }

    /// A document's inputs carry the key, kind and place the validator gave them.
    func testTheValidatorGivesEachInputItsKeyAndKind() throws {
        let ws = try Workspace(photos: ["a.jpg", "logo.png", "bg.png", "f.ttf"])
        let spec = try ws.load("""
            version: 1
            canvas: {width: 10, height: 10, background: {image: bg.png}}
            photos: [a.jpg]
            overlays:
              - image: logo.png
              - {text: x, font: {file: f.ttf}}
            """)
        XCTAssertEqual(spec.inputs.map(\.key), ["photo.src", "overlay.image", "overlay.font.file", "backgroundImage.image"])
        XCTAssertEqual(spec.inputs.map(\.kind), [.image, .image, .font, .image])
        XCTAssertEqual(spec.inputs.map(\.path), ["a.jpg", "logo.png", "f.ttf", "bg.png"].map(ws.path))
        XCTAssertEqual(spec.inputs.map { "\($0.location.line):\($0.location.column)" }, ["3:10", "5:12", "6:28", "2:53"])
    }
}
