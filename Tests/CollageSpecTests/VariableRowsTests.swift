import CollageSpec
import XCTest

/// Batch rows from JSON and YAML through the document reader.
final class VariableRowsTests: XCTestCase {
    func read(_ text: String, file: String = "rows.yaml") throws(DiagnosticList) -> [VariableRows.Row] {
        try VariableRows.read(SourceText(file: file, bytes: Array(text.utf8)))
    }

    func diagnostics(_ text: String) -> [Diagnostic] {
        do { _ = try read(text); return [] } catch { return error.diagnostics }
    }

    func testJSONAndYAMLRowsKeepScalarTextAndLocations() throws {
        let json = try read(#"[{"id": "tokyo", "n": 1.50}, {"id": "القاهرة", "flag": true}]"#, file: "rows.json")
        XCTAssertEqual(json.map(\.fields), [["id": "tokyo", "n": "1.50"], ["id": "القاهرة", "flag": "true"]])
        XCTAssertEqual(json.map(\.location), [SourceLocation(file: "rows.json", line: 1, column: 2),
                                              SourceLocation(file: "rows.json", line: 1, column: 30)])
        // JSON rows are RFC 8259: a leading zero is a syntax error, a surrogate pair one emoji.
        do {
            _ = try read(#"[{"n": 010}]"#, file: "rows.json")
            XCTFail("010 is not JSON")
        } catch {
            XCTAssertEqual(places(error.diagnostics), [Where(.syntax, 1, 8)])
        }
        XCTAssertEqual(try read(#"[{"t": "\ud83d\ude00"}]"#, file: "rows.json").map(\.fields), [["t": "😀"]])
        let yaml = try read("- id: a\n  title: \"x, y\"\n- id: b\n")
        XCTAssertEqual(yaml.map(\.fields), [["id": "a", "title": "x, y"], ["id": "b"]])
        XCTAssertEqual(yaml.map(\.location.line), [1, 3])
        XCTAssertEqual(try read(""), [])
    }

    func testProblemsAreLocated() {
        XCTAssertEqual(diagnostics("{id: a}").map(\.kind), [.wrongType])
        let problems = diagnostics("- {id: a, 1x: b}\n- plain\n- {id: [1, 2]}\n")
        XCTAssertEqual(problems.map(\.kind), [.invalidValue, .wrongType, .wrongType])
        XCTAssertEqual(problems.map { $0.location?.line }, [1, 2, 3])
        XCTAssertEqual(problems[2].message, "expected a string or number for 'id', found a list")
        XCTAssertEqual(diagnostics("- {id: a, id: b}\n").map(\.kind), [.duplicateKey])
        XCTAssertEqual(diagnostics("- {id: [\n").map(\.kind), [.syntax])
    }
}
