import CollageCodecs
import Foundation
import XCTest
@testable import Collage
import CollageTestSupport

/// The same bytes for every `--threads` count (DESIGN.md), for scenes of the
/// scene graph: tilted prints with shadows, borders and rounded corners
/// (isolated layers, shaped image draws, blurred shadow masks overlapping
/// each other), turned translucent text and image overlays, and an image
/// overlay's alpha shadow; JPEG (bands), PNG (rows) and WebP (whole canvas).
final class ThreadsDeterminismTests: XCTestCase {
    private func document(in directory: URL, imageOverlay: Bool) throws -> String {
        var text = """
            version: 1
            canvas: {width: 520, height: 347, background: "#c8b89a"}
            photos:
              - {src: photos/quadrants.png, frame: {x: 20, y: 20, width: 220, height: 160}, rotation: 5,
                 border: {width: 8, color: "#ffffff"}, cornerRadius: 12,
                 shadow: {offset: [6, 8], blur: 14, spread: 2}}
              - {src: photos/gradient.jpg, frame: {x: 170, y: 90, width: 240, height: 170}, rotation: -30,
                 opacity: 0.8, border: {width: 6, color: "#fafafa"}, shadow: {offset: [4, 4], blur: 10}}
              - {src: photos/stripes.png, frame: {x: 300, y: 180, width: 180, height: 140}, rotation: 90,
                 fit: contain, cornerRadius: 20, flip: horizontal, shadow: {offset: [-5, 6], blur: 6, color: "#20204080"}}
              - {src: photos/logo.png, frame: {x: 40, y: 200, width: 200, height: 100}, rotation: 180, opacity: 0.6}
            layout: {kind: free}
            overlays:
              - text: "Tilted"
                font: {family: "DejaVu Sans", size: 64}
                color: "#ffffff"
                stroke: {width: 3, color: "#000000"}
                rotation: -12
                opacity: 0.7
                anchor: center
            """
        if imageOverlay {
            text += """

                  - image: photos/logo.png
                    anchor: bottomRight
                    offset: [-20, -20]
                    width: 140
                    rotation: 25
                    opacity: 0.6
                    shadow: {offset: [8, 8], blur: 6}
                """
        }
        let path = directory.appendingPathComponent(imageOverlay ? "layered-image.yaml" : "layered.yaml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testRotatedShadowedTranslucentLayeredScenesGiveTheSameBytesForEveryThreadCount() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
        // Text only: the early start (photos decode while the text is set);
        // with an image overlay: the text stage first.
        for imageOverlay in [false, true] {
            let doc = try document(in: directory, imageOverlay: imageOverlay)
            for format in ["jpg", "png", "webp"] {
                var first: [UInt8]?
                for threads in [1, 2, 3, 7] {
                    let output = directory.appendingPathComponent("out-\(imageOverlay)-\(threads).\(format)")
                    try CollageRenderer.render(documentPath: doc, options: RenderOptions(outputPath: output.path, threads: threads))
                    let bytes = [UInt8](try Data(contentsOf: output))
                    XCTAssertGreaterThan(bytes.count, 1000)
                    if let first {
                        XCTAssertEqual(bytes, first, "\(format), image overlay \(imageOverlay), threads \(threads)")
                    } else {
                        first = bytes
                    }
                }
            }
        }
    }
}
