import CollageCodecs
@testable import CollageFocus
import CollageRaster
import CollageTestSupport
import Foundation
import XCTest

/// The C window scan (`collage_cascade_scan`, 8 windows at once, AVX2 and
/// baseline) finds exactly the windows the scalar Swift reference finds,
/// on every level of both cascades, on the composed face scenes, corpus
/// photos and images made to keep many windows alive (noise, flat, stripes).
final class CascadeScanTests: XCTestCase {
    private func detector() throws -> FaceDetector {
        do { return try FaceDetector.shared() } catch {
            if TestPackage.isCI { XCTFail("\(error)") }
            throw XCTSkip("opencv-data is not installed: \(error)")
        }
    }

    /// Grey images of several sizes (odd and even, so the split tables have
    /// an unused odd column), made by a fixed generator.
    static func madeImages() -> [(String, GreyImage)] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        var out: [(String, GreyImage)] = []
        for (w, h) in [(320, 240), (241, 319), (97, 61)] {
            out.append(("noise-\(w)x\(h)", GreyImage(width: w, height: h, pixels: (0..<(w * h)).map { _ in next() })))
            out.append(("flat-\(w)x\(h)", GreyImage(width: w, height: h, pixels: [UInt8](repeating: 128, count: w * h))))
            out.append(("stripes-\(w)x\(h)", GreyImage(width: w, height: h, pixels: (0..<(w * h)).map { i in
                UInt8(truncatingIfNeeded: ((i % w) / 3 % 2) * 180 + ((i / w) / 5 % 2) * 60 + Int(next() >> 5))
            })))
        }
        return out
    }

    func testKernelMatchesReferenceOnEveryLevel() throws {
        let detector = try detector()
        let frontal = ScanCascade(detector.frontal), profile = ScanCascade(detector.profile)
        var images = FaceScene.all.map { ($0.name, $0.analysis.grey) } + Self.madeImages()
        let corpus = try? TestPackage.requireCorpus()
        if let corpus {
            images += try AnalysisImage.ofCorpusPhotos(["metadata-extractor-images/photo_Canon_EOS_5D.jpg",
                                                        "metadata-extractor-images/Canon_EOS_7D.jpg", "pillow/hopper_gray.jpg"],
                                                       in: corpus).map { ($0.0, $0.1.grey) }
        }
        var total = (frontal: 0, profile: 0)
        for (name, grey) in images {
            let half = FaceDetector.profileImage(of: grey)
            let runs: [(String, ScanCascade, Cascade, GreyImage, DetectionParameters)] = [
                ("frontal", frontal, detector.frontal, grey, FaceDetector.frontalParameters),
                ("frontal 1.1", frontal, detector.frontal, grey, DetectionParameters(scaleFactor: 1.1, minNeighbors: 3, minSize: 0)),
                ("profile", profile, detector.profile, half, FaceDetector.profileParameters),
                ("profile mirrored", profile, detector.profile, half.mirrored, FaceDetector.profileParameters),
                ("profile full", profile, detector.profile, grey, DetectionParameters(scaleFactor: 1.25, minNeighbors: 4, minSize: 0)),
            ]
            for (run, cascade, source, image, parameters) in runs {
                let reference = CascadeDetector.referenceRawDetections(cascade, of: source, in: image, parameters: parameters)
                let wide = CascadeDetector.rawDetections(cascade, in: image, parameters: parameters, wide: true)
                let baseline = CascadeDetector.rawDetections(cascade, in: image, parameters: parameters, wide: false)
                XCTAssertEqual(wide, reference, "\(name) \(run): wide kernel")
                XCTAssertEqual(baseline, reference, "\(name) \(run): baseline kernel")
                if cascade === frontal { total.frontal += reference.count } else { total.profile += reference.count }
            }
        }
        print("raw windows compared: frontal \(total.frontal), profile \(total.profile)")
        // Real windows, not empty lists: the scenes' faces give dozens of raw frontal hits each; the profile
        // cascade finds 8 raw windows without the corpus photos and 43 with them.
        XCTAssertGreaterThan(total.frontal, 200)
        XCTAssertGreaterThan(total.profile, corpus == nil ? 5 : 20)
    }

    /// The public entry points (a `Cascade` laid out on each call, or reused) agree, and group as before.
    func testDetectReusesTheLayout() throws {
        let detector = try detector()
        let grey = FaceScene.all[11].analysis.grey
        let once = CascadeDetector.detect(detector.frontal, in: grey, parameters: FaceDetector.frontalParameters)
        let scan = ScanCascade(detector.frontal)
        XCTAssertEqual(CascadeDetector.detect(scan, in: grey, parameters: FaceDetector.frontalParameters), once)
        XCTAssertEqual(CascadeDetector.detect(scan, in: grey, parameters: FaceDetector.frontalParameters), once)
        XCTAssertEqual(once.count, 6)
    }
}

/// The cascade files' numbers read by `collage_parse_numbers` (strtod_l)
/// are the values `Double(String)` gives, bit for bit.
final class CascadeReadTests: XCTestCase {
    private func file(_ name: String) throws -> [UInt8] {
        for folder in FaceDetector.searchFolders {
            if let bytes = FaceDetector.readFile(folder + "/" + name) { return bytes }
        }
        if TestPackage.isCI { XCTFail("\(name) not installed") }
        throw XCTSkip("opencv-data is not installed")
    }

    private func assertSame(_ a: Cascade, _ b: Cascade, _ name: String) {
        XCTAssertEqual(a.windowWidth, b.windowWidth, name); XCTAssertEqual(a.windowHeight, b.windowHeight, name)
        XCTAssertEqual(a.stages.count, b.stages.count, name)
        for (s, t) in zip(a.stages, b.stages) {
            XCTAssertEqual(s.threshold.bitPattern, t.threshold.bitPattern, name)
            XCTAssertEqual(s.stumps.count, t.stumps.count, name)
            for (u, v) in zip(s.stumps, t.stumps) {
                XCTAssertEqual(u.feature, v.feature, name); XCTAssertEqual(u.subset, v.subset, name)
                XCTAssertEqual(u.threshold.bitPattern, v.threshold.bitPattern, name)
                XCTAssertEqual(u.left.bitPattern, v.left.bitPattern, name); XCTAssertEqual(u.right.bitPattern, v.right.bitPattern, name)
            }
        }
        switch (a.features, b.features) {
        case (.lbp(let f), .lbp(let g)):
            XCTAssertEqual(f.map { [$0.x, $0.y, $0.width, $0.height] }, g.map { [$0.x, $0.y, $0.width, $0.height] }, name)
        case (.haar(let f), .haar(let g)):
            XCTAssertEqual(f.map { $0.rects.map { [$0.x, $0.y, $0.width, $0.height, Int($0.weight.bitPattern)] } },
                           g.map { $0.rects.map { [$0.x, $0.y, $0.width, $0.height, Int($0.weight.bitPattern)] } }, name)
        default: XCTFail("\(name): feature kinds differ")
        }
    }

    func testNumbersReadInCEqualDoubleFromString() throws {
        for (name, stages, stumps, features) in [(FaceDetector.frontalFile, 19, 149, 142), (FaceDetector.profileFile, 26, 2609, 2609)] {
            let bytes = try file(name)
            let fast = try Cascade.read(bytes: bytes, path: name, numbersInC: true)
            let plain = try Cascade.read(bytes: bytes, path: name, numbersInC: false)
            assertSame(fast, plain, name)
            XCTAssertEqual(fast.stages.count, stages, name)
            XCTAssertEqual(fast.stages.map(\.stumps.count).reduce(0, +), stumps, name)
            switch fast.features {
            case .lbp(let list): XCTAssertEqual(list.count, features, name)
            case .haar(let list): XCTAssertEqual(list.count, features, name)
            }
        }
        XCTAssertEqual(Cascade.plainNumbers(" 0.1 -2.5e-3\n7 "), [0.1, -2.5e-3, 7])
        XCTAssertNil(Cascade.plainNumbers("0x1p-2 1"))
        XCTAssertNil(Cascade.plainNumbers("  "))
    }

    /// A comment inside a number list, hex numbers and character references are read (libxml2, then
    /// `Double(String)` where a token is not a plain decimal number); a mismatched tag is refused with libxml2's message.
    func testUnusualFilesAreReadOrRefusedWithLibxml2sMessage() throws {
        let good = """
            <?xml version="1.0"?>
            <opencv_storage><cascade type_id="opencv-cascade-classifier"><stageType>BOOST</stageType>
            <featureType>HAAR</featureType><height>2</height><width>2</width>
            <stages><_><stageThreshold>-1.5</stageThreshold><weakClassifiers><_>
            <internalNodes>0 -1 0 0.5</internalNodes><leafValues>NUMBERS</leafValues></_></weakClassifiers></_></stages>
            <features><_><rects><_>0 0 2 2 -1.</_><_>0 0 1 2 2.</_></rects></_></features></cascade></opencv_storage>
            """
        func cascade(_ leaves: String) throws -> Cascade {
            try Cascade.read(bytes: Array(good.replacingOccurrences(of: "NUMBERS", with: leaves).utf8), path: "t.xml")
        }
        XCTAssertEqual(try cascade("0.25 -0.75").stages[0].stumps[0].left, 0.25)
        XCTAssertEqual(try cascade("0.25 -0.75").stages[0].threshold, Float(-1.5) - 1e-5)
        XCTAssertEqual(try cascade("1 <!-- x --> 2").stages[0].stumps[0].right, 2)
        XCTAssertEqual(try cascade("0x1p-2 -0.75").stages[0].stumps[0].left, 0.25)
        XCTAssertEqual(try cascade("&#48;.5 1").stages[0].stumps[0].left, 0.5)
        XCTAssertThrowsError(try cascade("0.25 -0.75</leafValues></_><_>")) { error in
            XCTAssertEqual((error as? CascadeError)?.path, "t.xml")
        }
        XCTAssertThrowsError(try cascade("0.25 x")) { error in
            XCTAssertEqual((error as? CascadeError)?.reason, "'x' in <leafValues> is not a number")
        }
    }
}
