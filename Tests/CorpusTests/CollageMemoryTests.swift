import Foundation
import XCTest
import CollageTestSupport

/// Peak memory of the reference job (issue 7): the nine benchmark photos of
/// MANIFEST.md ("3x3 collage benchmark set", 8-22 MP camera JPEGs, three
/// EXIF-rotated) in a 2048x2048 grid. The JPEGs are streamed row by row
/// into the resampler, so the render holds the canvas (16 MiB) and a few
/// rows per thread, not the decoded photos (12-40 MiB each at the scales
/// used). Measured like `CleanFailureTests`: the child's own `ru_maxrss`.
final class CollageMemoryTests: XCTestCase {
    static let nine = ["photo_Issue_525.jpg", "photo_Canon_PowerShot_G11.jpg", "photo_Issue_266.jpg",
                       "photo_Apple_iPhone_5.jpg", "photo_Kodak_PIXPRO_SP360.jpg", "photo_Oppo_R7_Plus.jpg",
                       "photo_Canon_EOS_5D.jpg", "photo_Blackberry_Z10.jpg", "photo_Canon_EOS_1000D.jpg"]

    /// Below Pillow's 84 MiB on the same job (Benchmarks/results,
    /// 2026-11-29), the leanest peer; the whole-image path took 175 MiB
    /// (debug build), streamed rows and a streamed encode 56 MiB.
    static let bound = 84 << 20

    func testNinePhotoCollagePeakRSSStaysUnderTheLeanestPeer() throws {
        let root = try TestPackage.requireCorpus().appendingPathComponent("metadata-extractor-images")
        let scratch = try TestPackage.temporaryDirectory(self)
        let photos = Self.nine.map { "  - " + root.appendingPathComponent($0).path }
        let document = scratch.appendingPathComponent("nine.yaml")
        try Data((["version: 1", "canvas: {width: 2048, height: 2048, background: \"#ffffff\"}", "output: {quality: 90}",
                   "photos:"] + photos + ["layout: {kind: auto, gap: 8, padding: 8}"]).joined(separator: "\n").utf8)
            .write(to: document)
        let output = scratch.appendingPathComponent("nine.jpg")
        for threads in ["1", "2"] {
            let run = try ChildRun.collage(["render", document.path, "-o", output.path, "--threads", threads], timeout: 300)
            print("PEAKRSS render nine benchmark photos, \(threads) thread(s): status \(run.status.map(String.init) ?? "signal") "
                  + "peak \(run.peakRSS >> 20) MiB")
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(FileManager.default.fileExists(atPath: output.path))
            // More than the canvas alone, so the measurement sees the render.
            XCTAssertGreaterThan(run.peakRSS, 2048 * 2048 * 4)
            XCTAssertLessThan(run.peakRSS, Self.bound, "peak RSS \(run.peakRSS >> 20) MiB with \(threads) thread(s)")
        }
    }

    /// Issue 32: `collage convert` of the 12 MP iPhone HEIC (pillow-heif/pug.heic)
    /// to JPEG holds libheif's RGB planes (36 MB) and a band of rows per
    /// thread, in one malloc arena (`ConvertAllocator`): 66-67 MiB here,
    /// 75-76 MiB with an arena per libheif tile thread, 160 MiB with the
    /// RGBA image; heif-convert takes 61 MiB.
    func testHEICConvertPeakRSSStaysUnderItsBound() throws {
        let photo = try TestPackage.corpusFile("pillow-heif/pug.heic")
        let output = try TestPackage.temporaryDirectory(self).appendingPathComponent("pug.jpg")
        let run = try ChildRun.collage(["convert", photo, "-o", output.path, "--quality", "90"], timeout: 300)
        print("PEAKRSS convert pug.heic: status \(run.status.map(String.init) ?? "signal") peak \(run.peakRSS >> 20) MiB")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertGreaterThan(run.peakRSS, 4032 * 3024 * 3, "the planes are held")
        XCTAssertLessThan(run.peakRSS, 72 << 20, "peak RSS \(run.peakRSS >> 20) MiB")
    }
}
