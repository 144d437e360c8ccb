import XCTest
@testable import CollageSpec

/// Boolean typing, machine-readable diagnostics and `--strict` promotion.
final class StrictnessTests: XCTestCase {
    func testYAML11BooleanWordsSuggestTheBooleanMeant() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let cases = [("yes", "true"), ("no", "false"), ("on", "true"), ("off", "false"), ("True", "true"),
                     ("FALSE", "false"), ("y", "true"), ("n", "false")]
        for (word, meant) in cases {
            let errors = ws.errors("version: 1\ncanvas: {width: 9, height: 9}\noutput: {progressive: \(word)}\nphotos: [a.jpg]\n")
            XCTAssertEqual(places(errors), [Where(.wrongType, 3, 23)], word)
            XCTAssertEqual(errors.first?.message,
                           "expected a boolean (true or false) for 'progressive', found the string \"\(word)\"; did you mean '\(meant)'?")
        }
        // Not a boolean word: no suggestion. A real boolean: no error.
        let other = ws.errors("version: 1\ncanvas: {width: 9, height: 9}\noutput: {progressive: 1}\nphotos: [a.jpg]\n")
        XCTAssertEqual(other.first?.message, "expected a boolean (true or false) for 'progressive', found the integer 1")
        let valid = try ws.load("version: 1\ncanvas: {width: 9, height: 9}\noutput: {progressive: true}\nphotos: [a.jpg]\n")
        XCTAssertEqual(valid.output.settings["progressive"], "true")
    }

    func testDiagnosticJSONHasAFixedKeyOrderAndEscapes() {
        let located = Diagnostic(.unknownKey, at: SourceLocation(file: "a \"b\".yaml", line: 3, column: 5),
                                 "unknown key 'widht'\tx", notes: ["n1"])
        XCTAssertEqual(JSONText.write(located.json()), """
            {
              "file": "a \\"b\\".yaml",
              "line": 3,
              "column": 5,
              "severity": "error",
              "kind": "unknownKey",
              "message": "unknown key 'widht'\\tx",
              "notes": [
                "n1"
              ]
            }
            """)
        let unlocated = Diagnostic(.missingFile, at: nil, "cannot read document 'x': no such file")
        XCTAssertEqual(JSONText.write(unlocated.json(document: "x")),
                       "{\n  \"file\": \"x\",\n  \"line\": null,\n  \"column\": null,\n  \"severity\": \"error\",\n"
                       + "  \"kind\": \"missingFile\",\n  \"message\": \"cannot read document 'x': no such file\",\n  \"notes\": []\n}")
        XCTAssertEqual(JSONText.quoted("\u{1}é"), "\"\\u0001é\"")
        XCTAssertEqual(JSONText.number(12), "12")
        XCTAssertEqual(JSONText.number(-0.25), "-0.25")
        XCTAssertEqual(JSONText.number(.nan), "null")
    }

    func testStrictPromotesWarningsOnly() {
        let at = SourceLocation(file: "d.yaml", line: 2, column: 3)
        let warning = Diagnostic(.font, at: at, "no font named 'X'; using 'DejaVu Sans'", severity: .warning)
        XCTAssertEqual(warning.asError.severity, .error)
        XCTAssertEqual(warning.asError.kind, .font)
        XCTAssertEqual(warning.asError.location, at)
        XCTAssertEqual(warning.asError.notes, ["this warning is an error because of --strict"])
        let error = Diagnostic(.syntax, at: at, "bad")
        XCTAssertEqual(error.asError, error)
    }
}
