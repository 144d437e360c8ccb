import Collage
import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// Issue 13 §2, generated from `schema/collage.schema.json`: every numeric
/// key the schema has (walked, so keys added later are covered without
/// editing this test) gets documents with the value at ±1e300, ±1e19, 2^31,
/// 1e-300, -0, 0, each bound of its range and one step past each bound (and,
/// where the key takes percentages, ±1e19% and 1e-300%). Each document goes
/// through `check`, `layout` and `render` in process (a 64 × 48 canvas, an
/// 8 × 6 photo). Every run succeeds or fails with located diagnostics; no
/// run traps (a trap would kill this test process). Against the schema's
/// ranges: a value inside the range gets no "'key' must be …" diagnostic at
/// its place, and a value outside it gets an `outOfRange` diagnostic there in
/// at least one of the key's contexts (so the validator enforces exactly the
/// schema's range). A sample of the documents also runs through the binary.
final class NumericKeyTests: XCTestCase {
    /// A numeric key of the schema: where it sits and its range.
    struct NumericKey: CustomStringConvertible {
        /// Object path and key, e.g. ["photo", "frame", "x"]; ["overlay", "font", "features", "*"]
        /// for a mapping's values.
        var path: [String]
        var integer: Bool
        var minimum: Double?
        var maximum: Double?
        var exclusiveMinimum: Double?
        var multipleOf: Double?
        /// The value is an item of a list (`focus`, `offset`, `columnWidths`).
        var item: Bool
        var percentages: Bool
        var description: String { path.joined(separator: ".") + (item ? "[]" : "") }

        func contains(_ value: Double) -> Bool {
            if let minimum, value < minimum { return false }
            if let exclusiveMinimum, value <= exclusiveMinimum { return false }
            if let maximum, value > maximum { return false }
            if let multipleOf, value.truncatingRemainder(dividingBy: multipleOf) != 0 { return false }
            return true
        }
    }

    static var schemaURL: URL { TestPackage.root.appendingPathComponent("schema/collage.schema.json") }

    /// Every numeric key of the schema, found by walking it.
    static func numericKeys() throws -> [NumericKey] {
        let data = try Data(contentsOf: schemaURL)
        let schema = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let defs = schema["$defs"] as? [String: Any] ?? [:]
        func resolve(_ node: [String: Any]) -> [String: Any] {
            guard let ref = node["$ref"] as? String, ref.hasPrefix("#/$defs/"),
                  let target = defs[String(ref.dropFirst(8))] as? [String: Any] else { return node }
            return target
        }
        func numeric(_ node: [String: Any]) -> [String: Any]? {
            let branches = node["anyOf"] as? [[String: Any]] ?? [node]
            if let branch = branches.first(where: { ["number", "integer"].contains($0["type"] as? String) }) { return branch }
            if let constant = branches.first(where: { $0["const"] is NSNumber })?["const"] as? NSNumber {
                return ["type": "integer", "minimum": constant, "maximum": constant]
            }
            return nil
        }
        func takesPercentages(_ node: [String: Any]) -> Bool {
            (node["anyOf"] as? [[String: Any]] ?? []).contains { $0["$ref"] as? String == "#/$defs/percentage" }
        }
        func key(_ path: [String], _ branch: [String: Any], item: Bool, percentages: Bool) -> NumericKey {
            func double(_ name: String) -> Double? { (branch[name] as? NSNumber)?.doubleValue }
            return NumericKey(path: path, integer: branch["type"] as? String == "integer",
                              minimum: double("minimum"), maximum: double("maximum"),
                              exclusiveMinimum: double("exclusiveMinimum"), multipleOf: double("multipleOf"),
                              item: item, percentages: percentages)
        }
        /// A list's items: its own, or those of the list branch of a union (`focus`: `[x, y]` | `auto` | `faces`).
        func arrayItems(_ property: [String: Any]) -> [String: Any]? {
            if let items = property["items"] as? [String: Any] { return items }
            let node = resolve(property)
            if let items = node["items"] as? [String: Any] { return items }
            let branches = (node["anyOf"] as? [[String: Any]] ?? []).map(resolve)
            return branches.first { $0["type"] as? String == "array" }?["items"] as? [String: Any]
        }
        var found: [NumericKey] = []
        func visit(_ object: [String: Any], path: [String]) {
            for (name, value) in object["properties"] as? [String: Any] ?? [:] {
                guard let property = value as? [String: Any] else { continue }
                let here = path + [name]
                if let branch = numeric(property) {
                    found.append(key(here, branch, item: false, percentages: takesPercentages(property)))
                } else if let items = arrayItems(property), let branch = numeric(items) {
                    found.append(key(here, branch, item: true, percentages: takesPercentages(items)))
                } else if let values = property["additionalProperties"] as? [String: Any], let branch = numeric(values) {
                    found.append(key(here + ["*"], branch, item: false, percentages: false))
                } else {
                    let target = resolve(property)
                    if path.count < 3, target["properties"] != nil, target["additionalProperties"] as? Bool == false,
                       property["$ref"] == nil || path.isEmpty {
                        // Nested objects (photo.cell, overlay.font); $defs are visited from the top.
                        if property["$ref"] == nil { visit(target, path: here) }
                    }
                }
            }
        }
        visit(schema, path: [])
        for (name, value) in defs {
            guard let def = value as? [String: Any], def["properties"] != nil, def["additionalProperties"] as? Bool == false else { continue }
            visit(def, path: [name])
        }
        return found.sorted { $0.description < $1.description }
    }

    /// The values tried for `key`, as written in the document: the issue's
    /// extremes, the bounds and one step past each (the next representable
    /// Double, or 1 for integers).
    static func values(for key: NumericKey) -> [String] {
        var values = ["1e300", "-1e300", "1e19", "-1e19", "2147483648", "1e-300", "-0", "0"]
        func text(_ value: Double) -> String {
            key.integer && value == value.rounded() && abs(value) < 1e15 ? String(Int(exactly: value)!) : "\(value)"
        }
        func step(_ value: Double, up: Bool) -> Double {
            key.integer ? value + (up ? 1 : -1) : (up ? value.nextUp : value.nextDown)
        }
        for bound in [key.minimum, key.exclusiveMinimum].compactMap({ $0 }) {
            values += [text(bound), text(step(bound, up: false)), text(step(bound, up: true))]
        }
        if let maximum = key.maximum { values += [text(maximum), text(step(maximum, up: true)), text(step(maximum, up: false))] }
        if key.percentages { values += ["1e19%", "-1e19%", "1e-300%", "100%"] }
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }

    /// Whether the schema accepts `text` for `key` (a number in range; an
    /// integer key needs an integer literal).
    static func accepts(_ text: String, _ key: NumericKey) -> Bool? {
        if text.hasSuffix("%") { return nil }   // percentages: ranges per key, only robustness asserted
        guard let value = Double(text) else { return false }
        if key.integer && (text.contains("e") || text.contains(".")) { return false }
        return key.contains(value)
    }

    // MARK: - Documents

    /// A value placeholder, replaced in the text after serialising.
    static let slot = "\u{1}VALUE\u{1}"

    /// A minimal JSON-as-YAML writer, one key per line, so the value's
    /// line:column is found in the text.
    indirect enum Tree {
        case map([(String, Tree)])
        case list([Tree])
        case raw(String)

        func text(_ indent: String = "") -> String {
            switch self {
            case .raw(let text): return text
            case .list(let items):
                return "[" + items.map { $0.text(indent) }.joined(separator: ", ") + "]"
            case .map(let members):
                let inner = indent + "  "
                return "{\n" + members.map { inner + "\"\($0.0)\": " + $0.1.text(inner) }.joined(separator: ",\n") + "\n" + indent + "}"
            }
        }

        /// `value` set at `path` (creating maps on the way); `item` puts it
        /// in the first place of a two-item list.
        func setting(_ path: ArraySlice<String>, to value: Tree) -> Tree {
            guard let first = path.first else { return value }
            guard case .map(var members) = self else { return self }
            if let index = members.firstIndex(where: { $0.0 == first }) {
                members[index].1 = members[index].1.setting(path.dropFirst(), to: value)
            } else {
                members.append((first, Tree.map([]).setting(path.dropFirst(), to: value)))
            }
            return .map(members)
        }
    }

    static let photo = Tree.raw("\"p.png\"")

    /// The documents `key` is tried in: each context puts the value where
    /// the key lives, with the siblings the schema requires.
    static func documents(for key: NumericKey, value: String) -> [String] {
        let placed: Tree = key.item ? .list([.raw(slot), .raw(key.path.last == "focus" ? "0.5" : "1")]) : .raw(slot)
        let canvas = Tree.map([("width", .raw("64")), ("height", .raw("48"))])
        func document(_ members: [(String, Tree)]) -> Tree {
            .map([("version", .raw("1")), ("canvas", canvas)] + members)
        }
        var trees: [Tree] = []
        let section = key.path[0]
        let inner = ArraySlice(key.path.dropFirst())
        switch section {
        case "photo":
            // The photo in every layout kind: keys of one kind are still read (and range-checked) in the others.
            var item = Tree.map([("src", photo)])
            switch key.path.count > 2 ? key.path[1] : "" {
            case "cell": item = item.setting(["cell"], to: .map([("column", .raw("1")), ("row", .raw("1"))]))
            case "frame": item = item.setting(["frame"], to: .map([("x", .raw("8")), ("y", .raw("8")), ("width", .raw("16")), ("height", .raw("16"))]))
            case "crop": item = item.setting(["crop"], to: .map([("x", .raw("0.25")), ("y", .raw("0.25")), ("width", .raw("0.5")), ("height", .raw("0.5"))]))
            default: break
            }
            item = item.setting(inner, to: placed)
            trees.append(document([("photos", .list([item, photo])), ("layout", .raw("{\"kind\": \"grid\", \"columns\": 2}"))]))
            trees.append(document([("photos", .list([item])), ("layout", .raw("{\"kind\": \"free\"}"))]))
            trees.append(document([("photos", .list([item]))]))
        case "layout":
            for kind in ["{\"kind\": \"grid\", \"columns\": 2}", "{\"kind\": \"justified\", \"rowHeight\": 24}",
                         "{\"kind\": \"justified\", \"direction\": \"vertical\", \"columnWidth\": 24}",
                         "{\"kind\": \"free\"}", "{\"kind\": \"auto\"}"] {
                var layout = parseFlatMap(kind)
                let list: Tree = key.item ? .list([.raw(slot), .raw("1")]) : .raw(slot)
                layout = layout.setting(inner, to: list)
                let free = kind.contains("free")
                let item: Tree = free ? .map([("src", photo), ("frame", .raw("{\"x\": 0, \"y\": 0, \"width\": 32, \"height\": 48}"))]) : photo
                trees.append(document([("photos", .list([item, item])), ("layout", layout)]))
            }
        case "overlay":
            var text = Tree.map([("text", .raw("\"Hi\""))])
            var image = Tree.map([("image", photo)])
            var shape = Tree.map([("shape", .raw("\"rect\"")), ("width", .raw("10")), ("height", .raw("10")),
                                  ("fill", .raw("\"#000000\""))])
            switch key.path.count > 2 ? key.path[1] : "" {
            case "stroke":
                text = text.setting(["stroke", "width"], to: .raw("1"))
                shape = shape.setting(["stroke", "width"], to: .raw("1"))
            case "background": text = text.setting(["background", "color"], to: .raw("\"#000000\""))
            default: break
            }
            var path = inner
            if path.last == "*" { path = path.dropLast() + ["kern"] }
            text = text.setting(path, to: placed)
            image = image.setting(path, to: placed)
            shape = shape.setting(path, to: placed)
            for overlay in [text, image, shape] {
                trees.append(document([("photos", .list([photo])), ("overlays", .list([overlay]))]))
            }
        case "canvas":
            let tree = Tree.map([("version", .raw("1")), ("canvas", canvas.setting(inner, to: placed)), ("photos", .list([photo]))])
            trees.append(tree)
        case "output":
            trees.append(document([("output", Tree.map([]).setting(inner, to: placed)), ("photos", .list([photo]))]))
        case "backgroundImage":
            let background = Tree.map([("image", photo)]).setting(inner, to: placed)
            trees.append(.map([("version", .raw("1")), ("canvas", canvas.setting(["background"], to: background)),
                               ("photos", .list([photo]))]))
        case "filterFunction":
            // The mapping form on a photo, and the list form on an image overlay.
            let filter = Tree.map([]).setting(inner, to: placed)
            trees.append(document([("photos", .list([Tree.map([("src", photo), ("filter", filter)])]))]))
            trees.append(document([("photos", .list([photo])),
                                   ("overlays", .list([Tree.map([("image", photo), ("filter", .list([filter]))])]))]))
        case "qrcode":
            // A QR code overlay's own mapping (`$defs/qrcode`).
            let code = Tree.map([("text", .raw("\"A\""))]).setting(inner, to: placed)
            trees.append(document([("photos", .list([photo])), ("overlays", .list([Tree.map([("qrcode", code)])]))]))
        case "component":
            // A component's box (`$defs/component`), read where it is declared.
            let component = Tree.map([("width", .raw("10")), ("height", .raw("10")), ("overlays", .list([]))]).setting(inner, to: placed)
            trees.append(document([("photos", .list([photo])), ("components", .map([("c", component)])),
                                   ("overlays", .list([Tree.map([("use", .raw("\"c\""))])]))]))
        case "variant":
            // A variant's canvas (`$defs/variant`), checked whether or not it is rendered.
            let variant = Tree.map([("width", .raw("10")), ("height", .raw("10"))]).setting(inner, to: placed)
            trees.append(document([("photos", .list([photo])), ("variants", .map([("v", variant)]))]))
        case "letterbox":
            let item = Tree.map([("src", photo), ("fit", .raw("\"contain\""))]).setting(ArraySlice(["letterbox"] + inner), to: placed)
            trees.append(document([("photos", .list([item]))]))
        default:
            // A key of the top level (`version`), or of a section this test does not know yet.
            let base = Tree.map([("canvas", canvas), ("photos", .list([photo]))])
            trees.append((section == "" ? base : base).setting(ArraySlice(key.path.filter { !$0.isEmpty }), to: placed)
                .adding(version: key.path != ["version"]))
        }
        return trees.map { $0.text() + "\n" }
    }

    /// `{"a": 1, "b": "x"}` (one level, as written above) as a tree.
    static func parseFlatMap(_ text: String) -> Tree {
        let body = text.dropFirst().dropLast()
        let members = body.split(separator: ",").map { part -> (String, Tree) in
            let pieces = part.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            return (String(pieces[0].dropFirst().dropLast()), .raw(pieces[1]))
        }
        return .map(members)
    }

    // MARK: - Runs

    struct Outcome {
        var diagnostics: [Diagnostic]
        var failed: Bool
    }

    /// `check`, `layout` and `render` in process: their diagnostics (check's
    /// are the same as layout's, both `prepare`) and whether each failed.
    static func run(_ path: String, output: String) -> (check: Outcome, render: Outcome) {
        var check = Outcome(diagnostics: [], failed: false)
        do {
            let prepared = try CollageRenderer.prepare(documentPath: path)
            check.diagnostics = prepared.warnings
            _ = LayoutReport.json(prepared)   // `collage layout`'s report
        } catch {
            check.failed = true
            if case .diagnostics(let list) = error { check.diagnostics = list.diagnostics }
            if case .usage(let message) = error { check.diagnostics = [Diagnostic(.invalidValue, at: nil, message)] }
        }
        var render = Outcome(diagnostics: [], failed: false)
        do {
            let report = try CollageRenderer.render(documentPath: path, options: RenderOptions(outputPath: output, threads: 1))
            render.diagnostics = report.warnings
        } catch {
            render.failed = true
            if case .diagnostics(let list) = error { render.diagnostics = list.diagnostics }
            if case .usage(let message) = error { render.diagnostics = [Diagnostic(.invalidValue, at: nil, message)] }
        }
        return (check, render)
    }

    func testEveryNumericKeyOfTheSchemaAtItsExtremesAndBounds() throws {
        setenv("FONTCONFIG_FILE", TestPaths.fontConfig.path, 0)
        let keys = try Self.numericKeys()
        // The schema has these today; more may come (they are then covered too).
        XCTAssertGreaterThanOrEqual(keys.count, 50, "\(keys)")
        for expected in ["canvas.width", "photo.frame.x", "photo.focus[]", "layout.columnWidths[]", "overlay.offset[]",
                         "overlay.shadow.blur", "overlay.font.size", "overlay.font.features.*", "version"] {
            XCTAssertTrue(keys.contains { $0.description == expected }, "the walk missed \(expected)")
        }
        for key in keys {
            XCTAssertTrue(key.minimum != nil || key.exclusiveMinimum != nil, "\(key) has no lower bound in the schema")
            XCTAssertNotNil(key.maximum, "\(key) has no upper bound in the schema")
        }
        let directory = try TestPackage.temporaryDirectory(self)
        try Data(try ImageEncoder.encode(SyntheticPhotos.quadrants(width: 8, height: 6), as: .png))
            .write(to: directory.appendingPathComponent("p.png"))
        let output = directory.appendingPathComponent("out.png").path
        var documents = 0
        var sample: [(URL, String)] = []
        for key in keys {
            for value in Self.values(for: key) {
                var rangeErrorSomewhere = false
                for (context, text) in Self.documents(for: key, value: value).enumerated() {
                    let slot = try XCTUnwrap(text.range(of: Self.slot), "\(key)")
                    let before = text[..<slot.lowerBound]
                    let line = before.filter { $0 == "\n" }.count + 1
                    let column = before.distance(from: before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex,
                                                 to: before.endIndex) + 1
                    let document = text.replacingOccurrences(of: Self.slot, with: value)
                    let file = directory.appendingPathComponent("\(documents).yaml")
                    try document.write(to: file, atomically: false, encoding: .utf8)
                    documents += 1
                    if value == "1e19" || value == "1e-300" { sample.append((file, "\(key) = \(value), context \(context)")) }
                    let (check, render) = Self.run(file.path, output: output)
                    let what = "\(key) = \(value) (context \(context)):\n\(document)"
                    for outcome in [check, render] {
                        for diagnostic in outcome.diagnostics where diagnostic.severity == .error {
                            XCTAssertNotNil(diagnostic.location, "an unlocated error for \(what): \(diagnostic)")
                        }
                        if outcome.failed {
                            XCTAssertTrue(outcome.diagnostics.contains { $0.severity == .error }, "failed without an error: \(what)")
                        }
                    }
                    let here = check.diagnostics.filter { $0.location?.line == line && $0.location?.column == column }
                    let name = key.path.last == "*" ? "kern" : key.path.last!
                    switch Self.accepts(value, key) {
                    case true?:
                        XCTAssertFalse(here.contains { $0.kind == .outOfRange && $0.message.hasPrefix("'\(name)' must be") },
                                       "a value the schema accepts was refused: \(what)\n\(here)")
                    case false?:
                        if !check.failed { XCTFail("a value the schema refuses was accepted: \(what)") }
                        if here.contains(where: { [.outOfRange, .wrongType, .invalidValue].contains($0.kind) }) { rangeErrorSomewhere = true }
                    case nil:
                        break
                    }
                }
                if Self.accepts(value, key) == false {
                    XCTAssertTrue(rangeErrorSomewhere, "\(key) = \(value): no outOfRange (or wrongType, invalidValue) error at the value in any context")
                }
            }
        }
        print("NumericKeyTests: \(keys.count) numeric keys, \(documents) documents, each checked, laid out and rendered")
        // A sample through the binary: exit 0, or 1 with a located message; never a signal.
        for (file, what) in sample.prefix(40) {
            for arguments in [["check", file.path], ["layout", file.path], ["render", file.path, "-o", output]] {
                let result = try runCollage(arguments, in: directory)
                XCTAssertTrue(result.status == 0 || result.status == 1, "\(arguments[0]) \(what): exit \(result.status)\n\(result.stderr)")
                if result.status == 1 {
                    XCTAssertTrue(result.stderr.contains("\(file.lastPathComponent):") || result.stderr.contains("\(file.path):"),
                                  "\(arguments[0]) \(what): no located message\n\(result.stderr)")
                }
            }
        }
    }
}

extension NumericKeyTests.Tree {
    /// `version: 1` first, unless the key under test is `version` itself.
    func adding(version: Bool) -> Self {
        guard version, case .map(let members) = self else {
            if case .map(let members) = self, let index = members.firstIndex(where: { $0.0 == "version" }) {
                var reordered = members
                let entry = reordered.remove(at: index)
                return .map([entry] + reordered)
            }
            return self
        }
        return .map([("version", .raw("1"))] + members)
    }
}
