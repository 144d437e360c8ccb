import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// Issue 33: text is glyph outlines in the scene, so a turned caption is
/// filled exactly at its angle, as a turned shape is (before, its upright
/// mask was resampled bilinearly: at 30°, 1.35-1.59 px of 10-90 % rise
/// against a rectangle's 0.79).
final class RotatedTextEdgeTests: XCTestCase, PhotoFolderTest {
    var directory: URL!

    override func setUpWithError() throws {
        try makePhotoFolder()
    }

    private func render(_ overlay: String) throws -> Pixmap {
        try write("doc.yaml", """
            version: 1
            canvas: {width: 600, height: 600, background: white}
            layout: {kind: free}
            overlays:
              - \(overlay)
            """)
        let result = try runCollage(["render", "doc.yaml", "-o", "out.png"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try ImageDecoder.decode(path: url("out.png").path)
    }

    /// Black over white composites in linear light: ink is 1 − the decoded value.
    private func ink(_ pixel: Color) -> Double { 1 - Double(SRGBTransfer.decode(pixel.green)) }

    /// The stem of a bold "I" turned 30° (its long edges run at 120°, y down)
    /// and a black 40 x 220 rectangle turned the same way: each long edge's
    /// rise is within 0.15 px of the rectangle's.
    func testThirtyDegreeBoldCaptionEdgesAreAsSharpAsARectangles() throws {
        let caption = try render("{text: I, font: {family: DejaVu Sans, size: 300, weight: 700}, color: black, rotation: 30}")
        let rectangle = try render("{shape: rect, width: 40, height: 220, fill: black, rotation: 30}")
        func rises(_ picture: Pixmap) throws -> (Double, Double) {
            try XCTUnwrap(EdgeRise.band(in: picture, centre: (300, 300), direction: 120, halfLength: 60, halfWidth: 60,
                                        ink: ink))
        }
        let text = try rises(caption), box = try rises(rectangle)
        print("10-90 % rise at 30°: caption \(text.0), \(text.1) px; rectangle \(box.0), \(box.1) px")
        for edge in [text.0, text.1] {
            XCTAssertEqual(edge, box.0, accuracy: 0.15)
            XCTAssertEqual(edge, box.1, accuracy: 0.15)
        }
        XCTAssertLessThan(box.0, 1.2, "the rectangle's edge is sharp")
    }
}
