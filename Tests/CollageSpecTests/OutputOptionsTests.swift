import XCTest
@testable import CollageSpec

/// `output`: the savers' options (`quality`, `subsampling`, `progressive`,
/// `lossless`...) are read by their declarations into `settings`; `dpi` is typed.
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
        XCTAssertEqual(spec.output.settings["subsampling"], "444")
        XCTAssertEqual(spec.output.settings["progressive"], "true")
        XCTAssertEqual(spec.output.dpi, 300)
        XCTAssertEqual(spec.output.settings["lossless"], "false")
        // Unquoted 420 keeps its source text, like any string key.
        let plain = try ws.load("version: 1\noutput: {subsampling: 420}\nphotos: [a.jpg]\n")
        XCTAssertEqual(plain.output.settings["subsampling"], "420")
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

    /// The savers' options (the shared `quality`, AVIF's `speed`, `chroma`)
    /// are read by their declared kind into `settings`; `maxBytes` is a typed field.
    func testSaverOptionsAndMaxBytes() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let spec = try ws.load("""
            version: 1
            output: {format: avif, quality: 60, speed: 3, chroma: 420, maxBytes: 50000}
            photos: [a.jpg]
            """)
        XCTAssertEqual(spec.output.format, .avif)
        XCTAssertEqual(spec.output.quality, 60)
        XCTAssertEqual(spec.output.settings, ["quality": "60", "speed": "3", "chroma": "420"])
        XCTAssertEqual(spec.output.maxBytes, 50000)
        XCTAssertEqual(spec.output.maxBytesLocation?.line, 2)
        XCTAssertEqual(spec.output.maxBytesLocation?.column, 70)
        let errors = ws.errors("""
            version: 1
            output: {speed: 10, chroma: "422", maxBytes: 0, format: heic}
            photos: [a.jpg]
            """)
        XCTAssertEqual(places(errors), [Where(.outOfRange, 2, 17), Where(.invalidValue, 2, 29),
                                        Where(.outOfRange, 2, 46), Where(.invalidValue, 2, 57)])
        XCTAssertEqual(errors.map(\.message), [
            "'speed' must be from 0 to 9; found 10",
            "'422' is not a valid 'chroma'; did you mean '420'?",
            "'maxBytes' must be from 1 to 1099511627776; found 0",
            "'heic' is not a valid 'format'; use one of 'jpeg', 'png', 'webp', 'avif', 'pdf'",
        ])
    }
}
