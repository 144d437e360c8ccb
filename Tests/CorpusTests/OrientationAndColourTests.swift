import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// Orientation and colour through `collage convert`: every EXIF orientation
/// matches its orientation-1 twin, HEIC comes out upright at native size,
/// CMYK matches its RGB twin, XYB and Display P3 match their sRGB expectations.
final class OrientationAndColourTests: XCTestCase {
    private func convert(_ relative: String, _ extra: [String] = [], to name: String) throws -> Pixmap {
        let root = try TestPackage.requireCorpus()
        let output = try scratch.appendingPathComponent(name)
        let run = try ChildRun.collage(["convert", root.appendingPathComponent(relative).path, "-o", output.path] + extra)
        XCTAssertEqual(run.status, 0, "\(relative): \(run.stderr)")
        return try ImageDecoder.decode(path: output.path)
    }
    private var scratchURL: URL?
    private var scratch: URL {
        get throws {
            if let scratchURL { return scratchURL }
            let url = try TestPackage.temporaryDirectory(self)
            scratchURL = url
            return url
        }
    }

    func testEveryOrientationConvertsLikeOrientationOne() throws {
        for (prefix, size) in [("Landscape", Size(width: 1800, height: 1200)), ("Portrait", Size(width: 1200, height: 1800))] {
            let box = "\(size.width / 8)x\(size.height / 8)"
            let reference = try convert("exif-orientation-examples/\(prefix)_1.jpg", ["--max-size", box], to: "\(prefix)_1.png")
            XCTAssertEqual(reference.size, Size(width: size.width / 8, height: size.height / 8))
            var figures: [String] = []
            for n in [0, 2, 3, 4, 5, 6, 7, 8] {
                let upright = try convert("exif-orientation-examples/\(prefix)_\(n).jpg", ["--max-size", box], to: "\(prefix)_\(n).png")
                XCTAssertEqual(upright.size, reference.size, "\(prefix)_\(n)")
                guard n != 0 else { continue }        // _0 has different labels; its size is what counts
                // Each file prints its own digit in the middle: leave that box
                // out (the pixels from 35% up to 65% of each side).
                func from(_ fraction: Double, of side: Int) -> Int { Int((fraction * Double(side)).rounded(.up)) }
                let x0 = from(0.35, of: upright.width), y0 = from(0.35, of: upright.height)
                let digit = PixelRect(x: x0, y: y0, width: from(0.65, of: upright.width) - x0,
                                      height: from(0.65, of: upright.height) - y0)
                let psnr = PixelMetrics.psnr(upright, reference, excluding: digit)
                figures.append("\(n): \(decibels(psnr))")
                XCTAssertGreaterThanOrEqual(psnr, 35, "\(prefix)_\(n) vs \(prefix)_1")
            }
            print("PSNR orientation \(prefix) vs _1 (dB): \(figures.joined(separator: ", "))")
        }
    }

    func testHEICConvertsUprightAtNativeSize() throws {
        let pug = try convert("pillow-heif/pug.heic", to: "pug.jpg")
        XCTAssertEqual(pug.size, Size(width: 4032, height: 3024))
        let decoded = try ImageDecoder.decode(path: TestPackage.requireCorpus().appendingPathComponent("pillow-heif/pug.heic").path)
        let psnr = PixelMetrics.psnr(pug, decoded)
        print("PSNR pug.heic -> pug.jpg (q90) vs the decoded HEIC: \(decibels(psnr)) dB")
        XCTAssertGreaterThan(psnr, 35)
        let arrow = try convert("pillow-heif/arrow.heic", ["--max-size", "300x400"], to: "arrow.png")
        XCTAssertEqual(arrow.size, Size(width: 300, height: 400), "portrait: irot applied once, EXIF 6 ignored")
        // The tip: the topmost dark pixel sits near the top, horizontally centred.
        var tip: (Int, Int)?
        search: for y in 0 ..< arrow.height {
            for x in 15 ..< arrow.width - 15 {
                let c = arrow[x, y]
                if Int(c.red) + Int(c.green) + Int(c.blue) < 3 * 70 { tip = (x, y); break search }
            }
        }
        let (x, y) = try XCTUnwrap(tip)
        XCTAssertLessThan(y, 60)
        XCTAssertEqual(Double(x), 150, accuracy: 30)
    }

    func testCMYKMatchesItsRGBTwin() throws {
        let cmyk = try convert("pillow/pil_sample_cmyk.jpg", to: "cmyk.png")
        let rgb = try convert("pillow/pil_sample_rgb.jpg", to: "rgb.png")
        let psnr = PixelMetrics.psnr(cmyk, rgb)
        print("PSNR pil_sample_cmyk vs pil_sample_rgb: \(decibels(psnr)) dB, mean difference \(PixelMetrics.meanAbsoluteDifference(cmyk, rgb))")
        XCTAssertGreaterThan(psnr, 25, "an inverted (negative) CMYK is below 10 dB")
        XCTAssertLessThan(PixelMetrics.meanAbsoluteDifference(cmyk, rgb), 6)
    }

    func testXYBAndDisplayP3MatchTheirSRGBExpectations() throws {
        let xyb = try convert("libvips/sample-xyb.jpg", to: "xyb.png")
        let source = try convert("libvips/sample.jpg", to: "sample.png")
        let psnr = PixelMetrics.psnr(xyb, source)
        print("PSNR sample-xyb.jpg vs sample.jpg: \(decibels(psnr)) dB")
        XCTAssertGreaterThanOrEqual(psnr, 35, "XYB converted through its profile")
        // Display P3 (241, 0, 0) is sRGB (255, 0, 0) (sharp/p3.png's own test expectation).
        let p3 = try convert("sharp/p3.png", to: "p3.png")
        XCTAssertEqual(Int(p3[0, 0].red), 255, accuracy: 2)
        XCTAssertEqual(Int(p3[0, 0].green), 0, accuracy: 2)
        XCTAssertEqual(Int(p3[0, 0].blue), 0, accuracy: 2)
        // A P3 photo is converted, not passed through: the JPEG's stored value at (300, 200) is (156, 122, 120).
        let photo = try convert("nuke/image-p3.jpg", ["--format", "png"], to: "p3photo.png")
        let c = photo[300, 200]
        XCTAssertEqual(Int(c.red), 162, accuracy: 2); XCTAssertEqual(Int(c.green), 120, accuracy: 2)
        XCTAssertEqual(Int(c.blue), 119, accuracy: 2)
    }

    /// A PSNR for the log: one decimal, "inf" for identical images.
    private func decibels(_ db: Double) -> String { db.isInfinite ? "inf" : String(format: "%.1f", db) }
}
