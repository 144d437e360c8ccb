import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// Issue 7's quality cases through the `collage` binary, from image files:
/// averaging in linear light, no fringe from hidden colours, `--fast`.
final class LinearLightTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TestPackage.temporaryDirectory(self)
    }

    private func writePNG(_ name: String, _ pixmap: Pixmap) throws {
        try Data(try ImageEncoder.encode(pixmap, as: .png)).write(to: directory.appendingPathComponent(name))
    }

    private func render(_ document: String, _ arguments: [String] = []) throws -> Pixmap {
        try Data(document.utf8).write(to: directory.appendingPathComponent("doc.yaml"))
        let result = try runCollage(["render", "doc.yaml", "-o", "out.png"] + arguments, in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try ImageDecoder.decode(path: directory.appendingPathComponent("out.png").path)
    }

    /// A 512x512 PNG of 1-px black and white columns in a 128x128 cell comes
    /// out a uniform grey at the linear-light mean (sRGB 188), not 128.
    func testOnePixelColumnsBecomeTheLinearMeanGrey() throws {
        var columns = Pixmap(width: 512, height: 512, color: .white)
        for y in 0..<512 { for x in stride(from: 0, to: 512, by: 2) { columns[x, y] = .black } }
        try writePNG("columns.png", columns)
        for fast in [false, true] {
            let out = try render("version: 1\ncanvas: {width: 128, height: 128}\nphotos: [columns.png]\n",
                                 fast ? ["--fast"] : [])
            XCTAssertEqual(out, Pixmap(width: 128, height: 128, color: Color(red: 188, green: 188, blue: 188)), "fast: \(fast)")
        }
    }

    /// A white disc on fully transparent pixels whose hidden colour is black
    /// shows no dark fringe on a white canvas: every pixel stays white.
    func testHiddenBlackBehindTransparencyLeavesNoFringe() throws {
        var disc = Pixmap(width: 64, height: 64, color: Color(red: 0, green: 0, blue: 0, alpha: 0))
        for y in 0..<64 {
            for x in 0..<64 {
                let dx = Double(x) + 0.5 - 32, dy = Double(y) + 0.5 - 32
                if dx * dx + dy * dy <= 400 { disc[x, y] = .white }
            }
        }
        try writePNG("disc.png", disc)
        for side in [24, 100, 173] {
            let out = try render("version: 1\ncanvas: {width: \(side), height: \(side), background: \"#ffffff\"}\n"
                                 + "photos: [disc.png]\n")
            XCTAssertEqual(out, Pixmap(width: side, height: side, color: .white), "side \(side)")
        }
    }
}
