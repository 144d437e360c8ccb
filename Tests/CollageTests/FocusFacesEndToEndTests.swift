@testable import Collage
import CollageCodecs
import CollageRaster
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

    private func photos(_ directory: URL, environment: [String: String] = [:]) throws -> [[String: Any]] {
        let result = try runCollage(["layout", "doc.yaml", "--json"], in: directory, environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        return try XCTUnwrap(json["photos"] as? [[String: Any]])
    }

    /// The astronaut on a 640x360 canvas with `layout.focus: faces`: its
    /// folder, and `layout --json`'s photo (run with `environment`) and its crop window.
    private func facesInWideCell(environment: [String: String] = [:]) throws
        -> (directory: URL, photo: [String: Any], crop: [String: Double]) {
        try requireCascades()
        let directory = try folder("""
            version: 1
            canvas: {width: 640, height: 360}
            layout: {focus: faces}
            photos: [astronaut.png]
            """)
        let photo = try XCTUnwrap(try photos(directory, environment: environment).first)
        return (directory, photo, try XCTUnwrap(photo["crop"] as? [String: Double]))
    }

    func testFacesKeepsTheFaceAndExplainsItself() throws {
        let (directory, photo, crop) = try facesInWideCell()
        XCTAssertEqual(crop["width"], 512)
        XCTAssertEqual(crop["height"], 288)
        let focus = try XCTUnwrap(photo["focus"] as? [String: Any])
        XCTAssertEqual(focus["strategy"] as? String, "faces")
        XCTAssertEqual(focus["keptFaces"] as? Int, 1)
        let faces = try XCTUnwrap(focus["faces"] as? [[String: Double]])
        // The astronaut's face (OpenCV finds (188, 86, 73x73) on the full photo) is found on the 320x320
        // analysis image at (116, 53, 48x48): 1.6 photo px an analysis px, so (185.6, 84.8, 76.8x76.8).
        let face = try XCTUnwrap(faces.first)
        XCTAssertEqual(faces.count, 1)
        XCTAssertEqual(face["x"]!, 185.6, accuracy: 1e-9); XCTAssertEqual(face["y"]!, 84.8, accuracy: 1e-9)
        XCTAssertEqual(face["width"]!, 76.8, accuracy: 1e-9)
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
        XCTAssertTrue(result.stderr.contains("doc.yaml:3:10: warning: photo 'astronaut': its crop (focus [0.5, 0.5]) cuts 1 detected face at (185, 84, 76x76)"),
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

    /// `focus: faces` on a `cover` background image: the window keeps the
    /// astronaut's face (188, 86, 73x73) with its headroom, where the
    /// default centred window (y 112-400 of the 512x512 image on a 16:9
    /// canvas) cuts it; `auto` on the background lays out too.
    func testBackgroundImageFaces() throws {
        try requireCascades()
        func window(_ focus: String) throws -> Rect {
            let directory = try folder("""
                version: 1
                canvas: {width: 640, height: 360, background: {image: astronaut.png\(focus)}}
                """)
            let prepared = try CollageRenderer.prepare(documentPath: directory.appendingPathComponent("doc.yaml").path)
            return try XCTUnwrap(prepared.layout.background?.pieces.first?.source)
        }
        let centred = try window("")
        XCTAssertEqual(centred, Rect(x: 0, y: 112, width: 512, height: 288))
        let faces = try window(", focus: faces")
        XCTAssertEqual(faces.width, 512); XCTAssertEqual(faces.height, 288)
        XCTAssertEqual(faces.x, 0)
        // Half a face of headroom above (86 - 36.5), 0.3 of one below (86 + 1.3 * 73).
        XCTAssertLessThanOrEqual(faces.y, 86 - 0.5 * 73 + 1)
        XCTAssertGreaterThanOrEqual(faces.maxY, 86 + 1.3 * 73 - 1)
        let auto = try window(", focus: auto")
        XCTAssertEqual(auto.height, 288)
        XCTAssertGreaterThanOrEqual(auto.y, 0); XCTAssertLessThanOrEqual(auto.maxY, 512)
    }

    /// `render --debug-layout` with `focus: faces`: a 2 px green band inside
    /// the detected face's box on the canvas (`DebugOverlay.faceColor`),
    /// where the plain render has the photo; inside the band, the photo.
    func testDebugOverlayDrawsTheFaceBox() throws {
        let (directory, photo, crop) = try facesInWideCell()
        let face = try XCTUnwrap((photo["focus"] as? [String: Any])?["faces"] as? [[String: Double]]).first
        let f = try XCTUnwrap(face)
        XCTAssertEqual(try runCollage(["render", "doc.yaml", "-o", "plain.png"], in: directory).status, 0)
        let result = try runCollage(["render", "doc.yaml", "-o", "debug.png", "--debug-layout"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let plain = try ImageDecoder.decode(path: directory.appendingPathComponent("plain.png").path)
        let debug = try ImageDecoder.decode(path: directory.appendingPathComponent("debug.png").path)
        // The cell is the whole 640x360 canvas, 1.25 canvas px per photo px (640 / 512).
        let scale = 640 / crop["width"]!
        func canvas(_ v: Double) -> Int { Int((v).rounded(.toNearestOrAwayFromZero)) }
        let x0 = canvas(f["x"]! * scale), y0 = canvas((f["y"]! - crop["y"]!) * scale)
        let x1 = canvas((f["x"]! + f["width"]!) * scale), y1 = canvas((f["y"]! - crop["y"]! + f["height"]!) * scale)
        XCTAssertEqual(x0, 232, "face box left edge on the canvas (185.6 x 1.25)")
        let green = Color(red: 0, green: 255, blue: 0)
        let midX = (x0 + x1) / 2, midY = (y0 + y1) / 2
        for (x, y) in [(midX, y0), (midX, y0 + 1), (midX, y1 - 1), (midX, y1 - 2), (x0, midY), (x0 + 1, midY), (x1 - 1, midY), (x1 - 2, midY)] {
            XCTAssertEqual(debug[x, y], green, "(\(x), \(y)) on the face box")
            XCTAssertNotEqual(plain[x, y], green, "(\(x), \(y)) in the plain render")
        }
        // Just inside the 2 px band and just outside it: the photo as rendered without the overlay.
        XCTAssertEqual(debug[midX, y0 + 2], plain[midX, y0 + 2])
        XCTAssertEqual(debug[midX, y0 - 1], plain[midX, y0 - 1])
        XCTAssertEqual(debug[x0 + 2, midY], plain[x0 + 2, midY])
    }

    /// The warning when not every face fits the window counts and agrees in
    /// number ("1 face found, but it does not fit", not "only the 0 largest").
    func testTheFacesDoNotFitWarningCountsRight() {
        let window = (width: 512.0, height: 153.6)
        XCTAssertEqual(FocusResolver.facesDoNotFit("photo 'a'", found: 1, kept: 0, window: window),
                       "photo 'a': 1 face found, but it does not fit its 512 x 154 px window")
        XCTAssertEqual(FocusResolver.facesDoNotFit("photo 'a'", found: 3, kept: 0, window: window),
                       "photo 'a': 3 faces found, but none fits its 512 x 154 px window")
        XCTAssertEqual(FocusResolver.facesDoNotFit("photo 'a'", found: 3, kept: 2, window: window),
                       "photo 'a': 3 faces found, but only the 2 largest fit its 512 x 154 px window")
    }

    /// `check --warn-cut-faces` also warns when the crop leaves a face out
    /// entirely: a 100x400 cell keeps a 128 px wide window of the 512 px
    /// photo, which `focus: [1, 0.5]` puts at x 384-512, right of the face
    /// (x 185.6-262.4); the centred window (x 192-320) cuts it instead.
    func testCheckWarnsWhenACropLeavesAFaceOut() throws {
        try requireCascades()
        let directory = try folder("""
            version: 1
            canvas: {width: 100, height: 400}
            photos: [{src: astronaut.png, focus: [1, 0.5]}]
            """)
        let result = try runCollage(["check", "--warn-cut-faces", "doc.yaml"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains(
            "doc.yaml:3:16: warning: photo 'astronaut': its crop (focus [1.0, 0.5]) leaves out 1 detected face at (185, 84, 76x76)"),
            result.stderr)
        XCTAssertFalse(result.stderr.contains("cuts"), result.stderr)
        try Data("""
            version: 1
            canvas: {width: 100, height: 400}
            photos: [astronaut.png]
            """.utf8).write(to: directory.appendingPathComponent("doc.yaml"))
        let centred = try runCollage(["check", "--warn-cut-faces", "doc.yaml"], in: directory)
        XCTAssertTrue(centred.stderr.contains(
            "doc.yaml:3:10: warning: photo 'astronaut': its crop (focus [0.5, 0.5]) cuts 1 detected face at (185, 84, 76x76)"),
            centred.stderr)
        XCTAssertFalse(centred.stderr.contains("leaves out"), centred.stderr)
    }

    /// `check --warn-cut-faces` checks a `cover` background image's fixed
    /// focus too (the centred window, y 112-400, cuts the face at y 84.8),
    /// at the image's `src`; `focus: faces` on it does not warn.
    func testCheckWarnsWhenABackgroundCropCutsAFace() throws {
        try requireCascades()
        let directory = try folder("""
            version: 1
            canvas: {width: 640, height: 360, background: {image: astronaut.png}}
            """)
        let result = try runCollage(["check", "--warn-cut-faces", "doc.yaml"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("doc.yaml:2:55: warning: background image 'astronaut.png': its crop "
            + "(focus [0.5, 0.5]) cuts 1 detected face at (185, 84, 76x76)"), result.stderr)
        try Data("""
            version: 1
            canvas: {width: 640, height: 360, background: {image: astronaut.png, focus: faces}}
            """.utf8).write(to: directory.appendingPathComponent("doc.yaml"))
        let faces = try runCollage(["check", "--warn-cut-faces", "doc.yaml"], in: directory)
        XCTAssertEqual(faces.status, 0, faces.stderr)
        XCTAssertFalse(faces.stderr.contains("warning"), faces.stderr)
    }

    /// A background image's `focus: faces` is explained by `layout --json`
    /// as a photo's is: its window (the one the layout uses) and the face
    /// (the astronaut's, (185.6, 84.8, 76.8x76.8) as in the photo test);
    /// without a strategy there is no `background` entry.
    func testLayoutJSONExplainsTheBackgroundWindow() throws {
        try requireCascades()
        let directory = try folder("""
            version: 1
            canvas: {width: 640, height: 360, background: {image: astronaut.png, focus: faces}}
            """)
        let result = try runCollage(["layout", "doc.yaml", "--json"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let background = try XCTUnwrap(json["background"] as? [String: Any])
        XCTAssertEqual(background["src"] as? String, "astronaut.png")
        XCTAssertEqual(background["fit"] as? String, "cover")
        let prepared = try CollageRenderer.prepare(documentPath: directory.appendingPathComponent("doc.yaml").path)
        let window = try XCTUnwrap(prepared.layout.background?.pieces.first?.source)
        let crop = try XCTUnwrap(background["crop"] as? [String: Double])
        XCTAssertEqual(crop["x"], 0); XCTAssertEqual(crop["width"], 512); XCTAssertEqual(crop["height"], 288)
        // The window the layout draws (the JSON text may differ from the Double in its last digit).
        XCTAssertEqual(crop["y"]!, window.y, accuracy: 1e-9)
        XCTAssertEqual(window.y, 46.4, accuracy: 1e-9)
        let focus = try XCTUnwrap(background["focus"] as? [String: Any])
        XCTAssertEqual(focus["strategy"] as? String, "faces")
        XCTAssertEqual(focus["keptFaces"] as? Int, 1)
        let faces = try XCTUnwrap(focus["faces"] as? [[String: Double]])
        XCTAssertEqual(faces.count, 1)
        XCTAssertEqual(faces[0]["x"]!, 185.6, accuracy: 1e-9); XCTAssertEqual(faces[0]["y"]!, 84.8, accuracy: 1e-9)
        XCTAssertEqual(faces[0]["width"]!, 76.8, accuracy: 1e-9)
        try Data("""
            version: 1
            canvas: {width: 640, height: 360, background: {image: astronaut.png}}
            """.utf8).write(to: directory.appendingPathComponent("doc.yaml"))
        let fixed = try runCollage(["layout", "doc.yaml", "--json"], in: directory)
        let plain = try XCTUnwrap(try JSONSerialization.jsonObject(with: fixed.stdout) as? [String: Any])
        XCTAssertNil(plain["background"])
    }

    /// An empty `COLLAGE_CASCADES` counts as unset: the installed cascades
    /// are found (the face is), where a folder without them is an error.
    func testEmptyCascadesVariableIsUnset() throws {
        let (directory, photo, _) = try facesInWideCell(environment: ["COLLAGE_CASCADES": ""])
        XCTAssertEqual((photo["focus"] as? [String: Any])?["keptFaces"] as? Int, 1)
        let missing = try runCollage(["layout", "doc.yaml"], in: directory, environment: ["COLLAGE_CASCADES": "/nonexistent"])
        XCTAssertEqual(missing.status, 1)
    }

    /// The analysis decode is held to `--max-pixels` as the render's is: the
    /// 512x512 PNG (262 144 decoded pixels) is refused at its `src` under a
    /// budget of 200 000, by `check` (its analysis) and `render` (whose
    /// analysis is the render's own decode, refused by the render's budget
    /// check before anything is decoded), and analysed under 300 000.
    func testAnalysisHonoursMaxPixels() throws {
        let directory = try folder("""
            version: 1
            canvas: {width: 64, height: 64}
            photos: [{src: astronaut.png, focus: auto}]
            """)
        for (command, message, note) in [
            (["check", "doc.yaml"], "doc.yaml:3:16: error: cannot analyse photo 'astronaut.png' for 'focus': ",
             "--max-pixels N raises the decoded-pixel budget"),
            (["render", "doc.yaml", "-o", "out.png"],
             "doc.yaml:3:16: error: cannot decode photo 'astronaut.png': image too large: 512x512 (0.3 megapixels), over the limit of 200000 pixels",
             "note: resolved path: "),
        ] {
            let refused = try runCollage(command + ["--max-pixels", "200000"], in: directory)
            XCTAssertEqual(refused.status, 1, refused.stderr)
            XCTAssertTrue(refused.stderr.contains(message), refused.stderr)
            XCTAssertTrue(refused.stderr.contains(note), refused.stderr)
            let allowed = try runCollage(command + ["--max-pixels", "300000"], in: directory)
            XCTAssertEqual(allowed.status, 0, allowed.stderr)
        }
    }
}
