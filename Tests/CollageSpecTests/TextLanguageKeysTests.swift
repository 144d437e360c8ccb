import XCTest
@testable import CollageSpec

/// `lang`, `lineBreak` and `tabSize` of a text overlay (issue 16).
final class TextLanguageKeysTests: XCTestCase {
    func testLangIsKeptAsWrittenAndLineBreakAndTabSizeAreRead() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let spec = try ws.load("""
            version: 1
            photos: [a.jpg]
            overlays:
              - {text: x, lang: no, lineBreak: strict, tabSize: 4}
              - {text: y, lang: zh-Hans-CN}
              - {text: z}
            """)
        XCTAssertEqual(spec.overlays[0].text!.lang, "no")
        XCTAssertEqual(spec.overlays[0].text!.langLocation?.line, 4)
        XCTAssertEqual(spec.overlays[0].text!.langLocation?.column, 21)
        XCTAssertEqual(spec.overlays[0].text!.style.lineBreak, .strict)
        XCTAssertEqual(spec.overlays[0].text!.style.tabSize, 4)
        XCTAssertEqual(spec.overlays[1].text!.lang, "zh-Hans-CN")
        XCTAssertNil(spec.overlays[2].text!.lang)
        XCTAssertEqual(spec.overlays[2].text!.style.lineBreak, .normal)
        XCTAssertEqual(spec.overlays[2].text!.style.tabSize, 8)
    }

    func testBadValuesHaveExactDiagnostics() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let errors = ws.errors("""
            version: 1
            photos: [a.jpg]
            overlays:
              - {text: x, lang: en_US}
              - {text: x, lang: "e"}
              - {text: x, lang: "ja--JP"}
              - {text: x, lineBreak: anywhere}
              - {text: x, tabSize: -1}
            """)
        XCTAssertEqual(places(errors), [
            Where(.invalidValue, 4, 21), Where(.invalidValue, 5, 21), Where(.invalidValue, 6, 21),
            Where(.invalidValue, 7, 26), Where(.outOfRange, 8, 24),
        ])
        XCTAssertEqual(errors.map(\.message), [
            "'en_US' is not a BCP 47 language tag for 'lang' (subtags are joined by '-', not '_'); write one such as 'ja', 'zh-Hans' or 'en-US'",
            "'e' is not a BCP 47 language tag for 'lang'; write one such as 'ja', 'zh-Hans' or 'en-US'",
            "'ja--JP' is not a BCP 47 language tag for 'lang'; write one such as 'ja', 'zh-Hans' or 'en-US'",
            "'anywhere' is not a valid 'lineBreak'; use one of 'strict', 'normal', 'loose'",
            "'tabSize' must be from 0 to 1000 (space widths); found -1",
        ])
    }
}

/// `width`, `height`, `verticalAlign` and `align: justify` of a text overlay.
final class TextBoxKeysTests: XCTestCase {
    func testBoxKeysAreRead() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let spec = try ws.load("""
            version: 1
            photos: [a.jpg]
            overlays:
              - {text: x, width: 300, height: "40%", verticalAlign: bottom, align: justify, fit: shrink}
            """)
        let style = spec.overlays[0].text!.style
        XCTAssertEqual(style.width, .pixels(300))
        XCTAssertEqual(style.height, .percent(40))
        XCTAssertEqual(style.verticalAlign, .bottom)
        XCTAssertEqual(style.align, .justify)
        XCTAssertEqual(style.fit, .shrink)
    }

    func testBadBoxKeysHaveExactDiagnostics() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let errors = ws.errors("""
            version: 1
            photos: [a.jpg]
            overlays:
              - {text: x, width: 300, maxWidth: 200}
              - {text: x, maxHeight: 200, height: 100}
              - {text: x, verticalAlign: center}
              - {text: x, height: 100, verticalAlign: middle}
            """)
        XCTAssertEqual(places(errors), [
            Where(.invalidValue, 4, 27), Where(.invalidValue, 5, 31), Where(.missingKey, 6, 15), Where(.invalidValue, 7, 43),
        ])
        XCTAssertEqual(errors.map(\.message), [
            "'width' and 'maxWidth' cannot be combined: 'width' fixes the text box's width, 'maxWidth' bounds a box that fits its text",
            "'height' and 'maxHeight' cannot be combined: 'height' fixes the text box's height, 'maxHeight' bounds a box that fits its text",
            "'verticalAlign' needs 'height': it places the lines inside a text box of fixed height",
            "'middle' is not a valid 'verticalAlign'; did you mean 'center'?",
        ])
    }
}

/// `text: [span, …]`: strings and mappings resolved over the overlay's keys.
final class TextSpanKeysTests: XCTestCase {
    func testSpansAreResolvedOverTheOverlay() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let spec = try ws.load("""
            version: 1
            photos: [a.jpg]
            overlays:
              - text:
                  - "Ada "
                  - {text: Lovelace, font: {weight: bold, size: "10%"}, color: red, letterSpacing: 2, lang: en-GB}
                font: {family: DejaVu Sans, size: 30}
                color: white
                letterSpacing: 1
                lang: en
            """)
        let text = spec.overlays[0].text!
        XCTAssertEqual(text.text, "Ada Lovelace")
        XCTAssertEqual(text.spans.count, 2)
        XCTAssertEqual(text.spans[0].text, "Ada ")
        XCTAssertEqual(text.spans[0].font, text.font)
        XCTAssertEqual(text.spans[0].color, RGBA(red: 255, green: 255, blue: 255, alpha: 255))
        XCTAssertEqual(text.spans[0].letterSpacing, 1)
        XCTAssertEqual(text.spans[0].lang, "en")
        XCTAssertEqual(text.spans[1].font.family, ["DejaVu Sans"])
        XCTAssertEqual(text.spans[1].font.weight, 700)
        XCTAssertEqual(text.spans[1].font.relativeSize, 10)
        XCTAssertEqual(text.spans[1].color, RGBA(red: 255, green: 0, blue: 0, alpha: 255))
        XCTAssertEqual(text.spans[1].letterSpacing, 2)
        XCTAssertEqual(text.spans[1].lang, "en-GB")
    }

    func testBadSpansShowTheSpanForm() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let errors = ws.errors("""
            version: 1
            photos: [a.jpg]
            overlays:
              - text: [[a, b], {font: {size: 3}}, {text: x, size: 3}, ~]
            """)
        XCTAssertEqual(places(errors), [
            Where(.wrongType, 4, 12), Where(.missingKey, 4, 20), Where(.unknownKey, 4, 49), Where(.wrongType, 4, 59),
        ])
        XCTAssertEqual(errors[0].message, "a span is a string or a mapping {text, font, color, letterSpacing, lang, ruby}; found a list")
        XCTAssertEqual(errors[1].message, "missing key 'text' in a span: the span's text")
        XCTAssertEqual(errors[3].message,
                       "a span is a string or a mapping {text, font, color, letterSpacing, lang, ruby}; found nothing (an empty value)")
    }
}
