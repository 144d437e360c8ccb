@testable import CollageLayout
import CollageRaster
import CollageSpec
import CollageTestSupport
import XCTest

/// Every overlay kind has every stage. The one switch over the kinds is the
/// reading stage's (`OverlayKind.payload`); the frame and node stages are
/// reached from it by conformance in the kind's folder, so a kind added to
/// the enum without them is found here, not by a user.
final class OverlayStagesTests: XCTestCase {
    override func setUp() { PinnedFonts.load }

    /// One small overlay of each kind, read from YAML as a user writes it.
    private let documents: [OverlayKindName: String] = [
        .text: "text: Hi\n    font: {family: DejaVu Sans, size: 20}",
        .image: "image: gradients.png\n    width: 40",
        .shape: "shape: rect\n    width: 30\n    height: 20\n    fill: '#ff0000'",
        .qrcode: "qrcode: {text: 'https://example.org', size: 58}",
    ]

    func testEveryOverlayKindIsFramedAndDrawnThroughItsStages() throws {
        // The image overlay draws a PNG of the repository (a golden).
        let goldens = TestPackage.root.appendingPathComponent("Tests/CollageTests/Goldens").path
        XCTAssertEqual(Set(documents.keys), Set(OverlayKindName.allCases), "a document for every kind")
        for name in OverlayKindName.allCases {
            let yaml = "version: 1\ncanvas: {width: 200, height: 100, background: '#ffffff'}\nphotos: []\noverlays:\n  - \(documents[name]!)\n"
            let spec: Spec
            do {
                spec = try DocumentLoader.load(text: Array(yaml.utf8), file: "\(name).yaml", baseDirectory: goldens)
            } catch {
                XCTFail("\(name): \(error)"); continue
            }
            XCTAssertEqual(spec.overlays.map(\.kindName), [name])
            let layout = try LayoutEngine.layout(spec, photoSizes: [], overlayImageSizes: [0: Size(width: 80, height: 40)])
            let frame = try XCTUnwrap(layout.overlays.first, "\(name)")
            // The frame stage's payload is the node stage of the same kind.
            let drawing = frame.kind.drawing
            XCTAssertEqual(String(describing: type(of: drawing)),
                           ["text": "TextOverlaySpec", "image": "ImageOverlayFrame", "shape": "ShapeOverlayFrame",
                            "qrcode": "QRCodeOverlayFrame"][name.rawValue])
            var context = OverlayDrawingContext(spec: spec, layout: layout)
            let node = try drawing.node(frame, context: &context)
            XCTAssertNotNil(node, "\(name) draws")
            XCTAssertNotNil(frame.report(context), "\(name) is reported")
        }
    }

    /// Frame kinds compare by kind and payload: a layout's equality (tests
    /// of exact frames) sees a changed payload and a different kind.
    func testFrameKindsAreEqualOnlyForTheSameKindAndPayload() {
        let text = OverlayFrameKind(TextOverlaySpec(text: "a"))
        XCTAssertEqual(text, OverlayFrameKind(TextOverlaySpec(text: "a")))
        XCTAssertNotEqual(text, OverlayFrameKind(TextOverlaySpec(text: "b")))
        let image = OverlayFrameKind(ImageOverlayFrame(image: 0, box: PixelRect(x: 0, y: 0, width: 4, height: 4),
                                                       size: Size(width: 4, height: 4)))
        XCTAssertNotEqual(text, image)
        XCTAssertEqual(Set([text, image, OverlayFrameKind(TextOverlaySpec(text: "a"))]).count, 2)
        XCTAssertNotNil(image.payload(as: ImageOverlayFrame.self))
        XCTAssertNil(image.payload(as: TextOverlaySpec.self))
    }
}
