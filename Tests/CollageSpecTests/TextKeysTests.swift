import XCTest
@testable import CollageSpec

/// The text overlay keys of issue 4: typed values, defaults, percentages,
/// exact diagnostics.
final class TextKeysTests: XCTestCase {
    func testEveryTextKeyIsRead() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        try ws.touch("fonts/Custom.ttf")
        let spec = try ws.load("""
            version: 1
            photos: [a.jpg]
            overlays:
              - text: "Hi"
                photo: a
                font: {family: DejaVu Sans, size: "5%", weight: bold, style: italic, file: fonts/Custom.ttf,
                       features: {tnum: true, liga: false, salt: 2}}
                maxWidth: "80%"
                maxHeight: 200
                fit: shrink
                align: left
                lineHeight: 1.25
                letterSpacing: -1.5
                maxLines: 2
                direction: horizontal
                stroke: {width: "10%", color: "#000"}
                shadow: {offset: [0, 4], blur: 6, color: "#00000080"}
                background: {color: white, padding: 12, cornerRadius: "25%"}
                offset: ["-5%", 20]
            """)
        let overlay = spec.overlays[0]
        XCTAssertEqual(overlay.photo, "a")
        XCTAssertEqual(overlay.photoLocation?.line, 5)
        XCTAssertEqual(overlay.text!.font.relativeSize, 5)
        XCTAssertEqual(overlay.text!.font.weight, 700)
        XCTAssertEqual(overlay.text!.font.style, .italic)
        XCTAssertEqual(overlay.text!.font.file, ws.path("fonts/Custom.ttf"))
        XCTAssertEqual(overlay.text!.font.features, [FontFeature(tag: "tnum", value: 1), FontFeature(tag: "liga", value: 0),
                                               FontFeature(tag: "salt", value: 2)])
        let style = overlay.text!.style
        XCTAssertEqual(style.maxWidth, .percent(80))
        XCTAssertEqual(style.maxHeight, .pixels(200))
        XCTAssertEqual(style.fit, .shrink)
        XCTAssertEqual(style.align, .left)
        XCTAssertEqual(style.lineHeight, 1.25)
        XCTAssertEqual(style.letterSpacing, -1.5)
        XCTAssertEqual(style.maxLines, 2)
        XCTAssertEqual(style.stroke, TextStroke(width: .percent(10), color: .black))
        XCTAssertEqual(style.shadow, TextShadow(offsetX: 0, offsetY: 4, blur: 6,
                                                color: RGBA(red: 0, green: 0, blue: 0, alpha: 128)))
        XCTAssertEqual(style.background, TextBackground(color: .white, padding: .pixels(12), cornerRadius: .percent(25)))
        XCTAssertEqual(overlay.offsetX, .percent(-5))
        XCTAssertEqual(overlay.offsetY, .pixels(20))
    }

    func testDefaults() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let overlay = try ws.load("version: 1\nphotos: [a.jpg]\noverlays: [{text: x}]\n").overlays[0]
        XCTAssertEqual(overlay.text!.style, TextStyle())
        XCTAssertEqual(overlay.text!.style.align, .center)
        XCTAssertNil(overlay.photo)
        XCTAssertEqual(overlay.text!.font.weight, 400)
        XCTAssertEqual(overlay.text!.font.style, .normal)
        XCTAssertNil(overlay.text!.font.relativeSize)
    }

    func testWeightNamesAndNumbers() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        for (text, weight) in [("thin", 100), ("extralight", 200), ("light", 300), ("regular", 400), ("medium", 500),
                               ("semibold", 600), ("bold", 700), ("extrabold", 800), ("black", 900),
                               ("100", 100), ("900", 900)] {
            let spec = try ws.load("version: 1\nphotos: [a.jpg]\noverlays: [{text: x, font: {weight: \(text)}}]\n")
            XCTAssertEqual(spec.overlays[0].text!.font.weight, weight, text)
        }
    }

    func testVerticalTextKeys() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let spec = try ws.load("""
            version: 1
            photos: [a.jpg]
            overlays:
              - {text: x, direction: vertical, textOrientation: upright, textCombineUpright: 3}
              - {text: y}
            """)
        let style = try XCTUnwrap(spec.overlays[0].text).style
        XCTAssertEqual(style.direction, .vertical)
        XCTAssertEqual(style.textOrientation, .upright)
        XCTAssertEqual(style.textCombineUpright, 3)
        let plain = try XCTUnwrap(spec.overlays[1].text).style
        XCTAssertEqual([plain.direction.rawValue, plain.textOrientation.rawValue], ["horizontal", "mixed"])
        XCTAssertEqual(plain.textCombineUpright, 0)
        let errors = ws.errors("""
            version: 1
            photos: [a.jpg]
            overlays:
              - {text: x, textOrientation: upright}
              - {text: x, direction: vertical, textCombineUpright: 1}
              - {text: x, direction: vertical, textCombineUpright: 5, textOrientation: sideways}
              - {text: x, direction: vertical, height: 100, verticalAlign: top, align: justify}
            """)
        XCTAssertEqual(places(errors), [Where(.invalidValue, 4, 15), Where(.outOfRange, 5, 56),
                                        Where(.outOfRange, 6, 56), Where(.invalidValue, 6, 76),
                                        Where(.invalidValue, 7, 49), Where(.unsupported, 7, 76)])
        XCTAssertEqual(errors[0].message, "'textOrientation' applies only to 'direction: vertical'")
        XCTAssertEqual(errors[1].message,
                       "'textCombineUpright' is 0 (off) or 2, 3 or 4 (the longest run of digits set across one column cell); found 1")
        XCTAssertTrue(errors[4].message.hasPrefix("'verticalAlign' applies to horizontal text"), errors[4].message)
    }

    func testRubyBelongsToASpan() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let spec = try ws.load("""
            version: 1
            photos: [a.jpg]
            overlays:
              - text: ["東京の", {text: 紫陽花, ruby: あじさい}]
            """)
        XCTAssertEqual(try XCTUnwrap(spec.overlays[0].text).spans.map(\.ruby), [nil, "あじさい"])
        let errors = ws.errors("""
            version: 1
            photos: [a.jpg]
            overlays:
              - {text: 紫陽花, ruby: あじさい}
              - text: [{text: "a\\nb", ruby: x}, {text: "", ruby: y}]
            """)
        XCTAssertEqual(places(errors), [Where(.invalidValue, 4, 17), Where(.invalidValue, 5, 33),
                                        Where(.invalidValue, 5, 54)])
        XCTAssertEqual(errors[0].message,
                       "'ruby' belongs to a span, not to an overlay's plain string; write the text as a list of spans")
        XCTAssertEqual(errors[0].notes, ["text: [{text: \"紫陽花\", ruby: \"あじさい\"}]"])
        XCTAssertEqual(errors[1].message, "a span with 'ruby' cannot hold a line break: ruby and its base stay on one line")
        XCTAssertEqual(errors[2].message, "'ruby' needs a span 'text' to annotate")
    }

    func testBadTextValuesHaveExactDiagnostics() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let errors = ws.errors("""
            version: 1
            photos: [a.jpg]
            overlays:
              - text: x
                font: {weight: 450, style: slanted, file: nope.ttf, features: {kern: maybe, toolong: true}, size: "0%"}
                maxWidth: -5
                align: middle
                maxLines: 0
                fit: shrink
                stroke: {color: red}
                shadow: {blur: -1}
                background: {padding: 3}
                lineHeight: 0
            """)
        // Reported in source order.
        XCTAssertEqual(places(errors), [
            Where(.outOfRange, 5, 20), Where(.invalidValue, 5, 32), Where(.missingFile, 5, 47),
            Where(.wrongType, 5, 74), Where(.invalidValue, 5, 81), Where(.outOfRange, 5, 103),
            Where(.outOfRange, 6, 15), Where(.invalidValue, 7, 12), Where(.outOfRange, 8, 15),
            Where(.missingKey, 10, 13), Where(.outOfRange, 11, 20), Where(.missingKey, 12, 17),
            Where(.outOfRange, 13, 17),
        ])
        XCTAssertEqual(errors.map(\.message), [
            "'weight' must be 100, 200, ... 900; found 450",
            "'slanted' is not a valid 'style'; use one of 'normal', 'italic', 'oblique'",
            "font file 'nope.ttf' not found",
            "expected true, false or an integer 0...65535 for feature 'kern', found the string \"maybe\"",
            "'toolong' is not an OpenType feature tag: tags are four ASCII characters such as 'liga' or 'tnum'",
            "'size' must be more than 0 and at most 1000%; found 0%",
            "'maxWidth' must be more than 0 and at most 100000 pixels; found -5",
            "'middle' is not a valid 'align'; use one of 'left', 'center', 'right', 'justify'",
            "'maxLines' must be from 1 to 10000; found 0",
            "missing key 'width' in 'stroke': the band's width in pixels",
            "'blur' must be at least 0 and at most 1000 pixels; found -1",
            "missing key 'color' in 'background': the label box's colour",
            "'lineHeight' must be from 0.01 to 100 (a multiple of the font size); found 0",
        ])
    }

    func testShrinkNeedsABound() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let errors = ws.errors("version: 1\nphotos: [a.jpg]\noverlays: [{text: x, fit: shrink}]\n")
        XCTAssertEqual(places(errors), [Where(.missingKey, 3, 27)])
        XCTAssertEqual(errors[0].message, "'fit: shrink' needs 'maxWidth' or 'maxHeight' (or a fixed 'width' or 'height') to shrink the text into")
    }

    func testLengthResolvesPercentagesAgainstTheReference() {
        XCTAssertEqual(Length.percent(5).resolved(reference: 1200), 60)
        XCTAssertEqual(Length.pixels(5).resolved(reference: 1200), 5)
    }
}

extension TextKeysTests {
    func testOverlayPhotoMustNameALaidOutPhoto() throws {
        let ws = try Workspace(photos: ["beach.jpg", "dog.jpg", "a/x.jpg", "b/x.jpg"])
        let errors = ws.errors("""
            version: 1
            canvas: {width: 100, height: 100}
            photos: [beach.jpg, dog.jpg, a/x.jpg, b/x.jpg]
            overlays:
              - {text: a, photo: beech}
              - {text: b, photo: x}
              - {text: c, photo: dog}
            """)
        XCTAssertEqual(places(errors), [Where(.unknownId, 5, 22), Where(.invalidValue, 6, 22)])
        XCTAssertEqual(errors[0].message, "no photo has id 'beech' for 'photo'; did you mean 'beach'?")
        XCTAssertEqual(errors[0].notes, ["ids of the laid-out photos: beach, dog, x, x"])
        XCTAssertEqual(errors[1].message, "'x' names 2 photos for 'photo'; give them distinct 'id's")
        // `order` leaves dog out: a caption for it names no laid-out photo.
        let ordered = ws.errors("""
            version: 1
            canvas: {width: 100, height: 100}
            photos: [beach.jpg, dog.jpg]
            order: [beach]
            overlays: [{text: c, photo: dog}]
            """)
        XCTAssertEqual(places(ordered), [Where(.unknownId, 5, 29)])
    }
}
