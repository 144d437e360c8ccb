@testable import CollageLayout
@testable import CollageText
import CollageRaster
@testable import CollageSpec
import Glibc
import XCTest

/// `PathData(svg:)` (and `Path(_:)` from it): every command, SVG's number syntax, arcs by area,
/// and errors at the column where reading stopped (issue 15).
final class PathDataTests: XCTestCase {
    private let wide = PixelRect(x: -200, y: -200, width: 1000, height: 1000)

    private func area(_ d: String) throws -> Double {
        let path = Path(try PathData(svg: d))
        guard let filled = PathRasterizer.fill(path, clip: wide) else { return 0 }
        return filled.mask.coverage.reduce(0.0) { $0 + Double($1) / 255 }
    }

    private func failure(_ d: String) -> PathDataError? {
        do { _ = try PathData(svg: d); return nil } catch { return error }
    }

    func testLinesAndTheirRelativeAndImplicitForms() throws {
        let absolute = try PathData(svg: "M10 20 L110 20 L110 70 L10 70 Z")
        XCTAssertEqual(absolute.elements, [.move(x: 10, y: 20), .line(x: 110, y: 20), .line(x: 110, y: 70),
                                           .line(x: 10, y: 70), .close])
        // Pairs after M are lines; h/v and relative forms; commas and no spaces.
        for d in ["M10,20 110,20 110,70 10,70z", "m10 20 h100 v50 h-100 z", "M10 20H110V70H10Z", "m10,20l100,0,0,50-100,0z"] {
            XCTAssertEqual(try area(d), 5000, accuracy: 0.01, d)
        }
        // After z, a relative move starts from the subpath's start.
        let two = try PathData(svg: "m10 10 h10 v10 z m20 0 h10 v10 h-10 z")
        XCTAssertEqual(two.elements[4], .move(x: 30, y: 10))
        // Numbers: sign and dot end a number; exponents.
        XCTAssertEqual(try PathData(svg: "M1.5.5-2-3e1L+.5E+1 1e-1").elements,
                       [.move(x: 1.5, y: 0.5), .line(x: -2, y: -30), .line(x: 5, y: 0.1)])
        XCTAssertTrue(try PathData(svg: "").isEmpty)
        XCTAssertTrue(try PathData(svg: "  \n ").isEmpty)
    }

    func testCurvesAndTheirReflections() throws {
        // A quadratic arch, 2/3 · base · height; T reflects the control point.
        XCTAssertEqual(try area("M0 100 Q100 -100 200 100 Z"), 2.0 / 3 * 200 * 100, accuracy: 30)
        let t = try PathData(svg: "M0 0 Q10 10 20 0 T40 0")
        XCTAssertEqual(t.elements[2], .quad(cx: 30, cy: -10, x: 40, y: 0))
        // T after a non-quadratic uses the current point as control.
        XCTAssertEqual(try PathData(svg: "M0 0 L10 0 T20 0").elements[2], .quad(cx: 10, cy: 0, x: 20, y: 0))
        let s = try PathData(svg: "M0 0 C0 10 10 10 10 0 S20 -10 20 0")
        XCTAssertEqual(s.elements[2], .cubic(c1x: 10, c1y: -10, c2x: 20, c2y: -10, x: 20, y: 0))
        let relative = try PathData(svg: "m5 5 c0 10 10 10 10 0 s10 -10 10 0 q5 5 10 0 t10 0")
        XCTAssertEqual(relative.elements[1], .cubic(c1x: 5, c1y: 15, c2x: 15, c2y: 15, x: 15, y: 5))
        XCTAssertEqual(relative.elements[2], .cubic(c1x: 15, c1y: -5, c2x: 25, c2y: -5, x: 25, y: 5))
        XCTAssertEqual(relative.elements[3], .quad(cx: 30, cy: 10, x: 35, y: 5))
        XCTAssertEqual(relative.elements[4], .quad(cx: 40, cy: 0, x: 45, y: 5))
    }

    func testArcsByArea() throws {
        // Two half circles of radius 50 make a disc: π r².
        XCTAssertEqual(try area("M100 150 A50 50 0 0 1 200 150 A50 50 0 0 1 100 150 Z"), Double.pi * 2500,
                       accuracy: Double.pi * 2500 * 0.005)
        // One half: the flags pick the half; flags may touch the numbers.
        XCTAssertEqual(try area("M100 150 a50,50 0 1,0 100,0 z"), Double.pi * 1250, accuracy: Double.pi * 1250 * 0.005)
        XCTAssertEqual(try area("M100 150a50 50 0 01100 0z"), Double.pi * 1250, accuracy: Double.pi * 1250 * 0.005)
        // Radii too small are scaled up: still the half disc on the chord.
        XCTAssertEqual(try area("M100 150 A1 1 0 0 1 200 150 Z"), Double.pi * 1250, accuracy: Double.pi * 1250 * 0.005)
        // A rotated ellipse's half, 80 × 40 radii turned 30°, from one end of its major axis to the other.
        let c = cos(Double.pi / 6), s = sin(Double.pi / 6)
        let d = "M\(300 - 80 * c) \(300 - 80 * s) A80 40 30 0 1 \(300 + 80 * c) \(300 + 80 * s) Z"
        XCTAssertEqual(try area(d), Double.pi * 80 * 40 / 2, accuracy: Double.pi * 1600 * 0.005)
        // A large arc (the 3/4 of a circle): the disc less the quarter's segment.
        let quarterSegment = Double.pi * 2500 / 4 - 2500.0 / 2
        XCTAssertEqual(try area("M150 100 A50 50 0 1 1 100 150 Z"), Double.pi * 2500 - quarterSegment, accuracy: 40)
        // Zero radius: a straight line; equal end points: nothing.
        XCTAssertEqual(try PathData(svg: "M0 0 A0 10 0 0 1 10 0").elements[1], .line(x: 10, y: 0))
        XCTAssertEqual(try PathData(svg: "M0 0 A10 10 0 0 1 0 0").elements.count, 1)
    }

    func testErrorsGiveTheColumnWhereReadingStopped() {
        let cases: [(String, Int, String)] = [
            ("L10 10", 1, "must start with a move command"),
            ("M10 10 L20 x", 12, "expected a number, found 'x'"),
            ("M10 10 K5 5", 8, "unknown path command 'K'"),
            ("M10 10 L20", 11, "found the end"),
            ("M0 0 A10 10 0 2 1 5 5", 15, "expected an arc flag"),
            ("M0 0 L1e 5", 9, "exponent"),
            ("M0 0 Z 5 5", 8, "needs a command before it"),
            ("M0 0 L5 5,", 11, "after ','"),
            ("M0 0 L1e999 0", 7, "out of range"),
            ("M0 0 L5 5 L", 12, "found the end"),
            ("M0 0 L-.", 7, "expected a number, found '-'"),
            ("M\u{e9}", 2, "expected a number, found '\u{e9}'"),
        ]
        for (d, column, message) in cases {
            guard let error = failure(d) else { XCTFail("accepted \(d)"); continue }
            XCTAssertEqual(error.column, column, "\(d): \(error.message)")
            XCTAssertTrue(error.message.contains(message), "\(d): \(error.message)")
        }
        // Columns count Unicode scalars.
        XCTAssertEqual(failure("M0 0 L5 5 \u{1F600}")?.column, 11)
    }
}

/// `OverlayLayout.shapeFrame` and `OverlayNode.shape`: exact outlines in
/// canvas pixels, and the node's layers (issue 15).
final class ShapeFrameTests: XCTestCase {
    private let here = SourceLocation(file: "t", line: 1, column: 1)
    private let area = PixelRect(x: 100, y: 50, width: 400, height: 200)

    func testBoxesAnchorLikeImagesAndPointsStartAtTheAreasCorner() throws {
        var overlay = OverlaySpec(kind: .text(TextOverlaySpec(text: "")), anchor: .bottomRight,
                                  offsetX: .pixels(-10), offsetY: .percent(-5), location: here)
        let rect = ShapeOverlaySpec(geometry: .rect(width: .percent(25), height: .pixels(40.4), cornerRadius: 0), fill: .color(.black))
        let frame = OverlayLayout.shapeFrame(rect, overlay: overlay, in: area)
        // Right edge 500 - 10, bottom 250 - 10; 100 x 40 (rounded).
        XCTAssertEqual(frame.box, Rect(x: 390, y: 200, width: 100, height: 40))
        XCTAssertEqual(frame.outline, .rect(Rect(x: 390, y: 200, width: 100, height: 40)))
        overlay.anchor = .center
        overlay.offsetX = .pixels(5); overlay.offsetY = .pixels(-2)
        let line = ShapeOverlaySpec(geometry: .line([LengthPoint(x: .pixels(0), y: .pixels(0)),
                                                     LengthPoint(x: .percent(50), y: .percent(100))]),
                                    stroke: ShapeStroke(width: 2))
        let lineFrame = OverlayLayout.shapeFrame(line, overlay: overlay, in: area)
        XCTAssertEqual(lineFrame.outline.elements, [.move(x: 105, y: 48), .line(x: 305, y: 248)])
        XCTAssertEqual(lineFrame.box, Rect(x: 105, y: 48, width: 200, height: 200))
        let path = ShapeOverlaySpec(geometry: .path(try PathData(svg: "M0 0 h10 v10 z")), fill: .color(.black))
        XCTAssertEqual(OverlayLayout.shapeFrame(path, overlay: overlay, in: area).outline.elements,
                       [.move(x: 105, y: 48), .line(x: 115, y: 48), .line(x: 115, y: 58), .close])
    }

    func testTheNodeDrawsTheFillThenTheCentredStroke() throws {
        let overlay = OverlaySpec(kind: .text(TextOverlaySpec(text: "")), anchor: .topLeft, location: here)
        let spec = ShapeOverlaySpec(geometry: .rect(width: .pixels(100), height: .pixels(50), cornerRadius: 0),
                                    fill: .color(RGBA(red: 255, green: 0, blue: 0)), stroke: ShapeStroke(width: 10))
        let frame = OverlayLayout.shapeFrame(spec, overlay: overlay, in: area)
        let node = OverlayNode.shape(frame, frame: OverlayFrame(overlay: 0, area: area, rotation: 90, opacity: 0.5, kind: OverlayFrameKind(frame)))
        guard case .group(let group) = node else { return XCTFail("not a group") }
        XCTAssertEqual(group.opacity, 0.5)
        XCTAssertEqual(group.transform.apply(150, 75).x, 150, accuracy: 1e-9)   // turned about the box centre
        XCTAssertEqual(group.children.count, 2)
        guard case .path(let fill) = group.children[0], case .path(let stroke) = group.children[1] else { return XCTFail("not paths") }
        XCTAssertEqual(fill.paint, .solid(Color(red: 255, green: 0, blue: 0)))
        XCTAssertEqual(stroke.paint, .solid(.black))
        let band = PathRasterizer.fill(stroke.path, clip: PixelRect(x: 0, y: 0, width: 800, height: 800))!
        XCTAssertEqual(band.x, 95); XCTAssertEqual(band.y, 45)
        XCTAssertEqual(band.mask.width, 110); XCTAssertEqual(band.mask.height, 60)
        XCTAssertEqual(band.mask.coverage.reduce(0) { $0 + Int($1) }, (110 * 60 - 90 * 40) * 255)
    }
}
