import Collage
import CollageCodecs
import CollageRaster
import CollageTestSupport
import Foundation
import XCTest

/// Issue 32: the streamed HEIC to JPEG convert (libheif's planes, Display P3
/// to sRGB through the matrix/TRC tables, bands encoded on every core) makes
/// the same bytes on every run and whatever the order and threads its bands
/// are encoded in.
final class ConvertHEICDeterminismTests: XCTestCase {
    func testStreamedConvertIsTheSameBytesOnEveryRunAndBandOrder() throws {
        let pug = try TestPackage.corpusFile("pillow-heif/pug.heic")
        let options = Converter.Options(outputPath: "-", format: .jpeg, quality: 90)
        let first = try Converter.encode(inputPath: pug, options: options)
        XCTAssertEqual(first.report.outputSize, Size(width: 4032, height: 3024))
        XCTAssertEqual(try Converter.encode(inputPath: pug, options: options).bytes, first.bytes, "a second run")

        // The bands one at a time, last first, on this thread alone.
        let planar = try XCTUnwrap(try HEIFPlanarImage.open(path: pug, options: DecodeOptions()))
        XCTAssertTrue(planar.convertedICCProfile)
        let encoder = try JPEGBandEncoder(width: planar.size.width, height: planar.size.height,
                                          options: EncodeOptions(quality: 90))
        var band = [UInt8](repeating: 0, count: encoder.bandHeight * planar.size.width * 4)
        for index in (0 ..< encoder.bandCount).reversed() {
            band.withUnsafeMutableBufferPointer { buffer in
                planar.write(rows: encoder.rows(ofBand: index), to: buffer.baseAddress!)
                encoder.encode(band: index, rows: buffer.baseAddress!)
            }
        }
        XCTAssertEqual(try encoder.finish(), first.bytes, "one thread, bands in reverse order")
    }

    /// Mean absolute difference of the RGB channels of two images of the same size.
    func meanDifference(_ a: Pixmap, _ b: Pixmap) -> Double {
        precondition(a.size == b.size)
        var total = 0
        for index in stride(from: 0, to: a.pixels.count, by: 4) {
            for channel in 0 ..< 3 { total += abs(Int(a.pixels[index + channel]) - Int(b.pixels[index + channel])) }
        }
        return Double(total) / Double(a.width * a.height * 3)
    }

    /// `convert` to a file streams the JPEG into its temporary file (issue
    /// 32): the file holds the same bytes at 1 and 2 threads and as the
    /// in-memory encode, and its pixels are the photo upright (as the plain
    /// decode gives it, libheif applying the file's irot) and in sRGB.
    func testStreamedConvertToAFileIsTheSameAtOneAndTwoThreadsUprightAndSRGB() throws {
        let pug = try TestPackage.corpusFile("pillow-heif/pug.heic")
        let folder = try TestPackage.temporaryDirectory(self)
        var files: [[UInt8]] = []
        for threads in [1, 2] {
            let out = folder.appendingPathComponent("pug-\(threads).jpg").path
            var options = Converter.Options(outputPath: out, quality: 90)
            options.threads = threads
            let report = try Converter.convert(inputPath: pug, options: options)
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
            XCTAssertEqual(report.byteCount, bytes.count, "\(threads) threads")
            XCTAssertEqual(report.outputSize, Size(width: 4032, height: 3024))
            files.append(bytes)
        }
        XCTAssertEqual(files[0], files[1], "1 and 2 threads")
        XCTAssertEqual(files[0], try Converter.encode(inputPath: pug, options: Converter.Options(outputPath: "-", format: .jpeg,
                                                                                               quality: 90)).bytes,
                       "the in-memory encode")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["pug-1.jpg", "pug-2.jpg"],
                       "no temporary file left")

        // Pixels: against the plain decode (libheif's RGBA, upright, its
        // Display P3 profile converted to sRGB) the JPEG differs by its
        // quantisation alone; against the same pixels left in P3, or turned
        // half a turn, by much more.
        let written = try ImageDecoder.decode(bytes: files[0]).pixmap
        let reference = try ImageDecoder.decode(path: pug, options: DecodeOptions()).pixmap
        let unconverted = try ImageDecoder.decode(path: pug, options: DecodeOptions(convertICCProfiles: false)).pixmap
        XCTAssertEqual(written.size, reference.size)
        let toSRGB = meanDifference(written, reference)
        // The pixels the P3 -> sRGB conversion moves by 3 or more in a
        // channel (the photo is mostly muted, so most barely move).
        var moved = 0, toSRGBMoved = 0, toP3Moved = 0
        for index in stride(from: 0, to: reference.pixels.count, by: 4) {
            var shift = 0, near = 0, far = 0
            for channel in 0 ..< 3 {
                let r = Int(reference.pixels[index + channel]), u = Int(unconverted.pixels[index + channel])
                let w = Int(written.pixels[index + channel])
                shift = max(shift, abs(r - u)); near += abs(w - r); far += abs(w - u)
            }
            guard shift >= 3 else { continue }
            moved += 1; toSRGBMoved += near; toP3Moved += far
        }
        XCTAssertGreaterThan(moved, 10_000, "the conversion moves many pixels")
        // 386,782 pixels; mean difference 0.78 to the sRGB decode, 1.93 to P3.
        XCTAssertLessThan(2 * toSRGBMoved, toP3Moved, "P3 left unconverted")
        var turned = reference
        turned.pixels = [UInt8](unsafeUninitializedCapacity: reference.pixels.count) { out, count in
            let pixels = reference.width * reference.height
            for index in 0 ..< pixels {
                for channel in 0 ..< 4 { out[index * 4 + channel] = reference.pixels[(pixels - 1 - index) * 4 + channel] }
            }
            count = reference.pixels.count
        }
        let toTurned = meanDifference(written, turned)
        XCTAssertLessThan(toSRGB, 1.5, "the sRGB decode")
        XCTAssertGreaterThan(toTurned, 10 * toSRGB, "the photo upside down: \(toTurned) against \(toSRGB)")
    }
}
