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
}
