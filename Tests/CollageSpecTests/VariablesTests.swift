import XCTest
@testable import CollageSpec

/// `vars` and `${name}`: substitution in any scalar, typing after substitution,
/// `$${`, overrides, and undefined names at their exact column.
final class VariablesTests: XCTestCase {
    func testSubstitutionInStringsAndNumbers() throws {
        let ws = try Workspace(photos: ["2026/a.jpg"])
        let spec = try ws.load("""
            version: 1
            vars: {year: "2026", size: 640, q: 85}
            canvas:
              width: "${size}"
              height: ${size}
            output: {quality: "${q}"}
            photos: ["${year}/a.jpg"]
            overlays: [{text: "夏休み ${year}, costs $${price}"}]
            """)
        XCTAssertEqual(spec.canvas.width, 640)
        XCTAssertEqual(spec.canvas.height, 640)
        XCTAssertEqual(spec.output.quality, 85)
        XCTAssertEqual(spec.photos.map(\.path), [ws.path("2026/a.jpg")])
        XCTAssertEqual(spec.photos.map(\.id), ["a"])
        XCTAssertEqual(spec.overlays.map(\.text?.text), ["夏休み 2026, costs ${price}"])
        XCTAssertEqual(spec.variables, ["year": "2026", "size": "640", "q": "85"])
    }

    func testOverridesWin() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let spec = try ws.load("version: 1\nvars: {title: Old}\nphotos: [a.jpg]\noverlays: [{text: '${title} ${extra}'}]\n",
                               variables: ["title": "New", "extra": "!"])
        XCTAssertEqual(spec.overlays.map(\.text?.text), ["New !"])
    }

    func testUndefinedVariableIsReportedAtItsColumn() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let errors = ws.errors("version: 1\nvars: {year: 1}\nphotos: [a.jpg]\noverlays:\n  - text: \"$${x} ${year} ${yeer}\"\n")
        XCTAssertEqual(places(errors), [Where(.undefinedVariable, 5, 26)])
        XCTAssertEqual(errors[0].message, "undefined variable 'yeer'; did you mean 'year'?")
    }

    func testASubstitutedNonNumberIsStillAWrongType() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let errors = ws.errors("version: 1\nvars: {w: wide}\ncanvas: {width: '${w}'}\nphotos: [a.jpg]\n")
        XCTAssertEqual(places(errors), [Where(.wrongType, 3, 17)])
        XCTAssertEqual(errors[0].message, "expected an integer for 'width', found the string \"wide\"")
    }

    func testUnclosedReferenceAndBadNames() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let errors = ws.errors("version: 1\nvars: {1st: x}\nphotos: [a.jpg]\noverlays: [{text: 'a ${b'}]\n")
        XCTAssertEqual(places(errors), [Where(.invalidValue, 2, 8), Where(.invalidValue, 4, 22)])
    }
}
