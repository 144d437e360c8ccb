import Foundation
import XCTest
import CollageTestSupport

/// `collage layout` shows image overlays' boxes (canvas- and cell-anchored).
final class ImageOverlayLayoutTests: XCTestCase {
    func testLayoutPrintsImageOverlayBoxes() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
        try FileManager.default.copyItem(at: TestPaths.cases.appendingPathComponent("logo-overlay.yaml"),
                                         to: directory.appendingPathComponent("logo-overlay.yaml"))
        let result = try runCollage(["layout", "logo-overlay.yaml"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        // 30% of the 600 px canvas = 180 wide, 90 high (the logo is 160x80), at bottomRight - (10, 10).
        // The second sits in the stripes cell (305, 0, 295x300): 40 high -> 80 wide, at its top left + (8, 8).
        let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("overlay") }
        XCTAssertEqual(lines, ["overlay 0 image photos/logo.png  box 410,200 180x90",
                               "overlay 1 image photos/logo.png  box 313,8 80x40"])
    }
}

/// Rotated, rounded, bordered and translucent draws and image overlays give
/// the same bytes for any thread count (README "Rules": Rendering).
final class EffectsDeterminismTests: XCTestCase {
    func testSameBytesForOneAndFourThreads() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
        for name in ["free-effects", "logo-overlay"] {
            try FileManager.default.copyItem(at: TestPaths.cases.appendingPathComponent("\(name).yaml"),
                                             to: directory.appendingPathComponent("\(name).yaml"))
            var outputs: [Data] = []
            for threads in ["1", "4"] {
                let result = try runCollage(["render", "\(name).yaml", "-o", "\(name)-\(threads).png", "--threads", threads],
                                            in: directory)
                XCTAssertEqual(result.status, 0, result.stderr)
                outputs.append(try Data(contentsOf: directory.appendingPathComponent("\(name)-\(threads).png")))
            }
            XCTAssertEqual(outputs[0], outputs[1], name)
        }
    }
}
