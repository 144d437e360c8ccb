import Foundation
import XCTest
@testable import CollageSpec

/// `schema/collage.schema.json` against the validator's vocabulary and the
/// text compiled into the binary (`collage schema`).
final class SchemaTests: XCTestCase {
    private var schemaURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../schema/collage.schema.json").standardizedFileURL
    }

    private func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: schemaURL)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Objects of the schema with a fixed key set (`additionalProperties:
    /// false`), by path: "" for the root, "photo" for `$defs/photo`,
    /// "photo.cell" for its `cell` property.
    private func closedObjects(_ schema: [String: Any]) -> [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        func visit(_ node: [String: Any], path: String) {
            guard node["additionalProperties"] as? Bool == false,
                  let properties = node["properties"] as? [String: Any] else { return }
            found[path] = Set(properties.keys)
            for (key, value) in properties {
                if let child = value as? [String: Any] {
                    visit(child, path: path.isEmpty ? key : path + "." + key)
                }
            }
        }
        visit(schema, path: "")
        for (name, value) in schema["$defs"] as? [String: Any] ?? [:] {
            if let def = value as? [String: Any] { visit(def, path: name) }
        }
        return found
    }

    func testSchemaKeysEqualTheValidatorsKeys() throws {
        let objects = closedObjects(try schema())
        for (path, section) in Vocabulary.bySchemaPath {
            let keys = try XCTUnwrap(objects[path], "the schema has no closed object at '\(path)'")
            XCTAssertEqual(keys, Set(section.allKeys), "keys of '\(path)' (\(section.name))")
        }
        // Nested objects whose keys the validator reads inside their parent
        // (no Section of their own yet): listed so a new schema object is a decision.
        let nested: Set<String> = ["photo.cell", "photo.frame", "photo.crop", "photo.border",
                                   "overlay.stroke", "overlay.shadow", "overlay.background"]
        XCTAssertEqual(Set(objects.keys).subtracting(Vocabulary.bySchemaPath.keys), nested)
        XCTAssertEqual(objects["photo.cell"], ["column", "row", "columnSpan", "rowSpan"])
        XCTAssertEqual(objects["photo.frame"], ["x", "y", "width", "height"])
        // One schema object for every overlay kind's `shadow` (text-shadow, drop-shadow: no
        // `spread`); a photo's box-shadow adds `spread` (issue 31).
        XCTAssertEqual(objects["overlay.shadow"], Set(Vocabulary.shadow.allKeys))
        XCTAssertEqual(Set(Vocabulary.shadow.allKeys), Set(Vocabulary.boxShadow.allKeys).subtracting(["spread"]))
    }

    /// Every saver's option (`OutputFormat.allOptions`: AVIF's `speed` and
    /// `chroma` as much as JPEG's `quality`) is an `output` property whose
    /// type, range, choices and default are the declaration's; the other
    /// `output` properties are the three every format shares.
    func testSaverOptionsAreTheSchemasOutputProperties() throws {
        let defs = try XCTUnwrap(try schema()["$defs"] as? [String: Any])
        let output = try XCTUnwrap((defs["output"] as? [String: Any])?["properties"] as? [String: Any])
        XCTAssertEqual(Set(output.keys), Set(OutputFormat.allOptions.map(\.key) + ["format", "dpi", "maxBytes"]))
        XCTAssertTrue(OutputFormat.allOptions.contains { $0.key == "speed" } && OutputFormat.allOptions.contains { $0.key == "chroma" })
        for option in OutputFormat.allOptions {
            let property = try XCTUnwrap(output[option.key] as? [String: Any], option.key)
            let value = try XCTUnwrap((property["anyOf"] as? [[String: Any]])?.first, option.key)
            switch option.kind {
            case .integer(let range):
                XCTAssertEqual(value["type"] as? String, "integer", option.key)
                XCTAssertEqual(value["minimum"] as? Int, range.lowerBound, option.key)
                XCTAssertEqual(value["maximum"] as? Int, range.upperBound, option.key)
                XCTAssertEqual((property["default"] as? Int).map(String.init), option.defaultValue, option.key)
            case .boolean:
                XCTAssertEqual(value["type"] as? String, "boolean", option.key)
                XCTAssertEqual((property["default"] as? Bool).map { $0 ? "true" : "false" }, option.defaultValue, option.key)
            case .choice(let choices):
                XCTAssertEqual((value["enum"] as? [Any])?.compactMap { $0 as? String }, choices, option.key)
                XCTAssertEqual(property["default"] as? String, option.defaultValue, option.key)
            }
            // Its description names each format that takes it.
            let description = try XCTUnwrap(property["description"] as? String, option.key)
            for format in OutputFormat.formats(taking: option.key) where OutputFormat.formats(taking: option.key).count < 3 {
                XCTAssertTrue(description.contains(format.displayName), "\(option.key): \(description)")
            }
        }
    }

    /// A rich-text span's object sits inside `overlay.text`'s `anyOf` (no
    /// property path of its own): its keys equal `Vocabulary.span`'s.
    func testSpanKeysEqualTheValidatorsKeys() throws {
        let defs = try XCTUnwrap(try schema()["$defs"] as? [String: Any])
        let text = try XCTUnwrap(((defs["overlay"] as? [String: Any])?["properties"] as? [String: Any])?["text"] as? [String: Any])
        let list = try XCTUnwrap((text["anyOf"] as? [[String: Any]])?.first { $0["type"] as? String == "array" })
        let span = try XCTUnwrap(((list["items"] as? [String: Any])?["anyOf"] as? [[String: Any]])?
            .first { $0["type"] as? String == "object" })
        XCTAssertEqual(span["additionalProperties"] as? Bool, false)
        XCTAssertEqual(Set((span["properties"] as? [String: Any] ?? [:]).keys), Set(Vocabulary.span.allKeys))
    }

    func testSchemaIdentityAndEnumerations() throws {
        let schema = try schema()
        XCTAssertEqual(schema["$schema"] as? String, "https://json-schema.org/draft/2020-12/schema")
        XCTAssertEqual(schema["$id"] as? String, DocumentSchema.id)
        XCTAssertTrue(DocumentSchema.id.hasSuffix("/v1"))
        let defs = try XCTUnwrap(schema["$defs"] as? [String: Any])
        func values(_ def: String, _ key: String) -> [String] {
            let property = ((defs[def] as? [String: Any])?["properties"] as? [String: Any])?[key] as? [String: Any]
            let choices = property?["anyOf"] as? [[String: Any]] ?? []
            return choices.compactMap { $0["enum"] as? [Any] }.first?.compactMap { $0 as? String } ?? []
        }
        XCTAssertEqual(values("layout", "kind"), Vocabulary.layoutKinds + Vocabulary.unsupportedLayoutKinds)
        XCTAssertEqual(values("photo", "fit"), Vocabulary.fits)
        XCTAssertEqual(values("photo", "flip"), Flip.allCases.map(\.rawValue))
        XCTAssertEqual(values("output", "format"), Vocabulary.formats)
        // The one format table (`OutputFormat`, the savers' registry) is what the schema lists.
        XCTAssertEqual(values("output", "format"), OutputFormat.allCases.map(\.name))
        let output = try XCTUnwrap((defs["output"] as? [String: Any])?["properties"] as? [String: Any])
        let formatText = try XCTUnwrap((output["format"] as? [String: Any])?["description"] as? String)
        for format in OutputFormat.allCases {
            XCTAssertTrue(formatText.contains("`\(format.name)` (" + format.extensions.map { "`.\($0)`" }.joined(separator: ", ")),
                          "\(format.name): \(formatText)")
            if format.maximumSide < 1 << 20 {
                XCTAssertTrue(formatText.contains("at most \(format.maximumSide) px a side"), "\(format.name): \(formatText)")
            }
        }
        XCTAssertEqual(values("overlay", "anchor"), Anchor.allCases.map(\.rawValue))
    }

    /// docs/format.md's key tables are generated from the schema by
    /// `scripts/gen-format-docs`; the committed file must equal its output.
    func testFormatReferenceTablesAreGeneratedFromTheSchema() throws {
        let root = schemaURL.deletingLastPathComponent().deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", root.appendingPathComponent("scripts/gen-format-docs").path, "--check"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "run scripts/gen-format-docs:\n\(text)")
        let reference = try String(contentsOf: root.appendingPathComponent("docs/format.md"), encoding: .utf8)
        // Every closed object of the schema has its table.
        for path in closedObjects(try schema()).keys.sorted() {
            XCTAssertTrue(reference.contains("<!-- generated from the schema: \(path) -->"), "no generated table for '\(path)'")
        }
    }

    func testCompiledSchemaEqualsTheFile() throws {
        let file = try String(contentsOf: schemaURL, encoding: .utf8)
        XCTAssertEqual(DocumentSchema.text, file, "run scripts/generate-schema-source")
    }

    func testEveryExampleNamesTheSchemaAndTheReferenceNamesEveryKey() throws {
        let root = schemaURL.deletingLastPathComponent().deletingLastPathComponent()
        let examples = root.appendingPathComponent("examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".yaml") }
        XCTAssertFalse(names.isEmpty)
        for name in names {
            let text = try String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8)
            XCTAssertTrue(text.hasPrefix("# yaml-language-server: $schema=../schema/collage.schema.json\n"), name)
        }
        let reference = try String(contentsOf: root.appendingPathComponent("docs/format.md"), encoding: .utf8)
        for section in Vocabulary.bySchemaPath.values {
            for key in section.allKeys {
                XCTAssertTrue(reference.contains("`\(key)`"), "docs/format.md does not describe '\(key)' (\(section.name))")
            }
        }
    }
}
