import XCTest
@testable import CollageSpec

/// Issue 12's document side: overlay kinds, and the new keys validated,
/// located, range-checked and held behind `Vocabulary.unrendered`.
final class OverlayKindsAndEffectsTests: XCTestCase {
    private func messages(_ diagnostics: [Diagnostic]) -> [String] { diagnostics.map(\.message) }

    /// Loads with the central switch cleared, to read the values new keys carry.
    private func loadRendered(_ ws: Workspace, _ text: String) throws -> Spec {
        let source = SourceText(file: "doc.yaml", bytes: Array(text.utf8))
        var validator = Validator(source: source, baseDirectory: ws.folder, overrides: [:]) { _ in .regularFile }
        validator.unrendered = []
        let spec = validator.validate(YAMLReader.read(source).root)
        XCTAssertEqual(validator.diagnostics.filter { $0.severity == .error }.map(\.message), [])
        return try XCTUnwrap(spec)
    }

    func testAKeyOfAnotherKindNamesTheKindsItAppliesTo() throws {
        let ws = try Workspace(photos: ["a.jpg", "logo.png"])
        let errors = ws.errors("""
            version: 1
            photos: [a.jpg]
            overlays:
              - {image: logo.png, font: {size: 10}, color: red}
              - {image: logo.png, verticalAlign: top, lang: ja}
            """)
        XCTAssertEqual(places(errors), [Where(.invalidValue, 4, 23), Where(.invalidValue, 4, 41),
                                        Where(.invalidValue, 5, 23), Where(.invalidValue, 5, 43)])
        XCTAssertEqual(messages(errors), [
            "'font' applies to text overlays, not image overlays",
            "'color' applies to text overlays, not image overlays",
            "'verticalAlign' applies to text overlays, not image overlays",
            "'lang' applies to text overlays, not image overlays",
        ])
    }

    func testKindsAreOneEnumWithThePlacementBeside() throws {
        let ws = try Workspace(photos: ["a.jpg", "logo.png"])
        let spec = try loadRendered(ws, """
            version: 1
            photos: [a.jpg]
            overlays:
              - {text: hi, anchor: baselineLeft, offset: ["5%", -3], rotation: -0, opacity: 0.5}
              - {image: logo.png, anchor: topRight, rotation: 12.5, opacity: 0.25, shadow: {blur: 4}}
            """)
        XCTAssertEqual(spec.overlays.map(\.kindName), [.text, .image])
        XCTAssertEqual(spec.overlays[0].text?.text, "hi")
        XCTAssertEqual(spec.overlays[0].offsetX, .percent(5))
        XCTAssertEqual(spec.overlays[0].offsetY, .pixels(-3))
        XCTAssertEqual(spec.overlays[0].rotation, 0)
        XCTAssertEqual(spec.overlays[0].rotation.sign, .plus, "-0 reads as 0")
        XCTAssertEqual(spec.overlays.map(\.opacity), [0.5, 0.25])
        XCTAssertEqual(spec.overlays.map(\.rotation), [0, 12.5])
        XCTAssertEqual(spec.overlays[1].image?.shadow, DropShadow(blur: 4))
        XCTAssertEqual(spec.overlays[1].anchor, .topRight)
    }

    func testShadowDefaultsAndValues() throws {
        let ws = try Workspace(photos: ["a.jpg", "b.jpg"])
        let spec = try loadRendered(ws, """
            version: 1
            canvas: {width: 100, height: 100}
            photos:
              - {src: a.jpg, shadow: {}}
              - {src: b.jpg, shadow: {offset: [4, -6], blur: 12, spread: -2, color: "#ff000040"}, flip: both}
            """)
        XCTAssertEqual(spec.photos[0].shadow, DropShadow(offsetX: 0, offsetY: 0, blur: 0, spread: 0,
                                                         color: RGBA(red: 0, green: 0, blue: 0, alpha: 128)))
        XCTAssertEqual(spec.photos[1].shadow, DropShadow(offsetX: 4, offsetY: -6, blur: 12, spread: -2,
                                                         color: RGBA(red: 255, green: 0, blue: 0, alpha: 64)))
        XCTAssertNil(spec.photos[0].flip)
        XCTAssertEqual(spec.photos[1].flip, .both)
    }

    func testEveryEffectIsRenderedAndImageOverlayShadowsAreRead() throws {
        let ws = try Workspace(photos: ["a.jpg", "logo.png"])
        let spec = try ws.load("""
            version: 1
            photos:
              - {src: a.jpg, shadow: {blur: 3}, flip: horizontal}
            overlays:
              - {text: hi, rotation: 5, opacity: 0.5}
              - {image: logo.png, rotation: 5, opacity: 0.5, shadow: {offset: [10, 10], blur: 1}}
            """)
        // Nothing is held back any more: the image overlay's shadow is cast
        // by its alpha (issue 12), with the default colour.
        XCTAssertEqual(Vocabulary.unrendered, [])
        guard case .image(let image) = spec.overlays[1].kind else { return XCTFail("not an image overlay") }
        XCTAssertEqual(image.shadow, DropShadow(offsetX: 10, offsetY: 10, blur: 1))
        XCTAssertEqual(image.shadow?.color, DropShadow.defaultColor)
        // A bad value is reported as such.
        let bad = ws.errors("version: 1\nphotos: [{src: a.jpg, flip: sideways}]\n")
        XCTAssertEqual(places(bad), [Where(.invalidValue, 2, 29)])
    }

    func testFlipYesSuggestsHorizontal() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        for value in ["yes", "true"] {
            let errors = ws.errors("version: 1\nphotos: [{src: a.jpg, flip: \(value)}]\n")
            XCTAssertEqual(places(errors), [Where(.invalidValue, 2, 29)], value)
            XCTAssertEqual(messages(errors), ["'\(value)' is not a valid 'flip'; did you mean 'horizontal'?"], value)
        }
    }

    func testAnOverflowingNumberIsCalledANumberWhereAnIntegerIsExpected() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let errors = ws.errors("version: 1\ncanvas: {width: 1e400, height: 10}\nphotos: [a.jpg]\n")
        XCTAssertEqual(places(errors), [Where(.wrongType, 2, 17)])
        XCTAssertEqual(messages(errors), ["expected an integer for 'width', found the number 1e400"])
        let length = ws.errors("version: 1\ncanvas: {width: 10, height: 10}\nphotos: [{src: a.jpg, cornerRadius: 1e400}]\n")
        XCTAssertEqual(places(length), [Where(.outOfRange, 3, 37)])
    }

    /// An image overlay's and a shape's shadow are CSS `drop-shadow`, which
    /// has no spread: `spread` is an error at its key that says so; a
    /// photo's (CSS `box-shadow`) takes one (issue 31).
    func testOnlyAPhotosShadowHasASpread() throws {
        let ws = try Workspace(photos: ["a.jpg", "logo.png"])
        for (overlay, kind) in [("{image: logo.png, shadow: {spread: 2}}", "an image overlay"),
                                ("{shape: rect, width: 9, height: 9, fill: red, shadow: {spread: 2}}", "a shape")] {
            let line = "overlays: [\(overlay)]"
            let errors = ws.errors("version: 1\nphotos: [a.jpg]\n\(line)\n")
            let column = line.distance(from: line.startIndex, to: line.range(of: "spread")!.lowerBound) + 1
            XCTAssertEqual(places(errors), [Where(.unknownKey, 3, column)], kind)
            XCTAssertEqual(messages(errors), ["\(kind)'s shadow has no 'spread': it is CSS drop-shadow, which has none"])
        }
        let photo = try ws.load("version: 1\nphotos: [{src: a.jpg, shadow: {spread: 2}}]\n")
        XCTAssertEqual(photo.photos[0].shadow?.spread, 2)
    }

    func testOutOfRangeNumbersAreLocatedErrorsInEveryNewKey() throws {
        let ws = try Workspace(photos: ["a.jpg", "logo.png"])
        let keys: [(prefix: String, suffix: String, allowsTiny: Bool)] = [
            ("photos: [{src: a.jpg, shadow: {blur: ", "}}]", true),
            ("photos: [{src: a.jpg, shadow: {spread: ", "}}]", true),
            ("photos: [{src: a.jpg, shadow: {offset: [0, ", "]}}]", true),
            ("photos: [{src: a.jpg, rotation: ", "}]", true),
            ("photos: [a.jpg]\noverlays: [{text: x, rotation: ", "}]", true),
            ("photos: [a.jpg]\noverlays: [{text: x, opacity: ", "}]", true),
            ("photos: [a.jpg]\noverlays: [{image: logo.png, rotation: ", "}]", true),
            ("photos: [a.jpg]\noverlays: [{image: logo.png, shadow: {blur: ", "}}]", true),
        ]
        for key in keys {
            let line = key.prefix.contains("\n") ? 3 : 2
            let lastLine = key.prefix.split(separator: "\n").last!
            let column = lastLine.count + 1 - (line == 2 ? 0 : 0)
            for value in ["1e300", "-1e300", "1e19"] {
                let errors = ws.errors("version: 1\n\(key.prefix)\(value)\(key.suffix)\n")
                XCTAssertEqual(places(errors), [Where(.outOfRange, line, column)], "\(key.prefix)\(value)")
            }
            // Tiny and negative zero are in range (blur -0 is 0): the document loads up to the switch.
            for value in ["1e-300", "-0"] {
                let doc = "version: 1\n\(key.prefix)\(value)\(key.suffix)\n"
                let errors = (try? ws.load(doc)).map { _ in [] } ?? ws.errors(doc)
                XCTAssertTrue(errors.allSatisfy { $0.kind == .unsupported }, "\(doc): \(errors.map(\.message))")
            }
            // Overflowing a Double is still a number, out of range (docs/format.md,
            // JSON and YAML: "`1e400` is out of range there"), never "the string".
            for value in ["1e400", "-1e400"] {
                let errors = ws.errors("version: 1\n\(key.prefix)\(value)\(key.suffix)\n")
                XCTAssertEqual(places(errors), [Where(.outOfRange, line, column)], "\(key.prefix)\(value)")
                XCTAssertTrue(errors.allSatisfy { $0.message.hasSuffix("found \(value)") && !$0.message.contains("string") },
                              "\(errors.map(\.message))")
            }
        }
    }
}

/// `filter`, `blend`, `letterbox` and the background image (docs/format.md "Effects").
final class EffectsSpecTests: XCTestCase {
    private func load(_ ws: Workspace, _ text: String) throws -> Spec {
        let source = SourceText(file: "doc.yaml", bytes: Array(text.utf8))
        var validator = Validator(source: source, baseDirectory: ws.folder, overrides: [:]) { _ in .regularFile }
        let spec = validator.validate(YAMLReader.read(source).root)
        XCTAssertEqual(validator.diagnostics.filter { $0.severity == .error }.map(\.message), [])
        return try XCTUnwrap(spec)
    }

    func testFiltersKeepTheirOrderAndMayRepeatInTheListForm() throws {
        let ws = try Workspace(photos: ["a.jpg", "logo.png", "bg.png"])
        let spec = try load(ws, """
            version: 1
            canvas: {width: 100, height: 100, background: {image: bg.png, fit: tile, filter: {contrast: 1.5, invert: 0.25}, color: "#102030"}}
            photos:
              - {src: a.jpg, filter: [{blur: 1}, {grayscale: 1}, {blur: 2.5}], blend: colorDodge}
              - {src: a.jpg, fit: contain, filter: {sepia: 0.5, hueRotate: -90}, letterbox: {blur: 12, dim: 0.25}}
              - {src: a.jpg, fit: contain, letterbox: "#ff0000"}
            overlays:
              - {image: logo.png, filter: [{opacity: 0.5}], blend: screen}
              - {text: hi, blend: luminosity}
            """)
        XCTAssertEqual(spec.photos[0].filters, [FilterSpec(.blur, 1), FilterSpec(.grayscale, 1), FilterSpec(.blur, 2.5)])
        XCTAssertEqual(spec.photos[0].blend, .colorDodge)
        XCTAssertEqual(spec.photos[1].filters, [FilterSpec(.sepia, 0.5), FilterSpec(.hueRotate, -90)])
        XCTAssertEqual(spec.photos[1].letterbox, .blur(blur: 12, dim: 0.25))
        XCTAssertEqual(spec.photos[2].letterbox, .color(RGBA(red: 255, green: 0, blue: 0, alpha: 255)))
        XCTAssertEqual(spec.photos[2].blend, .normal)
        XCTAssertEqual(spec.overlays[0].image?.filters, [FilterSpec(.opacity, 0.5)])
        XCTAssertEqual(spec.overlays[0].blend, .screen)
        XCTAssertEqual(spec.overlays[1].blend, .luminosity)
        let background = try XCTUnwrap(spec.canvas.image)
        XCTAssertEqual(background.fit, .tile)
        XCTAssertEqual(background.filters, [FilterSpec(.contrast, 1.5), FilterSpec(.invert, 0.25)])
        XCTAssertEqual(spec.canvas.background, RGBA(red: 0x10, green: 0x20, blue: 0x30, alpha: 255))
        XCTAssertNil(spec.canvas.gradient)
    }
}
