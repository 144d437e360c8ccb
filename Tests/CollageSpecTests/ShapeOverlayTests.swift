import XCTest
@testable import CollageSpec

/// Shape overlays' document side (issue 15): geometry per kind, stroke
/// keys and defaults, and every bad-input rule, located.
final class ShapeOverlayTests: XCTestCase {
    private func messages(_ diagnostics: [Diagnostic]) -> [String] { diagnostics.map(\.message) }

    func testEveryKindReadsItsGeometryAndPaint() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let spec = try ws.load("""
            version: 1
            photos: [a.jpg]
            overlays:
              - {shape: rect, width: 200, height: "10%", cornerRadius: 12, fill: "#ff000080", anchor: topLeft}
              - {shape: ellipse, width: 50, height: 30, stroke: {width: 2}}
              - {shape: line, points: [[0, 0], ["50%", 10], [100, 20]], stroke: {width: 3, dash: [4, 2], dashOffset: -1, join: round, cap: square, miterLimit: 2, color: blue}}
              - {shape: polygon, points: [[0, 0], [10, 0], [5, 8]], fill: red, offset: [4, 5]}
              - {shape: path, d: "M0 0 h10 v10 z", fill: black, shadow: {blur: 4}}
            """)
        let shapes = spec.overlays.compactMap(\.shape)
        XCTAssertEqual(shapes.count, 5)
        XCTAssertEqual(shapes[0].geometry, .rect(width: .pixels(200), height: .percent(10), cornerRadius: 12))
        XCTAssertEqual(shapes[0].fill, .color(RGBA(red: 255, green: 0, blue: 0, alpha: 128)))
        XCTAssertNil(shapes[0].stroke)
        XCTAssertEqual(spec.overlays[0].anchor, .topLeft)
        XCTAssertEqual(shapes[1].geometry, .ellipse(width: .pixels(50), height: .pixels(30)))
        // SVG's defaults: black, solid, miter join, limit 4, butt cap.
        XCTAssertEqual(shapes[1].stroke, ShapeStroke(width: 2, color: .color(.black), dash: [], dashOffset: 0, join: .miter, cap: .butt, miterLimit: 4))
        XCTAssertNil(shapes[1].fill)
        XCTAssertEqual(shapes[2].geometry, .line([LengthPoint(x: .pixels(0), y: .pixels(0)), LengthPoint(x: .percent(50), y: .pixels(10)),
                                                  LengthPoint(x: .pixels(100), y: .pixels(20))]))
        XCTAssertEqual(shapes[2].stroke, ShapeStroke(width: 3, color: .color(RGBA(red: 0, green: 0, blue: 255)), dash: [4, 2], dashOffset: -1,
                                                     join: .round, cap: .square, miterLimit: 2))
        XCTAssertEqual(spec.overlays[3].offsetX, .pixels(4))
        guard case .path(let data) = shapes[4].geometry else { return XCTFail("not a path") }
        XCTAssertEqual(data.elements, [.move(x: 0, y: 0), .line(x: 10, y: 0), .line(x: 10, y: 10), .close])
        XCTAssertEqual(shapes[4].shadow, DropShadow(blur: 4))
    }

    func testBadShapesAreLocatedWithSuggestions() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let errors = ws.errors("""
            version: 1
            photos: [a.jpg]
            overlays:
              - {shape: rectangle, width: 10, height: 10, fill: red}
              - {shape: rect, width: 10, height: 10, color: red}
              - {shape: polygon, points: [[0, 0], [10, 0]], fill: red}
              - {shape: rect, width: -5, height: 10, fill: red}
              - {shape: line, points: [[0, 0], [10, 0]], fill: red, stroke: {width: 1}}
              - {shape: line, points: [[0, 0], [10, 0]], anchor: center, stroke: {width: 1}}
              - {shape: ellipse, width: 10, height: 10}
              - {shape: path, d: "M0 0 L10 x", fill: red}
              - {shape: rect, width: 10, height: 10, fill: red, stroke: {width: 1, join: mitre, dash: [0, 0]}}
              - {shape: rect, width: 10, height: 10, fill: red, font: {size: 3}}
              - {text: hi, stroke: {width: 1, dash: [2, 2]}}
              - {shape: path, d: "", stroke: {width: 1}}
              - {shape: rect, height: 4, fill: red, points: [[0, 0]]}
            """)
        XCTAssertEqual(places(errors), [
            Where(.invalidValue, 4, 13), Where(.invalidValue, 5, 42), Where(.invalidValue, 6, 30), Where(.outOfRange, 7, 26),
            Where(.invalidValue, 8, 46), Where(.invalidValue, 9, 46), Where(.missingKey, 10, 6), Where(.invalidValue, 11, 32),
            Where(.invalidValue, 12, 78), Where(.invalidValue, 12, 91), Where(.invalidValue, 13, 53),
            Where(.unknownKey, 14, 35), Where(.invalidValue, 15, 22), Where(.invalidValue, 16, 41),
        ])
        XCTAssertEqual(messages(errors), [
            "'rectangle' is not a valid 'shape'; did you mean 'rect'?",
            "'color' applies to text overlays; a shape's inside is 'fill' (did you mean 'fill'?), its outline 'stroke: {color}'",
            "a polygon needs at least 3 points; found 2",
            "'width' must be more than 0 and at most 32768 pixels; found the integer -5",
            "a line has no inside to fill; give it a 'stroke' (or use 'polygon')",
            "'anchor' applies to 'rect' and 'ellipse' shapes, not 'line'; a line is drawn at its own coordinates from the area's top-left corner (move it with 'offset')",
            "a shape needs a 'fill' or a 'stroke' (or both) to be seen",
            "bad path data in 'd' at column 10: expected a number, found 'x'",
            "'mitre' is not a valid 'join'; did you mean 'miter'?",
            "'dash' lengths are all 0; give at least one dash or gap length above 0",
            "'font' applies to text overlays, not shape overlays",
            "unknown key 'dash' in 'stroke'",
            "'d' is empty; give SVG path data such as \"M0 0 L100 0 L50 80 Z\"",
            "'points' applies to 'line' and 'polygon' shapes, not 'rect'",
        ])
    }
}

/// Paints, `layer` and documents without photos (issue 15).
final class PaintLayerAndCardTests: XCTestCase {
    func testGradientsReadWithCSSStopFixup() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let spec = try ws.load("""
            version: 1
            canvas: {width: 100, height: 50, background: {gradient: {angle: 45, stops: [red, [white, "25%"], green, [blue]], space: oklab}}}
            photos: [a.jpg]
            overlays:
              - {shape: rect, width: 10, height: 10, fill: {gradient: {kind: radial, center: [0.2, 0.8], radius: "50%", stops: [[black, 0], [white, 0.5], [red, 0.5]]}},
                 stroke: {width: 2, color: {gradient: {stops: [black, white]}}}, layer: below}
            """)
        XCTAssertEqual(spec.canvas.background.alpha, 0)
        let red = RGBA(red: 255, green: 0, blue: 0), white = RGBA.white, green = RGBA(red: 0, green: 128, blue: 0)
        XCTAssertEqual(spec.canvas.gradient, GradientSpec(kind: .linear, angle: 45, stops: [
            GradientStopSpec(color: red, position: 0), GradientStopSpec(color: white, position: 0.25),
            GradientStopSpec(color: green, position: 0.625), GradientStopSpec(color: RGBA(red: 0, green: 0, blue: 255), position: 1)],
            space: .oklab))
        let shape = try XCTUnwrap(spec.overlays[0].shape)
        XCTAssertEqual(shape.fill, .gradient(GradientSpec(kind: .radial, centerX: 0.2, centerY: 0.8, radius: .percent(50), stops: [
            GradientStopSpec(color: .black, position: 0), GradientStopSpec(color: white, position: 0.5),
            GradientStopSpec(color: red, position: 0.5)])))
        XCTAssertEqual(shape.stroke?.color, .gradient(GradientSpec(stops: [GradientStopSpec(color: .black, position: 0),
                                                                            GradientStopSpec(color: white, position: 1)])))
        XCTAssertEqual(spec.overlays[0].layer, .below)
        let label = try ws.load("version: 1\nphotos: [a.jpg]\noverlays: [{text: hi, background: {color: {gradient: {stops: [red, blue]}}}}]\n")
        XCTAssertEqual(label.overlays[0].text?.style.background?.gradient,
                       GradientSpec(stops: [GradientStopSpec(color: red, position: 0), GradientStopSpec(color: RGBA(red: 0, green: 0, blue: 255), position: 1)]))
        XCTAssertEqual(label.overlays[0].text?.style.background?.color.alpha, 0)
    }

    func testBadGradientsAndLayers() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let errors = ws.errors("""
            version: 1
            canvas: {background: {gradient: {stops: [[red, 0.5], [blue, 0.2]]}}}
            photos: [a.jpg]
            overlays:
              - {shape: rect, width: 10, height: 10, fill: {gradient: {stops: [[red, 1.5], blue]}}}
              - {shape: rect, width: 10, height: 10, fill: {gradient: {center: [0, 0], stops: [red, blue]}}}
              - {shape: rect, width: 10, height: 10, fill: {gradient: {stops: [red]}}}
              - {text: hi, color: {gradient: {stops: [red, blue]}}, layer: under}
            """)
        XCTAssertEqual(places(errors), [Where(.invalidValue, 2, 61), Where(.outOfRange, 5, 74), Where(.invalidValue, 6, 60),
                                        Where(.wrongType, 7, 67), Where(.wrongType, 8, 23), Where(.invalidValue, 8, 64)])
        XCTAssertEqual(errors.map(\.message), [
            "stop positions must not decrease; 0.2 comes after 0.5 (line 2)",
            "a stop position must be from 0 to 1 (or 0% to 100%); found the number 1.5",
            "'center' applies to radial gradients; add 'kind: radial'",
            "expected a list of 2 to 256 stops [[colour, position], ...] for 'stops', found a list of 1",
            "expected a string for 'color', found a mapping",
            "'under' is not a valid 'layer'; use one of 'above', 'below'",
        ])
    }

    func testCardsWithoutPhotosNeedBothCanvasSides() throws {
        let ws = try Workspace()
        for text in ["version: 1\ncanvas: {width: 300, height: 200}\nlayout: {kind: grid, columns: 3}\n",
                     "version: 1\ncanvas: {width: 300, height: 200}\nphotos: []\n"] {
            let spec = try ws.load(text)
            XCTAssertEqual(spec.photos.count, 0)
        }
        let none = ws.errors("version: 1\ncanvas: {width: 300}\n")
        XCTAssertEqual(places(none), [Where(.missingKey, 1, 1)])
        XCTAssertEqual(none.map(\.message), ["missing key 'photos' at the top level: the list of photos to lay out (or, for a card without photos, the canvas 'height')"])
        let empty = ws.errors("version: 1\nphotos: []\n")
        XCTAssertEqual(empty.map(\.message), ["'photos' lists no photos, so the canvas needs 'width' and 'height'"])
        XCTAssertEqual(places(empty), [Where(.missingKey, 2, 9)])
    }
}
