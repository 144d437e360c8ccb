@testable import CollageText
import CollageRaster
import XCTest

/// `GrayChords` cuts curves where FreeType 2.12.1's `ftgrays.c` cuts them
/// (1/256 px fixed point, y up in; glyph-space pixels, y down out).
final class GrayChordsTests: XCTestCase {
    /// The points of the line elements after the first move.
    private func points(_ path: Path) -> [[Double]] {
        path.elements.compactMap { element in
            if case .line(let x, let y) = element { return [x, y] }
            return nil
        }
    }

    func testAConicIsCutIntoPowerOfTwoChordsByItsSecondDifference() {
        // 26.6: (0, 0) → control (256, 512) → (512, 0), i.e. 1/256 px
        // p1 − p0 = (1024, 2048), p0 + p2 − 2·p1 = (0, −4096): quartered
        // three times to 64 (1/4 px), so 2³ chords at t = k/8, where
        // x = 2048·t, y = 4096·t − 4096·t² (1/256 px), exact.
        var chords = GrayChords(shiftX: 0, shiftY: 0)
        chords.move(toX: 0, y: 0)
        chords.conic(controlX: 256, 512, toX: 512, 0)
        let expected = (1...8).map { k -> [Double] in
            let t = Double(k) / 8
            return [2048 * t / 256, -(4096 * t - 4096 * t * t) / 256]
        }
        XCTAssertEqual(points(chords.path), expected)
        XCTAssertEqual(points(chords.path)[0], [1, -1.75])
    }

    func testAConicWithinAQuarterPixelIsOneLine() {
        // Second difference 64/256 px = 1/4 px: not cut.
        var chords = GrayChords(shiftX: 0, shiftY: 0)
        chords.move(toX: 0, y: 0)
        chords.conic(controlX: 320, -8, toX: 640, 0)
        XCTAssertEqual(points(chords.path), [[10, 0]])
    }

    func testACubicIsBisectedUntilItsControlsNearTheTrisectionPoints() {
        var chords = GrayChords(shiftX: 0, shiftY: 0)
        chords.move(toX: 0, y: 0)
        // Controls on the chord's trisection points: a line.
        chords.cubic(control1X: 64, 0, control2X: 128, 0, toX: 192, 0)
        XCTAssertEqual(points(chords.path), [[3, 0]])
        // 1/256 px: (0, 0) (0, 1024) (1024, 1024) (1024, 0): bisected three
        // times everywhere (symmetric), so 8 chords ending at t = k/8, the
        // curve's own points (whole 1/256 px here, so no floor moves them).
        var arch = GrayChords(shiftX: 0, shiftY: 0)
        arch.move(toX: 0, y: 0)
        arch.cubic(control1X: 0, 256, control2X: 256, 256, toX: 256, 0)
        let expected = (1...8).map { k -> [Double] in
            let t = Double(k) / 8, u = 1 - t
            return [(3 * u * t * t + t * t * t) * 1024 / 256, -(3 * u * u * t + 3 * u * t * t) * 1024 / 256]
        }
        XCTAssertEqual(points(arch.path), expected)
        XCTAssertEqual(points(arch.path)[0], [44.0 / 256, -336.0 / 256])
    }

    func testAWholePixelShiftIsUndoneExactly() {
        // The outline moved 3 px right and 2 px up (26.6) before decomposing.
        var chords = GrayChords(shiftX: 192, shiftY: 128)
        chords.move(toX: 192, y: 128)
        chords.line(toX: 256, y: 192)
        XCTAssertEqual(chords.path.elements.first, .move(x: 0, y: 0))
        XCTAssertEqual(points(chords.path), [[1, -1]])
    }
}
