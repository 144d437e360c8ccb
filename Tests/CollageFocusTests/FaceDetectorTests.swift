import CollageCodecs
import CollageFocus
import CollageRaster
import CollageTestSupport
import Foundation
import XCTest

final class FaceDetectorTests: XCTestCase {
    static let fixture = TestPackage.root.appendingPathComponent("Tests/Fixtures/faces/opencv-detections.json")

    struct Fixture: Decodable {
        struct Scene: Decodable { var frontal: [[Int]]; var profile: [[Int]]; var profileMirrored: [[Int]] }
        var scenes: [String: Scene]
    }

    /// Corpus photos (../shared/corpus) where OpenCV's cascades found
    /// something at an earlier analysis scale and scaleFactor (at 320 px and
    /// 1.2 only the 7D's profile face, both ways, is found; the others are
    /// kept: both detectors must agree on finding nothing there).
    static let corpusPhotos = ["exif-orientation-examples/Portrait_6.jpg", "metadata-extractor-images/Canon_EOS_7D.jpg",
                               "metadata-extractor-images/photo_Blackberry_Z10.jpg", "metadata-extractor-images/photo_Canon_EOS_1000D.jpg",
                               "pillow/hopper_gray.jpg", "pillow/jpeg_ff00_header.jpg"]

    /// The decode's `minimumSize` the render asks for a photo of `size` in a
    /// 640x640 cover cell (`Scene.minimumDecodeSize`: twice the cell over
    /// the window, capped at the photo).
    static func cellDecode(_ size: Size) -> Size {
        let side = Double(min(size.width, size.height))
        func needed(_ full: Int) -> Int { min(full, Int((2 * Double(full) * 640 / side).rounded(.up))) }
        return Size(width: needed(size.width), height: needed(size.height))
    }

    private func detector() throws -> FaceDetector {
        do { return try FaceDetector.shared() } catch {
            if TestPackage.isCI { XCTFail("\(error)") }
            throw XCTSkip("opencv-data is not installed: \(error)")
        }
    }

    /// Every frontal face OpenCV's own CascadeClassifier finds (committed
    /// fixtures, the same cascade, parameters and luma) is matched one-to-one
    /// by one of collage's with IoU ≥ 0.5, and collage finds at most 10%
    /// more, per cascade (frontal 21 of 21, profile 2 of 2, no extra).
    func testAgreesWithOpenCV() throws {
        let detector = try detector()
        let fixture = try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: Self.fixture))
        let corpus = try TestPackage.requireCorpus()
        var images = FaceScene.all.map { ($0.name, $0.analysis.grey) }
        for file in Self.corpusPhotos {
            let path = corpus.appendingPathComponent(file).path
            let header = try ImageDecoder.header(path: path)
            // At the decode a 640 px cover cell's render makes (DCT 1/2 to 1/8, as stored), as `layout` analyses it.
            let stored = try ImageDecoder.decodeStored(path: path, options: DecodeOptions(minimumSize: Self.cellDecode(header.size)))
            images.append(("corpus-" + (file as NSString).lastPathComponent,
                           AnalysisImage(stored: stored.pixmap, orientation: stored.header.orientation.stored, source: header.size).grey))
        }
        XCTAssertEqual(Set(fixture.scenes.keys), Set(images.map(\.0)))
        let export = ProcessInfo.processInfo.environment["COLLAGE_EXPORT_FACE_SCENES"]
        var totals: [String: (opencv: Int, matched: Int, ours: Int)] = [:]
        var lines: [String] = []
        for (name, grey) in images {
            let scene = (name: name, grey: grey)
            if let export {
                try Data(grey.pgm).write(to: URL(fileURLWithPath: export).appendingPathComponent(scene.name + ".pgm"))
            }
            guard let expected = fixture.scenes[scene.name] else { continue }
            let half = FaceDetector.profileImage(of: grey)
            if let export {
                try Data(half.pgm).write(to: URL(fileURLWithPath: export).appendingPathComponent(scene.name + ".half.pgm"))
            }
            let mirrored = half.mirrored
            let runs: [(String, [[Int]], [Box])] = [
                ("frontal", expected.frontal, CascadeDetector.detect(detector.frontal, in: grey, parameters: FaceDetector.frontalParameters)),
                ("profile", expected.profile, CascadeDetector.detect(detector.profile, in: half, parameters: FaceDetector.profileParameters)),
                ("profileMirrored", expected.profileMirrored,
                 CascadeDetector.detect(detector.profile, in: mirrored, parameters: FaceDetector.profileParameters)),
            ]
            for (name, theirs, ours) in runs {
                var unused = ours
                var matched = 0
                for box in theirs.map({ Box(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }) {
                    if let best = unused.indices.max(by: { unused[$0].iou(box) < unused[$1].iou(box) }), unused[best].iou(box) >= 0.5 {
                        matched += 1
                        unused.remove(at: best)
                    }
                }
                var total = totals[name] ?? (0, 0, 0)
                total.opencv += theirs.count; total.matched += matched; total.ours += ours.count
                totals[name] = total
                lines.append("\(scene.name) \(name): opencv \(theirs) collage \(ours)")
                XCTAssertEqual(matched, theirs.count, "\(scene.name) \(name): OpenCV \(theirs), collage \(ours)")
            }
        }
        print(lines.joined(separator: "\n"))
        for (name, total) in totals.sorted(by: { $0.key < $1.key }) {
            print("agreement \(name): \(total.matched)/\(total.opencv) OpenCV faces matched, \(total.ours) collage detections")
            XCTAssertLessThanOrEqual(Double(total.ours - total.matched), 0.1 * Double(total.opencv) + 1e-9, name)
        }
        // The 12 scenes' 20 faces and the Canon 7D's, every one matched, no extra.
        XCTAssertEqual(totals["frontal"]?.opencv, 21)
        XCTAssertEqual(totals["frontal"]?.matched, 21)
        XCTAssertEqual(totals["frontal"]?.ours, 21)
        // The profile (Haar) cascade on the halved image and its mirror: both of OpenCV's faces, box for box (the
        // pyramid resized as OpenCV 4's detectMultiScale does, INTER_LINEAR_EXACT).
        let profile = (opencv: (totals["profile"]?.opencv ?? 0) + (totals["profileMirrored"]?.opencv ?? 0),
                       matched: (totals["profile"]?.matched ?? 0) + (totals["profileMirrored"]?.matched ?? 0),
                       ours: (totals["profile"]?.ours ?? 0) + (totals["profileMirrored"]?.ours ?? 0))
        XCTAssertEqual(profile.opencv, 2)
        XCTAssertEqual(profile.matched, 2)
        XCTAssertEqual(profile.ours, 2)
    }

    /// Every composed face lies inside the `faces` window for 1:1, 9:16 and 16:9 cells.
    func testComposedFacesInsideTheCrop() throws {
        let detector = try detector()
        for scene in FaceScene.all {
            let analysis = scene.analysis
            let faces = detector.faces(in: analysis.grey)
            let map = SaliencyMap(analysis)
            for (w, h) in [(1.0, 1.0), (9.0, 16.0), (16.0, 9.0)] {
                let photo = Size(width: FaceScene.width, height: FaceScene.height)
                let cover = CoverSize.window(photo: photo, aspect: w / h)
                let choice = FocusWindow.choose(size: cover, area: Rect(x: 0, y: 0, width: 1000, height: 750), saliency: map,
                                                scale: (analysis.scaleX, analysis.scaleY), faces: faces.map(\.box))
                XCTAssertEqual(choice.strategy, .faces, "\(scene.name)")
                for face in scene.faces {
                    let inside = Double(face.x) >= choice.window.x && Double(face.y) >= choice.window.y
                        && Double(face.x + face.width) <= choice.window.maxX && Double(face.y + face.height) <= choice.window.maxY
                    XCTAssertTrue(inside, "\(scene.name) \(w):\(h): face \(face) outside \(choice.window) (found \(faces.map(\.box)))")
                }
            }
        }
    }

    /// No faces (a flat field), a tiny photo: `faces` falls back to `auto` with a window inside the photo.
    func testNoFacesAndTinyPhotoFallBack() throws {
        let detector = try detector()
        for size in [Size(width: 300, height: 200), Size(width: 3, height: 2)] {
            let analysis = AnalysisImage(pixmap: Pixmap(width: size.width, height: size.height, color: Color(red: 90, green: 90, blue: 90)), source: size)
            let faces = detector.faces(in: analysis.grey)
            XCTAssertEqual(faces, [])
            let cover = CoverSize.window(photo: size, aspect: 1)
            let choice = FocusWindow.choose(size: cover, area: Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)),
                                            saliency: SaliencyMap(analysis), scale: (analysis.scaleX, analysis.scaleY), faces: [])
            XCTAssertEqual(choice.strategy, .autoNoFaces)
            XCTAssertEqual(choice.window.height, Double(size.height))
            XCTAssertGreaterThanOrEqual(choice.window.x, 0)
            XCTAssertLessThanOrEqual(choice.window.maxX, Double(size.width) + 1e-9)
        }
    }

    /// Without opencv-data the error says what to install.
    func testMissingCascadesSayWhatToInstall() throws {
        XCTAssertThrowsError(try FaceDetector.load(FaceDetector.frontalFile, folders: ["/nonexistent"])) { error in
            XCTAssertEqual("\(error)", "lbpcascades/lbpcascade_frontalface_improved.xml: not found in /nonexistent: "
                + "focus: faces reads OpenCV's face cascades; install Debian's opencv-data (apt-get install opencv-data)")
        }
    }

    /// The same faces on every run and on concurrent threads.
    func testDeterministicAcrossThreads() throws {
        let detector = try detector()
        let grey = FaceScene.all[11].analysis.grey
        let reference = detector.faces(in: grey)
        XCTAssertFalse(reference.isEmpty)
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var faces: [[DetectedFace]] = []
        }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let found = detector.faces(in: grey)
            results.lock.lock(); results.faces.append(found); results.lock.unlock()
        }
        XCTAssertEqual(results.faces.count, 4)
        for found in results.faces { XCTAssertEqual(found, reference) }
    }

    /// The cut-face table (README "focus: faces"): composed faces not wholly
    /// inside the window, over every scene, for a centred window, `auto` and
    /// `faces`, at 1:1, 9:16 and 16:9. `faces` cuts none; the centre does.
    func testCutFaceTable() throws {
        let detector = try detector()
        let aspects = [("1:1", 1.0), ("9:16", 9.0 / 16), ("16:9", 16.0 / 9)]
        var cuts: [String: [Int]] = ["centre": [0, 0, 0], "auto": [0, 0, 0], "faces": [0, 0, 0]]
        var total = 0
        let area = Rect(x: 0, y: 0, width: 1000, height: 750)
        for scene in FaceScene.all {
            let analysis = scene.analysis
            let map = SaliencyMap(analysis)
            let scale = (analysis.scaleX, analysis.scaleY)
            let found = detector.faces(in: analysis.grey).map(\.box)
            total += scene.faces.count
            for (column, (_, aspect)) in aspects.enumerated() {
                let size = CoverSize.window(photo: Size(width: 1000, height: 750), aspect: aspect)
                let centre = Rect(x: (1000 - size.width) / 2, y: (750 - size.height) / 2, width: size.width, height: size.height)
                let auto = FocusWindow.choose(size: size, area: area, saliency: map, scale: scale, faces: nil).window
                let faces = FocusWindow.choose(size: size, area: area, saliency: map, scale: scale, faces: found).window
                for (name, window) in [("centre", centre), ("auto", auto), ("faces", faces)] {
                    cuts[name]![column] += scene.faces.filter { face in
                        !(Double(face.x) >= window.x && Double(face.y) >= window.y
                          && Double(face.x + face.width) <= window.maxX && Double(face.y + face.height) <= window.maxY)
                    }.count
                }
            }
        }
        var table = "| crop | " + aspects.map(\.0).joined(separator: " | ") + " |\n|---|---|---|---|\n"
        for name in ["centre", "auto", "faces"] {
            table += "| \(name) | " + cuts[name]!.map { "\($0) of \(total)" }.joined(separator: " | ") + " |\n"
        }
        print("cut-face table (\(FaceScene.all.count) scenes, \(total) faces):\n" + table)
        XCTAssertEqual(cuts["faces"]!, [0, 0, 0])
        XCTAssertGreaterThan(cuts["centre"]!.reduce(0, +), 0)
    }
}
