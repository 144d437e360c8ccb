import XCTest
@testable import CollageSpec

/// `canvas.compositing` (issue 36): `css` by default, `linear` on request,
/// anything else an error at the value with a suggestion.
final class CompositingKeyTests: XCTestCase {
    func testDefaultIsCSSAndLinearIsRead() throws {
        let workspace = try Workspace(photos: ["a.jpg"])
        XCTAssertEqual(try workspace.load("version: 1\nphotos: [a.jpg]\n").canvas.compositing, .css)
        XCTAssertEqual(try workspace.load("version: 1\ncanvas: {compositing: css}\nphotos: [a.jpg]\n").canvas.compositing, .css)
        let linear = try workspace.load("version: 1\ncanvas:\n  width: 10\n  height: 10\n  compositing: linear\nphotos: [a.jpg]\n")
        XCTAssertEqual(linear.canvas.compositing, .linear)
    }

    func testBadValueIsLocatedWithASuggestion() throws {
        let workspace = try Workspace(photos: ["a.jpg"])
        let errors = workspace.errors("version: 1\ncanvas: {width: 10, height: 10, compositing: linaer}\nphotos: [a.jpg]\n")
        XCTAssertEqual(places(errors), [Where(.invalidValue, 2, 46)])
        XCTAssertEqual(errors.first?.message, "'linaer' is not a valid 'compositing'; did you mean 'linear'?")
        let other = workspace.errors("version: 1\ncanvas:\n  compositing: srgb\nphotos: [a.jpg]\n")
        XCTAssertEqual(places(other), [Where(.invalidValue, 3, 16)])
        XCTAssertEqual(other.first?.message, "'srgb' is not a valid 'compositing'; use one of 'css', 'linear'")
    }

    func testMisspeltKeySuggestsCompositing() throws {
        let workspace = try Workspace(photos: ["a.jpg"])
        let errors = workspace.errors("version: 1\ncanvas: {compositng: css}\nphotos: [a.jpg]\n")
        XCTAssertEqual(errors.first?.message, "unknown key 'compositng' in 'canvas'; did you mean 'compositing'?")
        XCTAssertEqual(places(errors).first, Where(.unknownKey, 2, 10))
    }
}
