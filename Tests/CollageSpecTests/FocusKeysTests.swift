import XCTest
@testable import CollageSpec

/// `focus` as a union (issue 40): `[x, y]`, `auto` or `faces`, on a photo
/// and as `layout.focus`, the default of photos that give none.
final class FocusKeysTests: XCTestCase {
    func testLayoutDefaultAndOwnFocus() throws {
        let ws = try Workspace(photos: ["a.jpg", "b.jpg", "c.jpg"])
        let spec = try ws.load("""
            version: 1
            canvas: {width: 300, height: 100}
            layout: {kind: grid, columns: 3, focus: faces}
            photos:
              - a.jpg
              - {src: b.jpg, focus: [0.2, 0.3]}
              - {src: c.jpg, focus: auto}
            """)
        XCTAssertEqual(spec.layout.focus, .strategy(.faces))
        XCTAssertEqual(spec.photos.map(\.focusStrategy), [.faces, nil, .auto])
        XCTAssertEqual(spec.photos[1].focusX, 0.2)
        XCTAssertEqual(spec.photos[1].focusY, 0.3)
        // Where each strategy was written: layout.focus for a, the photo's own for c.
        XCTAssertEqual(spec.photos[0].focusLocation.map { "\($0.line):\($0.column)" }, "3:41")
        XCTAssertEqual(spec.photos[2].focusLocation.map { "\($0.line):\($0.column)" }, "7:25")
        XCTAssertNil(spec.photos[1].focusLocation)
    }

    func testBadValuesAreLocated() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let errors = ws.errors("""
            version: 1
            canvas: {width: 300, height: 100}
            layout: {focus: center}
            photos:
              - {src: a.jpg, focus: [0.5, 2]}
            """)
        XCTAssertEqual(errors.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" }, [
            "3:17 'center' is not a valid 'focus'; use one of 'auto', 'faces'",
            "5:31 'focus' must be a fraction from 0 to 1; found 2",
        ])
    }
}
