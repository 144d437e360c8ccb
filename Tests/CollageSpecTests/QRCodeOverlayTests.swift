import XCTest
@testable import CollageSpec

/// QR code overlays' document side (issue 34): the symbol is encoded by the
/// validator (libqrencode), and every bad input is an error at its key.
final class QRCodeOverlayTests: XCTestCase {
    func testKeysAndDefaults() throws {
        let ws = try Workspace()
        let spec = try ws.load("""
            version: 1
            canvas: {width: 400, height: 400}
            overlays:
              - qrcode: {text: "HELLO"}
              - qrcode: {text: "https://example.com", level: H, size: 200, margin: 2, color: navy, background: transparent}
                shadow: {blur: 3}
                anchor: topLeft
            """)
        guard case .qrcode(let plain) = spec.overlays[0].kind, case .qrcode(let styled) = spec.overlays[1].kind else {
            return XCTFail("not QR codes")
        }
        XCTAssertEqual(plain.level, .M)
        XCTAssertEqual(plain.symbol.side, 21)  // version 1
        XCTAssertEqual(plain.module, 4)
        XCTAssertEqual(plain.margin, 4)
        XCTAssertEqual(plain.side, (21 + 8) * 4)
        XCTAssertEqual(plain.color, .black)
        XCTAssertEqual(plain.background, .white)
        XCTAssertNil(plain.shadow)
        XCTAssertEqual(styled.level, .H)
        XCTAssertEqual(styled.margin, 2)
        // `size` 200 over (modules + 4) modules, rounded down to whole pixels.
        XCTAssertEqual(styled.module, 200 / (styled.symbol.side + 4))
        XCTAssertLessThanOrEqual(styled.side, 200)
        XCTAssertEqual(styled.background.alpha, 0)
        XCTAssertEqual(styled.shadow, DropShadow(blur: 3))
        XCTAssertEqual(spec.overlays[1].anchor, .topLeft)
        XCTAssertEqual(spec.overlays[1].kindName, .qrcode)
    }

    /// A higher level needs more modules for the same text.
    func testLevelsGrowTheSymbol() throws {
        let text = String(repeating: "collage ", count: 8)
        let sides = try QRCodeLevel.allCases.map { try QRCodeSymbol(encoding: text, level: $0).side }
        XCTAssertEqual(sides, sides.sorted())
        XCTAssertLessThan(sides[0], sides[3])
    }

    /// The largest symbol holds 7089 digits (version 40-L, ISO/IEC 18004);
    /// one more is refused before libqrencode is asked (it spent 14.5 s and
    /// 3.2 GB to refuse a 20 MB text).
    func testTheLargestSymbolsCapacityIsTheLimit() throws {
        XCTAssertEqual(try QRCodeSymbol(encoding: String(repeating: "7", count: 7089), level: .L).side, 177)
        XCTAssertThrowsError(try QRCodeSymbol(encoding: String(repeating: "7", count: 7090), level: .L)) {
            XCTAssertEqual($0 as? QRCodeSymbol.Failure, .tooLong)
        }
        XCTAssertThrowsError(try QRCodeSymbol(encoding: String(repeating: "x", count: 20_000_000), level: .L)) {
            XCTAssertEqual($0 as? QRCodeSymbol.Failure, .tooLong)
        }
    }

    func testBadInputIsLocated() throws {
        let ws = try Workspace()
        let long = String(repeating: "x", count: 1500)
        let errors = ws.errors("""
            version: 1
            canvas: {width: 400, height: 400}
            overlays:
              - qrcode: {text: "\(long)", level: H}
              - qrcode: {text: "https://example.com", size: 20}
              - qrcode: {text: ""}
              - qrcode: {level: Q}
              - qrcode: {text: a, size: 100, module: 2}
              - qrcode: {text: a, level: X}
              - {qrcode: {text: a}, font: {size: 3}}
              - {qrcode: {text: a}, text: b}
            """)
        // Each error with its kind and place, as one line.
        XCTAssertEqual(errors.map { "\(Where($0)) \($0.message)" }, [
            "outOfRange@4:20 'text' is too long for a QR code at level H: 1500 bytes do not fit the largest symbol (version 40)",
            "outOfRange@5:49 'size' 20 is too small for this QR code: its 25 modules and a quiet zone of 4 on each side need at least 33 pixels, one a module",
            "invalidValue@6:20 'text' is empty; give the text the QR code holds",
            "missingKey@7:13 missing key 'text' in 'qrcode': the text the code holds",
            "invalidValue@8:34 'qrcode' takes 'size' or 'module', not both",
            "invalidValue@9:30 'X' is not a valid 'level'; use one of 'L', 'M', 'Q', 'H'",
            "invalidValue@10:25 'font' applies to text overlays, not qrcode overlays",
            "invalidValue@11:25 an overlay has either 'text', 'image', 'shape' or 'qrcode', not both",
        ])
        // As `collage check` prints them: file:line:column: error: …
        XCTAssertTrue(errors[0].description.hasPrefix("doc.yaml:4:20: error: 'text' is too long"), errors[0].description)
        XCTAssertTrue(errors[1].description.hasPrefix("doc.yaml:5:49: error: 'size' 20 is too small"), errors[1].description)
        XCTAssertTrue(errors[2].description.hasPrefix("doc.yaml:6:20: error: 'text' is empty"), errors[2].description)
    }
}
