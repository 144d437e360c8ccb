@testable import Collage
import CollageTestSupport
import Foundation
import XCTest

/// `focus: auto` / `faces` through the `collage` binary (issue 40): the
/// astronaut (face at 188,86 73x73) in a 16:9 cell, whose centred window
/// (y 112-400) cuts the face.
final class FocusFacesEndToEndTests: XCTestCase {
    private func folder(_ document: String) throws -> URL {
        let directory = try TestPackage.temporaryDirectory(self)
        try FileManager.default.copyItem(at: TestPackage.root.appendingPathComponent("Tests/Fixtures/faces/astronaut.png"),
                                         to: directory.appendingPathComponent("astronaut.png"))
        try Data(document.utf8).write(to: directory.appendingPathComponent("doc.yaml"))
        return directory
    }

    private func requireCascades() throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/opencv4/lbpcascades/lbpcascade_frontalface_improved.xml") else {
            if TestPackage.isCI { XCTFail("opencv-data is not installed") }
            throw XCTSkip("opencv-data is not installed")
        }
    }

    private func photos(_ directory: URL) throws -> [[String: Any]] {
        let result = try runCollage(["layout", "doc.yaml", "--json"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        return try XCTUnwrap(json["photos"] as? [[String: Any]])
    }

    func testFacesKeepsTheFaceAndExplainsItself() throws {
        try requireCascades()
        let directory = try folder("""
            version: 1
            canvas: {width: 640, height: 360}
            layout: {focus: faces}
            photos: [astronaut.png]
            """)
        let photo = try XCTUnwrap(try photos(directory).first)
        let crop = try XCTUnwrap(photo["crop"] as? [String: Double])
        XCTAssertEqual(crop["width"], 512)
        XCTAssertEqual(crop["height"], 288)
        let focus = try XCTUnwrap(photo["focus"] as? [String: Any])
        XCTAssertEqual(focus["strategy"] as? String, "faces")
        XCTAssertEqual(focus["keptFaces"] as? Int, 1)
        let faces = try XCTUnwrap(focus["faces"] as? [[String: Double]])
        // The astronaut's face as OpenCV finds it on the full photo: (188, 86, 73x73); collage's grouping
        // of the same detections lands within a pixel.
        let face = try XCTUnwrap(faces.first)
        XCTAssertEqual(faces.count, 1)
        XCTAssertEqual(face["x"]!, 188, accuracy: 1); XCTAssertEqual(face["y"]!, 86, accuracy: 1)
        XCTAssertEqual(face["width"]!, 73, accuracy: 1)
        // The face with its headroom (half a face above, 0.3 below) inside the window; the centred one (y 112) cuts it.
        XCTAssertLessThanOrEqual(crop["y"]!, face["y"]! - 0.5 * face["height"]! + 1e-9)
        XCTAssertGreaterThanOrEqual(crop["y"]! + 288, face["y"]! + 1.3 * face["height"]! - 1e-9)
        // Determinism: the same answer again (the analysis recomputed by a new process).
        XCTAssertEqual(try photos(directory).first?["crop"] as? [String: Double], crop)
    }

    func testCheckWarnsWhenAFixedFocusCutsAFace() throws {
        try requireCascades()
        let directory = try folder("""
            version: 1
            canvas: {width: 640, height: 360}
            photos: [astronaut.png]
            """)
        let result = try runCollage(["check", "--warn-cut-faces", "doc.yaml"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("doc.yaml:3:10: warning: photo 'astronaut': its crop (focus [0.5, 0.5]) cuts 1 detected face at (189, 86, 72x72)"),
                      result.stderr)
        let plain = try runCollage(["check", "doc.yaml"], in: directory)
        XCTAssertFalse(plain.stderr.contains("cuts"), plain.stderr)
    }

    /// Missing opencv-data: an error at the `focus` value saying what to
    /// install; a 1-pixel-wide cell lays out; an unknown strategy is located.
    func testMissingCascadesPixelCellAndBadValue() throws {
        let directory = try folder("""
            version: 1
            canvas: {width: 1, height: 300}
            photos: [{src: astronaut.png, focus: faces}]
            """)
        let missing = try runCollage(["layout", "doc.yaml"], in: directory, environment: ["COLLAGE_CASCADES": "/nonexistent"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("doc.yaml:3:38: error: 'focus: faces' cannot read its face cascade lbpcascades/"
            + "lbpcascade_frontalface_improved.xml: not found in /nonexistent: focus: faces reads OpenCV's face cascades; "
            + "install Debian's opencv-data (apt-get install opencv-data)"), missing.stderr)
        try requireCascades()
        let photo = try XCTUnwrap(try photos(directory).first)
        let crop = try XCTUnwrap(photo["crop"] as? [String: Double])
        XCTAssertEqual(crop["height"], 512)
        XCTAssertEqual(crop["width"]!, 512.0 / 300, accuracy: 1e-9)
        let bad = try folder("""
            version: 1
            canvas: {width: 300, height: 300}
            photos: [{src: astronaut.png, focus: eyes}]
            """)
        let refused = try runCollage(["check", "doc.yaml"], in: bad)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("doc.yaml:3:38: error: 'eyes' is not a valid 'focus'; use one of 'auto', 'faces'"), refused.stderr)
    }

    /// The analysis is cached per photo file for the process: batch rows
    /// (here, three prepares with different variables) analyse it once; the
    /// `auto` window follows each row's cell.
    func testAnalysisCachedAcrossRows() throws {
        let directory = try folder("""
            version: 1
            canvas:
              width: ${w}
              height: 300
            layout: {focus: auto}
            photos: [astronaut.png]
            """)
        let before = FocusAnalysisCache.shared.computed
        var crops: [Double] = []
        for width in ["100", "200", "100"] {
            let prepared = try CollageRenderer.prepare(documentPath: directory.appendingPathComponent("doc.yaml").path,
                                                       variables: ["w": width])
            XCTAssertEqual(prepared.layout.photos[0].focus?.strategy, "auto")
            crops.append(prepared.layout.photos[0].crop.width)
        }
        XCTAssertEqual(FocusAnalysisCache.shared.computed - before, 1)
        XCTAssertEqual(crops[0], crops[2])
        XCTAssertEqual(crops[0], 512.0 / 3, accuracy: 1e-9)
    }
}
