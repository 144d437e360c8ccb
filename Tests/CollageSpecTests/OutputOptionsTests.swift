import XCTest
@testable import CollageSpec

/// `output`: subsampling, progressive, dpi, lossless are typed Spec fields.
final class OutputOptionsTests: XCTestCase {
    func testOutputKeysBecomeTypedFields() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let spec = try ws.load("""
            version: 1
            output: {format: jpeg, quality: 85, subsampling: "444", progressive: true, dpi: 300, lossless: false}
            photos: [a.jpg]
            """)
        XCTAssertEqual(spec.output.format, .jpeg)
        XCTAssertEqual(spec.output.quality, 85)
        XCTAssertEqual(spec.output.subsampling, .yuv444)
        XCTAssertEqual(spec.output.progressive, true)
        XCTAssertEqual(spec.output.dpi, 300)
        XCTAssertEqual(spec.output.lossless, false)
        // Unquoted 420 keeps its source text, like any string key.
        let plain = try ws.load("version: 1\noutput: {subsampling: 420}\nphotos: [a.jpg]\n")
        XCTAssertEqual(plain.output.subsampling, .yuv420)
        let none = try ws.load("version: 1\nphotos: [a.jpg]\n")
        XCTAssertEqual(none.output, OutputSpec())
    }

    func testBadOutputValuesAreLocated() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let errors = ws.errors("""
            version: 1
            output: {subsampling: "422", progressive: yes, dpi: 0, lossless: True}
            photos: [a.jpg]
            """)
        XCTAssertEqual(places(errors), [Where(.invalidValue, 2, 23), Where(.wrongType, 2, 43),
                                        Where(.outOfRange, 2, 53), Where(.wrongType, 2, 66)])
        XCTAssertEqual(errors[1].message, "expected a boolean (true or false) for 'progressive', found the string \"yes\"; did you mean 'true'?")
        XCTAssertEqual(errors[2].message, "'dpi' must be from 1 to 65535; found 0")
    }
}
