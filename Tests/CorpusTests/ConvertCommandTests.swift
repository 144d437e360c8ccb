import Collage
import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// `collage convert` through the binary: metadata, sizes, formats, safety.
final class ConvertCommandTests: XCTestCase {
    func testMetadataIsStrippedUnlessKeptAndOrientationIsReset() throws {
        let root = try TestPackage.requireCorpus()
        let scratch = try TestPackage.temporaryDirectory(self)
        // Landscape_6: EXIF orientation 6, stored 1200x1800.
        let input = root.appendingPathComponent("exif-orientation-examples/Landscape_6.jpg").path
        let stripped = scratch.appendingPathComponent("stripped.jpg")
        XCTAssertEqual(try ChildRun.collage(["convert", input, "-o", stripped.path]).status, 0)
        XCTAssertNil(try ExifMetadata.read(path: stripped.path), "no EXIF by default")
        XCTAssertEqual(try ImageDecoder.header(path: stripped.path).storedSize, Size(width: 1800, height: 1200))

        // WebP twice: lossy (a simple VP8 file) and lossless (VP8L), both made extended (VP8X) for the EXIF chunk.
        for (ext, extra) in [("jpg", []), ("png", []), ("webp", []), ("webp", ["--lossless"])] {
            let kept = scratch.appendingPathComponent("kept.\(ext)")
            let run = try ChildRun.collage(["convert", input, "-o", kept.path, "--keep-metadata", "--max-size", "300x300"] + extra)
            XCTAssertEqual(run.status, 0, run.stderr)
            let exif = try XCTUnwrap(try ExifMetadata.read(path: kept.path), ext)
            let original = try XCTUnwrap(try ExifMetadata.read(path: input))
            XCTAssertEqual(exif.count, original.count, "\(ext): the whole EXIF block is copied")
            XCTAssertEqual(exif, ExifMetadata.resettingOrientation(original))
            XCTAssertNotEqual(exif, original, "Orientation changed from 6")
            let header = try ImageDecoder.header(path: kept.path)
            XCTAssertEqual(header.orientation, .up, "\(ext): upright pixels, Orientation 1")
            XCTAssertEqual(header.size, Size(width: 300, height: 200), ext)
        }
    }

    func testHEICExifIsCopiedToo() throws {
        let root = try TestPackage.requireCorpus()
        let scratch = try TestPackage.temporaryDirectory(self)
        let input = root.appendingPathComponent("pillow-heif/arrow.heic").path
        let heicExif = try XCTUnwrap(try ExifMetadata.read(path: input), "the iPhone HEIC carries EXIF")
        let out = scratch.appendingPathComponent("arrow.jpg")
        XCTAssertEqual(try ChildRun.collage(["convert", input, "-o", out.path, "--keep-metadata", "--max-size", "120x160"]).status, 0)
        XCTAssertEqual(try ExifMetadata.read(path: out.path), ExifMetadata.resettingOrientation(heicExif))
        XCTAssertEqual(try ImageDecoder.header(path: out.path).size, Size(width: 120, height: 160))
    }

    func testMaxSizeShrinksToFitNeverEnlargesAndKeepsAspect() throws {
        XCTAssertEqual(Converter.fitted(Size(width: 4032, height: 3024), inside: Size(width: 2048, height: 2048)),
                       Size(width: 2048, height: 1536))
        XCTAssertEqual(Converter.fitted(Size(width: 193, height: 31423), inside: Size(width: 100, height: 100)),
                       Size(width: 1, height: 100))
        XCTAssertEqual(Converter.fitted(Size(width: 300, height: 200), inside: Size(width: 1000, height: 1000)),
                       Size(width: 300, height: 200))
        XCTAssertEqual(Converter.fitted(Size(width: 1801, height: 1200), inside: Size(width: 900, height: 900)),
                       Size(width: 900, height: 600))
    }

    func testLosslessWebPOfAPNGIsExact() throws {
        let root = try TestPackage.requireCorpus()
        let scratch = try TestPackage.temporaryDirectory(self)
        let input = root.appendingPathComponent("pillow/pil123rgba.png").path
        let out = scratch.appendingPathComponent("exact.webp")
        XCTAssertEqual(try ChildRun.collage(["convert", input, "-o", out.path, "--lossless"]).status, 0)
        XCTAssertEqual(try ImageDecoder.decode(path: out.path), try ImageDecoder.decode(path: input))
    }

    func testInputIsNeverOverwrittenAndUsageErrorsAre64() throws {
        let root = try TestPackage.requireCorpus()
        let scratch = try TestPackage.temporaryDirectory(self)
        let copy = scratch.appendingPathComponent("photo.jpg")
        try FileManager.default.copyItem(at: root.appendingPathComponent("pillow/pil_sample_rgb.jpg"), to: copy)
        let before = try Data(contentsOf: copy)
        let same = try ChildRun.collage(["convert", copy.path, "-o", copy.path])
        XCTAssertEqual(same.status, 64)
        XCTAssertTrue(same.stderr.contains("is one of the input photos; choose another output path"), same.stderr)
        XCTAssertEqual(try Data(contentsOf: copy), before)
        XCTAssertEqual(try ChildRun.collage(["convert", copy.path, "-o", scratch.appendingPathComponent("x.gif").path]).status, 64)
        XCTAssertEqual(try ChildRun.collage(["convert", copy.path, "-o", scratch.appendingPathComponent("x.png").path,
                                             "--format", "jpeg"]).status, 64)
        XCTAssertEqual(try ChildRun.collage(["convert", copy.path, "-o", scratch.appendingPathComponent("x.png").path,
                                             "--max-size", "0x10"]).status, 64)
        XCTAssertEqual(try ChildRun.collage(["convert", copy.path]).status, 64)
        let help = try ChildRun.collage(["convert", "--help"])
        XCTAssertEqual(help.status, 0)
        let missing = try ChildRun.collage(["convert", scratch.appendingPathComponent("nope.heic").path,
                                            "-o", scratch.appendingPathComponent("nope.jpg").path])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("nope.heic"), missing.stderr)
    }
}
