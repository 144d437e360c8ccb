import XCTest
import CollageRaster
@testable import CollageCodecs
import CollageTestSupport

/// `JPEGRowStream`: the rows of a row-by-row decode equal the whole-image
/// decode's, with rows skipped and the decode stopped early, and a collage
/// drawn from streamed rows equals one drawn from the upright decode.
final class JPEGRowStreamTests: XCTestCase {
    /// A 4:2:0 q90 JPEG of a synthetic picture, written to a temporary file.
    private func jpeg(width: Int, height: Int, name: String) throws -> String {
        let bytes = try ImageEncoder.encode(TestPicture.synthetic(width: width, height: height), as: .jpeg)
        return try TempFiles.write(bytes, name: name)
    }

    private func rows(_ stream: JPEGRowStream, _ range: Range<Int>) -> [[UInt8]] {
        range.map { y in Array(UnsafeBufferPointer(start: stream.row(y), count: stream.size.width * 4)) }
    }

    private func rows(_ pixmap: Pixmap, _ range: Range<Int>) -> [[UInt8]] {
        range.map { y in Array(pixmap.pixels[y * pixmap.width * 4 ..< (y + 1) * pixmap.width * 4]) }
    }

    func testRowsEqualTheWholeDecodeAtEveryScaleWithSkipsAndEarlyStop() throws {
        let path = try jpeg(width: 203, height: 157, name: "rows-420.jpg")
        for minimum in [Size(width: 20, height: 20), Size(width: 40, height: 30), Size(width: 90, height: 70), Size(width: 203, height: 157)] {
            let options = DecodeOptions(minimumSize: minimum)
            let whole = try ImageDecoder.decodeStored(path: path, options: options)
            // Every row.
            let all = try XCTUnwrap(try ImageDecoder.openRows(path: path, options: options))
            XCTAssertEqual(all.size, whole.pixmap.size)
            XCTAssertEqual(all.dctScale, whole.dctScale)
            XCTAssertEqual(rows(all, 0 ..< all.size.height), rows(whole.pixmap, 0 ..< whole.pixmap.height), "\(minimum)")
            try all.finish()
            XCTAssertEqual(all.warnings, [])
            // Rows skipped above, a gap in between, the decode stopped early.
            let part = try XCTUnwrap(try ImageDecoder.openRows(path: path, options: options))
            let h = part.size.height
            let top = h / 3 | 1, middle = h / 2   // an odd first row: the skip ends inside a row group
            XCTAssertEqual(rows(part, top ..< top + 3), rows(whole.pixmap, top ..< top + 3), "\(minimum) after a skip")
            XCTAssertEqual(rows(part, middle ..< h - 2), rows(whole.pixmap, middle ..< h - 2), "\(minimum) after a gap")
            try part.finish()
        }
    }

    func testCroppedColumnsEqualTheWholeDecodeForEverySubsampling() throws {
        // 4:2:0 synthetic, then camera photos: 4:2:2 (Canon G11), 4:4:4 with
        // restart markers (Issue 525), 4:2:0 portrait (Oppo R7 Plus).
        let paths = [try jpeg(width: 203, height: 157, name: "rows-crop.jpg"),
                     try TestPackage.corpusFile("metadata-extractor-images/photo_Canon_PowerShot_G11.jpg"),
                     try TestPackage.corpusFile("metadata-extractor-images/photo_Issue_525.jpg"),
                     try TestPackage.corpusFile("metadata-extractor-images/photo_Oppo_R7_Plus.jpg")]
        for path in paths {
            for minimum in [Size(width: 150, height: 150), Size(width: 500, height: 500)] {
                let options = DecodeOptions(minimumSize: minimum)
                let whole = try ImageDecoder.decodeStored(path: path, options: options).pixmap
                let w = whole.width
                for columns in [w / 3 ..< w * 2 / 3 + 1, 0 ..< w / 2, w / 2 + 3 ..< w, 1 ..< w - 1] {
                    let stream = try XCTUnwrap(try ImageDecoder.openRows(path: path, options: options))
                    stream.needColumns(columns)
                    for y in [whole.height / 4 | 1, whole.height / 4 + 2, whole.height - 1] {
                        let row = UnsafeBufferPointer(start: stream.row(y) + columns.lowerBound * 4, count: columns.count * 4)
                        XCTAssertEqual(Array(row), Array(whole.pixels[(y * w + columns.lowerBound) * 4 ..< (y * w + columns.upperBound) * 4]),
                                       "\(path) \(minimum) columns \(columns) row \(y)")
                    }
                    try stream.finish()
                }
            }
        }
    }

    func testFilesNeedingWholeImageColourConversionTakeTheWholeImagePath() throws {
        let png = try TempFiles.write(try ImageEncoder.encode(TestPicture.synthetic(width: 8, height: 8), as: .png), name: "rows.png")
        XCTAssertNil(try ImageDecoder.openRows(path: png, options: DecodeOptions()))
        // CMYK (Adobe) and a Display P3 profile: converted over the whole image.
        let cmyk = try TestPackage.corpusFile("pillow/pil_sample_cmyk.jpg"), p3 = try TestPackage.corpusFile("nuke/image-p3.jpg")
        let sRGB = try TestPackage.corpusFile("metadata-extractor-images/photo_Issue_525.jpg")
        XCTAssertNil(try ImageDecoder.openRows(path: cmyk, options: DecodeOptions()))
        XCTAssertNil(try ImageDecoder.openRows(path: p3, options: DecodeOptions()))
        // The P3 file streams when profiles are not converted; an sRGB profile streams too.
        XCTAssertNotNil(try ImageDecoder.openRows(path: p3, options: DecodeOptions(convertICCProfiles: false)))
        XCTAssertNotNil(try ImageDecoder.openRows(path: sRGB, options: DecodeOptions(minimumSize: Size(width: 100, height: 100))))
    }

    func testTruncatedFileFailsWhenItsMissingRowsAreRead() throws {
        let bytes = try ImageEncoder.encode(TestPicture.synthetic(width: 64, height: 256), as: .jpeg)
        let path = try TempFiles.write(Array(bytes.prefix(bytes.count / 2)), name: "rows-truncated.jpg")
        let stream = try XCTUnwrap(try ImageDecoder.openRows(path: path, options: DecodeOptions()))
        _ = rows(stream, 0 ..< stream.size.height)
        XCTAssertThrowsError(try stream.finish()) { error in
            XCTAssertEqual((error as? ImageError)?.kind, .truncated)
        }
        // Lenient: the rows decode (grey past the end) with a warning.
        var lenient = DecodeOptions()
        lenient.allowTruncated = true
        let tolerant = try XCTUnwrap(try ImageDecoder.openRows(path: path, options: lenient))
        _ = rows(tolerant, 0 ..< tolerant.size.height)
        try tolerant.finish()
        XCTAssertFalse(tolerant.warnings.isEmpty)
    }

    /// Renders through `SceneRenderer` with each image either streamed
    /// (orientation override `orientation`) or decoded upright.
    final class Provider: ImageProvider, @unchecked Sendable {
        let path: String
        let orientation: Orientation
        let stream: Bool
        init(path: String, orientation: Orientation, stream: Bool) {
            self.path = path; self.orientation = orientation; self.stream = stream
        }
        func decode(image index: Int, minimumSize: Size) throws -> Pixmap {
            try ImageDecoder.decode(path: path, minimumSize: minimumSize, orientation: orientation)
        }
        func stored(image index: Int, minimumSize: Size, streaming: Bool) throws -> StoredImageSource {
            guard stream else { return .pixels(try decode(image: index, minimumSize: minimumSize), .upright) }
            let options = DecodeOptions(minimumSize: minimumSize, orientation: orientation)
            guard streaming, let rows = try ImageDecoder.openRows(path: path, options: options) else {
                throw ImageError(path: path, reason: "not streamed", kind: .corrupt)
            }
            return .rows(rows)
        }
    }

    func testStreamedCollageEqualsTheUprightDecodeForEveryOrientationAndEdgeWindow() throws {
        let path = try jpeg(width: 240, height: 160, name: "rows-collage.jpg")
        for orientation in Orientation.allCases {
            let upright = orientation.swapsAxes ? Size(width: 160, height: 240) : Size(width: 240, height: 160)
            let w = Double(upright.width), h = Double(upright.height)
            let windows = [Rect(x: 0, y: 0, width: w, height: h),                            // the whole photo
                           Rect(x: 0, y: 0, width: w * 0.3 + 0.25, height: h * 0.4),           // top-left corner
                           Rect(x: w * 0.5 + 0.5, y: h * 0.75, width: w * 0.5 - 0.5, height: h * 0.25), // bottom-right
                           Rect(x: w * 0.2, y: h * 0.3, width: w * 0.6, height: h * 0.3)]      // inside, rows skipped
            for window in windows {
                for destination in [PixelRect(x: 3, y: 2, width: 37, height: 41), PixelRect(x: 0, y: 0, width: 150, height: 130)] {
                    let scene = Scene(size: Size(width: 150, height: 130), background: .white,
                                      images: [SceneImage(orientedSize: upright)],
                                      items: [.image(ImageDraw(image: 0, source: window, destination: destination))])
                    let streamed = try SceneRenderer.render(scene, images: Provider(path: path, orientation: orientation, stream: true),
                                                            threads: 2)
                    let whole = try SceneRenderer.render(scene, images: Provider(path: path, orientation: orientation, stream: false),
                                                         threads: 1)
                    let difference = PixelMetrics.maxDifference(streamed, whole, channels: .rgba)
                    XCTAssertLessThanOrEqual(difference, 1, "orientation \(orientation.rawValue) window \(window) into \(destination)")
                }
            }
        }
    }
}
