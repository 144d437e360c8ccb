import XCTest
@testable import CollageSpec

final class ColorParserTests: XCTestCase {
    func testHexForms() {
        XCTAssertEqual(ColorParser.parse("#fff"), RGBA(red: 255, green: 255, blue: 255))
        XCTAssertEqual(ColorParser.parse("#1aF"), RGBA(red: 0x11, green: 0xAA, blue: 0xFF))
        XCTAssertEqual(ColorParser.parse("#102030"), RGBA(red: 0x10, green: 0x20, blue: 0x30))
        XCTAssertEqual(ColorParser.parse("#00000080"), RGBA(red: 0, green: 0, blue: 0, alpha: 0x80))
        XCTAssertEqual(ColorParser.parse("#FfEeDd01"), RGBA(red: 0xFF, green: 0xEE, blue: 0xDD, alpha: 1))
    }

    func testNamedColours() {
        XCTAssertEqual(ColorParser.parse("white"), .white)
        XCTAssertEqual(ColorParser.parse("Black"), .black)
        XCTAssertEqual(ColorParser.parse("rebeccapurple"), RGBA(red: 0x66, green: 0x33, blue: 0x99))
        XCTAssertEqual(ColorParser.parse("gray"), RGBA(red: 128, green: 128, blue: 128))
        XCTAssertEqual(ColorParser.parse("grey"), ColorParser.parse("gray"))
        XCTAssertEqual(ColorParser.parse("lightgoldenrodyellow"), RGBA(red: 0xFA, green: 0xFA, blue: 0xD2))
        XCTAssertEqual(ColorParser.parse("transparent"), RGBA(red: 0, green: 0, blue: 0, alpha: 0))
        XCTAssertEqual(CSSNamedColors.table.count, 148)
    }

    func testRejected() {
        for text in ["", "#", "#ff", "#ffff", "#fffff", "#fffffff", "#gggggg", "#ff00ff0", "whitey", "rgb(0,0,0)", "ffffff"] {
            XCTAssertNil(ColorParser.parse(text), text)
        }
    }
}
