import XCTest
@testable import CollageSpec

final class SuggestionsTests: XCTestCase {
    func testTyposFindTheirKey() {
        let keys = ["width", "height", "background"]
        XCTAssertEqual(Suggestions.closest(to: "widht", in: keys), "width")
        XCTAssertEqual(Suggestions.closest(to: "Height", in: keys), "height")
        XCTAssertEqual(Suggestions.closest(to: "backgrond", in: keys), "background")
        XCTAssertEqual(Suggestions.closest(to: "max_width", in: ["maxWidth", "width"]), "maxWidth")
        XCTAssertEqual(Suggestions.closest(to: "yaer", in: ["year"]), "year")
    }

    func testFarOrTinyWordsGetNoSuggestion() {
        XCTAssertNil(Suggestions.closest(to: "colour", in: ["width", "height", "background"]))
        XCTAssertNil(Suggestions.closest(to: "d", in: ["a", "b", "c"]))
        XCTAssertNil(Suggestions.closest(to: "zz", in: ["id"]))
        XCTAssertEqual(Suggestions.closest(to: "ID", in: ["id"]), "id")
    }

    func testEditDistance() {
        func d(_ a: String, _ b: String) -> Int {
            Suggestions.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars))
        }
        XCTAssertEqual(d("", "abc"), 3)
        XCTAssertEqual(d("kitten", "sitting"), 3)
        XCTAssertEqual(d("widht", "width"), 1)
        XCTAssertEqual(d("ca", "abc"), 3)
        XCTAssertEqual(d("夏休み", "夏休"), 1)
    }
}
