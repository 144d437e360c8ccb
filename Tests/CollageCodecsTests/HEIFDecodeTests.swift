import XCTest
import CImageShim
import CollageRaster
@testable import CollageCodecs
import CollageTestSupport

/// HEIF/HEIC through libheif: primary image, transformations applied once,
/// 10-bit and alpha, colour to sRGB, the pixel budget.
final class HEIFDecodeTests: XCTestCase {
    private func decode(_ relative: String, _ options: DecodeOptions = DecodeOptions()) throws -> DecodeResult {
        try ImageDecoder.decode(path: TestPackage.corpusFile(relative), options: options)
    }

    /// Rec. 601 luma of a pixel (0-255).
    private func luma(_ c: Color) -> Int { (299 * Int(c.red) + 587 * Int(c.green) + 114 * Int(c.blue)) / 1000 }

    func testArrowPointsUpWithIrotAppliedOnceAndExifIgnored() throws {
        let path = try TestPackage.corpusFile("pillow-heif/arrow.heic")
        let header = try ImageDecoder.header(path: path)
        XCTAssertEqual(header.format, .heif)
        XCTAssertEqual(header.storedSize, Size(width: 3024, height: 4032), "irot applied: portrait")
        XCTAssertEqual(header.orientation, .up, "the EXIF Orientation 6 must not be applied again")
        let image = try decode("pillow-heif/arrow.heic").pixmap
        XCTAssertEqual(image.size, Size(width: 3024, height: 4032))
        // The ink: the arrow's tip is its topmost dark pixel, near the
        // horizontal centre and in the top 15%; the shaft's foot is below 60%.
        var top: (x: Int, y: Int)? = nil, bottom = 0
        for y in stride(from: 0, to: image.height, by: 4) {
            for x in stride(from: image.width / 20, to: image.width * 19 / 20, by: 4) where luma(image[x, y]) < 60 {
                if top == nil { top = (x, y) }
                bottom = y
            }
        }
        let tip = try XCTUnwrap(top)
        XCTAssertLessThan(tip.y, image.height * 15 / 100, "tip at y=\(tip.y)")
        XCTAssertEqual(Double(tip.x) / Double(image.width), 0.5, accuracy: 0.1, "tip at x=\(tip.x)")
        XCTAssertGreaterThan(bottom, image.height * 60 / 100)
    }

    func testPrimaryImageOnlyAtItsOwnSize() throws {
        // example.heic's primary item is 1280x854 (it also has a thumbnail);
        // zPug_3.heic marks its third image primary: 64x64.
        let example = try decode("libheif/example.heic"), zPug = try decode("pillow-heif/zPug_3.heic")
        XCTAssertEqual(example.pixmap.size, Size(width: 1280, height: 854))
        XCTAssertEqual(zPug.pixmap.size, Size(width: 64, height: 64))
        let pug = try decode("pillow-heif/pug.heic")
        XCTAssertEqual(pug.pixmap.size, Size(width: 4032, height: 3024), "grid of 512x512 tiles, depth image ignored")
        XCTAssertTrue(pug.convertedICCProfile, "Display P3 converted to sRGB")
        XCTAssertTrue(pug.warnings.isEmpty, "\(pug.warnings)")
    }

    func testDisplayP3ProfileMovesColoursOutwards() throws {
        let converted = try decode("nuke/img_751.heic")
        let stored = try decode("nuke/img_751.heic", DecodeOptions(convertICCProfiles: false))
        XCTAssertTrue(converted.convertedICCProfile)
        // P3 -> sRGB expands saturation: the sky (blue-dominant) gets bluer relative to red.
        let a = converted.pixmap[100, 75], b = stored.pixmap[100, 75]
        XCTAssertGreaterThan(Int(a.blue) - Int(a.red), Int(b.blue) - Int(b.red), "converted \(a), stored \(b)")
        XCTAssertGreaterThan(PixelMetrics.meanAbsoluteDifference(converted.pixmap, stored.pixmap), 1)
    }

    func testTenBitIsReducedToTheFullEightBitRangeSmoothly() throws {
        let rgb10 = try decode("pillow-heif/RGB_10__128x128.heif").pixmap
        XCTAssertEqual(rgb10.size, Size(width: 128, height: 128))
        XCTAssertTrue(rgb10.isOpaque)
        // A colour gradient around a mid-gray centre: a missing shift would
        // clip to 255, keeping the low byte would wrap into garbage.
        let centre = rgb10[64, 64]
        for channel in [centre.red, centre.green, centre.blue] { XCTAssertEqual(Int(channel), 128, accuracy: 4, "\(centre)") }
        var lowest = 255, highest = 0, jumps = 0
        for y in 0 ..< 128 {
            for x in 0 ..< 128 {
                let c = rgb10[x, y]
                lowest = min(lowest, Int(c.red), Int(c.green), Int(c.blue))
                highest = max(highest, Int(c.red), Int(c.green), Int(c.blue))
                if x > 0 { jumps += abs(Int(c.green) - Int(rgb10[x - 1, y].green)) }
            }
        }
        XCTAssertLessThan(lowest, 30)
        XCTAssertGreaterThan(highest, 225)
        XCTAssertLessThan(Double(jumps) / Double(127 * 128), 4, "neighbouring pixels differ little in a gradient")
    }

    func testAlphaIsKept() throws {
        // A ramp from nearly opaque (top left) to nearly transparent (bottom right).
        let rgba8 = try decode("pillow-heif/RGBA_8__128x128.heif").pixmap
        XCTAssertGreaterThan(rgba8[5, 5].alpha, 200)
        XCTAssertEqual(Int(rgba8[64, 64].alpha), 128, accuracy: 4)
        XCTAssertLessThan(rgba8[122, 122].alpha, 40)
    }

    func testGrayDecodesToEqualChannels() throws {
        let gray = try decode("pillow-heif/L_8__128x128.heif").pixmap
        for (x, y) in [(5, 5), (64, 64), (120, 120), (10, 100)] {
            let c = gray[x, y]
            XCTAssertEqual(c.red, c.green); XCTAssertEqual(c.green, c.blue)
        }
        XCTAssertLessThan(gray[5, 5].red, 40)
        XCTAssertGreaterThan(gray[122, 122].red, 215)
    }

    func testCorruptAndTruncatedHEIFNameTheLibraryReason() throws {
        for (file, words) in [("pillow-heif/corrupted.heic", "No 'meta' box"),
                              ("pillow-heif/truncated.heic", "Unexpected end of file")] {
            let path = try TestPackage.corpusFile(file)
            XCTAssertThrowsError(try ImageDecoder.header(path: path)) { error in
                guard let error = error as? ImageError else { return XCTFail("expected an ImageError, got \(error)") }
                XCTAssertEqual(error.kind, .corrupt)
                XCTAssertEqual(error.path, path)
                XCTAssertTrue(error.reason.contains(words), error.reason)
                // libheif ends the truncated file's message with "\n": the
                // reason is one line, with no trailing white space.
                XCTAssertFalse(error.reason.contains("\n"), error.reason)
                XCTAssertFalse(error.reason.last?.isWhitespace ?? true, error.reason)
            }
        }
    }

    func testPixelBudgetUsesTheFullSizeBecauseHEIFCannotShrinkOnLoad() throws {
        let options = DecodeOptions(minimumSize: Size(width: 10, height: 10), maxPixels: 12_000_000)
        // The corpus lookup stays outside XCTAssertThrowsError: its XCTSkip
        // (no corpus) must skip the test, not stand in for the decoder's error.
        let path = try TestPackage.corpusFile("pillow-heif/pug.heic")
        XCTAssertThrowsError(try ImageDecoder.decode(path: path, options: options)) { error in
            guard let error = error as? ImageError else { return XCTFail("expected an ImageError, got \(error)") }
            XCTAssertEqual(error.kind, .tooLarge)
            XCTAssertTrue(error.reason.contains("4032x3024"), error.reason)
            XCTAssertTrue(error.reason.contains("HEIF cannot be decoded reduced"), error.reason)
        }
    }
    /// With a minimum size, a HEIF is averaged down after its full decode to
    /// the size JPEG's DCT scaling would give (the same rule,
    /// `ImageHeader.decodedSize`), then converted from Display P3: the
    /// full decode averaged 2x2 equals it within the colour conversion's
    /// rounding, which sees averaged instead of single pixels.
    func testAMinimumSizeAveragesTheDecodeDownAsJPEGScalesWould() throws {
        let path = try TestPackage.corpusFile("pillow-heif/pug.heic")
        let header = try ImageDecoder.header(path: path)
        for (minimum, scale, size) in [(Size(width: 1100, height: 800), 4, Size(width: 2016, height: 1512)),
                                       (Size(width: 504, height: 378), 1, Size(width: 504, height: 378)),
                                       (Size(width: 505, height: 378), 2, Size(width: 1008, height: 756)),
                                       (Size(width: 4032, height: 3024), 8, Size(width: 4032, height: 3024))] {
            XCTAssertEqual(header.decodedSize(minimumSize: minimum), size, "\(minimum)")
            let reduced = try decode("pillow-heif/pug.heic", DecodeOptions(minimumSize: minimum))
            XCTAssertEqual(reduced.dctScale, scale, "\(minimum)")
            XCTAssertEqual(reduced.pixmap.size, size, "\(minimum)")
            XCTAssertTrue(reduced.convertedICCProfile)
        }
        let full = try decode("pillow-heif/pug.heic").pixmap
        let half = try decode("pillow-heif/pug.heic", DecodeOptions(minimumSize: Size(width: 1100, height: 800))).pixmap
        var largest = 0, total = 0
        for y in stride(from: 0, to: half.height, by: 7) {
            for x in stride(from: 0, to: half.width, by: 7) {
                let block = [full[2 * x, 2 * y], full[2 * x + 1, 2 * y], full[2 * x, 2 * y + 1], full[2 * x + 1, 2 * y + 1]]
                let h = half[x, y]
                for (mine, channel) in [(h.red, \Color.red), (h.green, \Color.green), (h.blue, \Color.blue)] {
                    let average = (block.map { Int($0[keyPath: channel]) }.reduce(0, +) + 2) / 4
                    largest = max(largest, abs(Int(mine) - average))
                    total += abs(Int(mine) - average)
                }
                XCTAssertEqual(h.alpha, 255)
            }
        }
        let samples = ((half.height + 6) / 7) * ((half.width + 6) / 7) * 3
        print("HEIF 2x2 average against the reduced decode: largest \(largest), mean \(Double(total) / Double(samples))")
        XCTAssertLessThanOrEqual(largest, 2, "largest difference from the full decode averaged 2x2")
        XCTAssertLessThan(Double(total) / Double(samples), 0.05, "mean difference")
    }

    /// The averaging weighs colours by alpha (a transparent pixel's colour
    /// does not bleed in), rounds to nearest, averages what a partial block
    /// at the right and bottom edges has, and reads premultiplied input.
    func testBoxReductionWeighsByAlphaAndKeepsPartialEdgeBlocks() {
        // 3x3 pixels reduced by 2: blocks of 4, 2, 2 and 1 pixels.
        let straight: [UInt8] = [200, 0, 0, 255,   0, 0, 255, 0,     10, 20, 30, 255,
                                 100, 0, 0, 255,   0, 0, 0, 0,       30, 40, 50, 255,
                                 7, 8, 9, 128,     9, 10, 11, 128,   1, 2, 3, 4]
        var out = [UInt8](repeating: 0, count: 2 * 2 * 4)
        collage_rgba_box_reduce(straight, 12, 3, 3, 2, 0, &out)
        // Top left: two opaque reds (200, 100) and two transparent pixels: red 150, alpha 510/4 = 127.5 -> 128.
        XCTAssertEqual(Array(out[0 ..< 4]), [150, 0, 0, 128])
        // Top right: a column of two opaque pixels.
        XCTAssertEqual(Array(out[4 ..< 8]), [20, 30, 40, 255])
        // Bottom left: two half-transparent pixels of equal alpha.
        XCTAssertEqual(Array(out[8 ..< 12]), [8, 9, 10, 128])
        // Bottom right: one pixel, as it is.
        XCTAssertEqual(Array(out[12 ..< 16]), [1, 2, 3, 4])
        // Premultiplied (libheif's, for some files): red 64 at alpha 128 is red 128 straight; with an opaque
        // red 128 and two transparent pixels: colour (64 + 128) * 255 / 383 = 127.8 -> 128, alpha 383 / 4 -> 96.
        let premultiplied: [UInt8] = [64, 0, 0, 128,  0, 0, 0, 0,
                                      128, 0, 0, 255, 0, 0, 0, 0]
        var fromPremultiplied = [UInt8](repeating: 0, count: 4)
        collage_rgba_box_reduce(premultiplied, 8, 2, 2, 2, 1, &fromPremultiplied)
        XCTAssertEqual(fromPremultiplied, [128, 0, 0, 96])
    }
    /// `collage convert` converts one photo's colour on every core
    /// (`DecodeOptions.threads`): the same pixels as on one thread.
    func testColourConversionOnSeveralThreadsGivesTheSamePixels() throws {
        var one = DecodeOptions(), three = DecodeOptions()
        one.threads = 1
        three.threads = 3
        let single = try decode("pillow-heif/pug.heic", one)
        let several = try decode("pillow-heif/pug.heic", three)
        XCTAssertTrue(single.convertedICCProfile)
        XCTAssertEqual(single.pixmap.size, Size(width: 4032, height: 3024))
        XCTAssertTrue(single.pixmap.pixels == several.pixmap.pixels, "threads changed the pixels")
    }
    /// The planar path of a HEIF convert (`HEIFPlanarImage`): its rows are the
    /// whole decode's bytes, for every corpus HEIF it takes (the iPhone grids
    /// among them), and streamed through `JPEGBandEncoder` they make the
    /// file `ImageEncoder` makes of the whole decode.
    func testPlanarRowsAreTheWholeDecodesBytes() throws {
        var taken: [String] = []
        for relative in ["pillow-heif/pug.heic", "pillow-heif/arrow.heic", "nuke/img_751.heic", "libheif/example.heic",
                         "pillow-heif/zPug_3.heic", "pillow-heif/RGBA_8__128x128.heif", "pillow-heif/RGB_10__128x128.heif",
                         "pillow-heif/L_8__128x128.heif"] {
            let path = try TestPackage.corpusFile(relative)
            guard let planar = try HEIFPlanarImage.open(path: path, options: DecodeOptions()) else { continue }
            taken.append(relative)
            let whole = try decode(relative)
            XCTAssertEqual(planar.size, whole.pixmap.size, relative)
            XCTAssertEqual(planar.convertedICCProfile, whole.convertedICCProfile, relative)
            let width = planar.size.width
            var rows = [UInt8](repeating: 0, count: width * 4 * 37)
            for first in stride(from: 0, to: planar.size.height, by: 37) {
                let range = first ..< min(first + 37, planar.size.height)
                rows.withUnsafeMutableBufferPointer { planar.write(rows: range, to: $0.baseAddress!) }
                let expected = whole.pixmap.pixels[first * width * 4 ..< range.upperBound * width * 4]
                XCTAssertTrue(rows[0 ..< range.count * width * 4].elementsEqual(expected), "\(relative) rows \(range)")
            }
            // The planes interleaved are libheif's own RGBA conversion, byte for byte (before any colour conversion).
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            for reduction: Int32 in [1, 2] {
                let count = ((width + Int(reduction) - 1) / Int(reduction)) * ((planar.size.height + Int(reduction) - 1) / Int(reduction)) * 4
                var viaPlanes = [UInt8](repeating: 0, count: count), viaRGBA = [UInt8](repeating: 1, count: count)
                for (decode, out) in [(collage_heif_decode, 0), (collage_heif_decode_rgba, 1)] {
                    let decoder = try XCTUnwrap(collage_heif_open())
                    defer { collage_heif_close(decoder) }
                    var info = collage_heif_info()
                    bytes.withUnsafeBufferPointer { _ = collage_heif_header(decoder, $0.baseAddress, $0.count, &info) }
                    let status = out == 0 ? viaPlanes.withUnsafeMutableBufferPointer { decode(decoder, reduction, $0.baseAddress, count) }
                                          : viaRGBA.withUnsafeMutableBufferPointer { decode(decoder, reduction, $0.baseAddress, count) }
                    XCTAssertEqual(status, 0, relative)
                }
                XCTAssertTrue(viaPlanes == viaRGBA, "\(relative) reduced by \(reduction): planes and libheif's RGBA differ")
            }
            if relative == "pillow-heif/pug.heic" {
                let options = EncodeOptions(quality: 90)
                let encoder = try JPEGBandEncoder(width: width, height: planar.size.height, options: options)
                var band = [UInt8](repeating: 0, count: encoder.bandHeight * width * 4)
                for index in 0 ..< encoder.bandCount {
                    band.withUnsafeMutableBufferPointer { buffer in
                        planar.write(rows: encoder.rows(ofBand: index), to: buffer.baseAddress!)
                        encoder.encode(band: index, rows: buffer.baseAddress!)
                    }
                }
                XCTAssertEqual(try encoder.finish(), try ImageEncoder.encode(whole.pixmap, as: .jpeg, options: options))
            }
        }
        // The 8-bit images without alpha; the 10-bit and the alpha ones decode as before.
        XCTAssertEqual(taken, ["pillow-heif/pug.heic", "pillow-heif/arrow.heic", "nuke/img_751.heic", "libheif/example.heic",
                               "pillow-heif/zPug_3.heic", "pillow-heif/L_8__128x128.heif"])
    }
    /// A HEIF whose `ispe` or grid size disagrees with its tiles (pug.heic
    /// with one field edited here) is refused by every path, the streamed
    /// convert's included, as an unexpected size: it crashed the streamed
    /// path, or wrote sheared rows from memory it did not own.
    func testASizeThatDisagreesWithTheTilesIsRefusedOnEveryPath() throws {
        let original = Array(try Data(contentsOf: URL(fileURLWithPath: try TestPackage.corpusFile("pillow-heif/pug.heic"))))
        func bigEndian(_ values: [Int], bytes: Int) -> [UInt8] {
            values.flatMap { value in (0 ..< bytes).reversed().map { UInt8((value >> (8 * $0)) & 0xFF) } }
        }
        func offset(of needle: [UInt8]) throws -> Int {
            try XCTUnwrap((0 ... original.count - needle.count).first { original[$0 ..< $0 + needle.count].elementsEqual(needle) })
        }
        // The primary item's 'ispe' (version/flags 0, then width and height), and the 'grid' item's output size.
        let ispe = try offset(of: Array("ispe".utf8) + [0, 0, 0, 0] + bigEndian([4032, 3024], bytes: 4)) + 8
        let grid = try offset(of: [0, 0, 5, 7] + bigEndian([4032, 3024], bytes: 2)) + 4
        let folder = try TestPackage.temporaryDirectory(self)
        for (name, at, replacement) in [("ispe-small", ispe, bigEndian([1000, 700], bytes: 4)),
                                        ("ispe-odd", ispe, bigEndian([4033, 3025], bytes: 4)),
                                        ("grid-big", grid, bigEndian([4096, 3072], bytes: 2))] {
            var bytes = original
            bytes.replaceSubrange(at ..< at + replacement.count, with: replacement)
            let path = folder.appendingPathComponent("\(name).heic").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            for open in [{ _ = try HEIFPlanarImage.open(path: path, options: DecodeOptions()) },
                         { _ = try ImageDecoder.decode(path: path, options: DecodeOptions()) },
                         { _ = try ImageDecoder.decode(path: path, options: DecodeOptions(minimumSize: Size(width: 100, height: 100))) }] {
                XCTAssertThrowsError(try open(), name) { error in
                    XCTAssertEqual((error as? ImageError)?.kind, .corrupt, "\(name): \(error)")
                    XCTAssertTrue((error as? ImageError)?.reason.contains("unexpected size") == true, "\(name): \(error)")
                }
            }
        }
    }
}
