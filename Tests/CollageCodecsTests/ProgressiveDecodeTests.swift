import XCTest
import CImageShim
import CollageRaster
@testable import CollageCodecs
import CollageTestSupport

/// Progressive JPEGs decode to exactly the pixels of the baseline file they
/// were losslessly made from (`collage_jpeg_progressive_copy`, as `jpegtran
/// -progressive -copy all`): the DCT coefficients are the same, and libjpeg
/// runs the same IDCT, upsampling and colour conversion on them, so equality
/// is exact (no tolerance) at every DCT scale, whole or row by row (the
/// progressive file goes through libjpeg's whole-image coefficient buffer,
/// the baseline file does not; its arrays come from collage's allocator
/// of them, jpeg_memory.c).
final class ProgressiveDecodeTests: XCTestCase {
    /// The progressive twin of corpus photo `name`, in a temporary file.
    private func progressiveTwin(_ name: String) throws -> (baseline: String, progressive: String) {
        let baseline = try TestPackage.corpusFile("metadata-extractor-images/" + name)
        let bytes = try FileBytes.read(baseline)
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        XCTAssertEqual(bytes.withUnsafeBufferPointer { collage_jpeg_progressive_copy($0.baseAddress, $0.count, &out, &length) }, 0)
        let copy = try XCTUnwrap(out)
        defer { free(copy) }
        let progressive = Array(UnsafeBufferPointer(start: copy, count: length))
        XCTAssertTrue(isProgressive(progressive), name)
        XCTAssertFalse(isProgressive(bytes), name)
        return (baseline, try TempFiles.write(progressive, name: "progressive-" + name, for: self))
    }

    private func isProgressive(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let decoder = collage_jpeg_open(buffer.baseAddress, buffer.count, 0, 1) else { return false }
            defer { collage_jpeg_close(decoder) }
            var info = collage_jpeg_info()
            return collage_jpeg_header(decoder, &info) == 0 && info.progressive != 0
        }
    }

    /// Large blocks collage's allocator has served libjpeg (new or reused).
    private func served() -> Int {
        let counts = collage_jpeg_large_blocks()
        return counts.mapped + counts.reused
    }

    /// The oriented minimum size that makes `chooseScale` pick `scale`/8.
    private func minimum(for header: ImageHeader, scale: Int) -> Size {
        let stored = header.storedSize
        let w = (stored.width * scale + 7) / 8, h = (stored.height * scale + 7) / 8
        return header.orientation.swapsAxes ? Size(width: h, height: w) : Size(width: w, height: h)
    }

    /// 4:2:2 turned by EXIF 6, 4:2:0 turned by EXIF 3, 4:4:4 with an ICC profile:
    /// the upright decodes are equal at two DCT scales each.
    func testUprightDecodesEqualTheBaselineFilesAtEachDCTScale() throws {
        for (name, scales, orientation) in [("photo_Canon_EOS_1000D.jpg", [2, 4], Orientation.right),
                                            ("photo_Apple_iPhone_5.jpg", [4, 8], .down),
                                            ("photo_Issue_525.jpg", [1, 4], .up)] {
            let (baseline, progressive) = try progressiveTwin(name)
            let header = try ImageDecoder.header(path: baseline)
            XCTAssertEqual(header.orientation, orientation, name)
            // The same header, except that the progressive file holds its
            // whole coefficients: at least 2 bytes a pixel of the luma plane
            // plus both chroma planes (`ImageHeader.coefficientBytes`).
            var progressiveHeader = try ImageDecoder.header(path: progressive)
            XCTAssertEqual(header.coefficientBytes, 0, name)
            let pixels = header.storedSize.width * header.storedSize.height
            XCTAssertGreaterThan(progressiveHeader.coefficientBytes, pixels * 2 + pixels / 2, name)
            XCTAssertLessThan(progressiveHeader.coefficientBytes, pixels * 6 + pixels / 8, name)
            progressiveHeader.coefficientBytes = 0
            XCTAssertEqual(progressiveHeader, header, name)
            for scale in scales {
                let options = DecodeOptions(minimumSize: minimum(for: header, scale: scale))
                let blocks = served()
                let expected = try ImageDecoder.decode(path: baseline, options: options)
                XCTAssertEqual(served(), blocks, "\(name): a baseline decode holds no large block")
                let actual = try ImageDecoder.decode(path: progressive, options: options)
                // The coefficient arrays (the luma one at least is over
                // 4 MiB) came from collage's allocator
                // (jpeg_memory.c), not libjpeg's own.
                XCTAssertGreaterThan(served(), blocks, "\(name): libjpeg used its own allocator")
                XCTAssertEqual(expected.dctScale, scale, name)
                XCTAssertEqual(actual.dctScale, scale, name)
                XCTAssertEqual(actual.pixmap.size, expected.pixmap.size, "\(name) at \(scale)/8")
                XCTAssertEqual(actual.warnings, [], "\(name) at \(scale)/8")
                XCTAssertTrue(actual.pixmap.pixels == expected.pixmap.pixels, "\(name) at \(scale)/8: pixels differ")
            }
        }
    }

    /// Row by row (the renderer's streamed path), columns cropped and the top
    /// skipped: the progressive file's rows equal the baseline file's whole
    /// stored decode, down to the last row.
    func testStreamedRowsEqualTheBaselineDecode() throws {
        let (baseline, progressive) = try progressiveTwin("photo_Canon_PowerShot_G11.jpg")
        let header = try ImageDecoder.header(path: baseline)
        let options = DecodeOptions(minimumSize: minimum(for: header, scale: 4))
        let whole = try ImageDecoder.decodeStored(path: baseline, options: options)
        XCTAssertEqual(whole.dctScale, 4)
        let width = whole.pixmap.width, height = whole.pixmap.height
        let stream = try XCTUnwrap(try ImageDecoder.openRows(path: progressive, options: options))
        XCTAssertEqual(stream.size, whole.pixmap.size)
        let columns = width / 5 ..< width * 4 / 5, top = height / 7
        stream.needColumns(columns)
        var differing: [Int] = []
        for y in top ..< height {
            let row = stream.row(y)
            let expected = whole.pixmap.pixels[(y * width + columns.lowerBound) * 4 ..< (y * width + columns.upperBound) * 4]
            if !UnsafeBufferPointer(start: row + columns.lowerBound * 4, count: columns.count * 4).elementsEqual(expected) {
                differing.append(y)
            }
        }
        try stream.finish()
        XCTAssertEqual(differing, [], "rows that differ")
        XCTAssertEqual(stream.warnings, [])
    }

    /// A progressive decode that starts while another holds its coefficient
    /// arrays reuses the blocks a third one freed (jpeg_memory.c), which
    /// hold that decode's coefficients, not zeros: libjpeg must zero them
    /// itself, and the pixels are still exactly the baseline file's. The
    /// streamed decode that kept the blocks alive is equal too, and once it
    /// ends nothing is kept (the next progressive decode maps anew).
    func testReusedCoefficientBlocksDecodeTheSamePixels() throws {
        let (heldBaseline, held) = try progressiveTwin("photo_Canon_PowerShot_G11.jpg")
        let (_, freed) = try progressiveTwin("photo_Issue_525.jpg")
        let (baseline, progressive) = try progressiveTwin("photo_Canon_EOS_1000D.jpg")
        let heldHeader = try ImageDecoder.header(path: heldBaseline)
        let heldOptions = DecodeOptions(minimumSize: minimum(for: heldHeader, scale: 2))
        let heldWhole = try ImageDecoder.decodeStored(path: heldBaseline, options: heldOptions)
        let header = try ImageDecoder.header(path: baseline)
        let options = DecodeOptions(minimumSize: minimum(for: header, scale: 2))
        let expected = try ImageDecoder.decode(path: baseline, options: options)

        // Its first row read, the streamed decode holds its arrays.
        let stream = try XCTUnwrap(try ImageDecoder.openRows(path: held, options: heldOptions))
        let width = heldWhole.pixmap.width
        XCTAssertTrue(UnsafeBufferPointer(start: stream.row(0), count: width * 4).elementsEqual(heldWhole.pixmap.pixels[0 ..< width * 4]))
        // 4032x3024 4:4:4: three 24 MiB arrays, kept when freed.
        _ = try ImageDecoder.decode(path: freed, options: DecodeOptions(minimumSize: Size(width: 504, height: 378)))
        let before = collage_jpeg_large_blocks()
        // 3888x2592 4:2:2: arrays of 20 and 10 MiB, all three from the kept blocks.
        let actual = try ImageDecoder.decode(path: progressive, options: options)
        let after = collage_jpeg_large_blocks()
        XCTAssertEqual(after.reused - before.reused, 3, "kept blocks reused")
        XCTAssertEqual(after.mapped, before.mapped, "no new mapping")
        XCTAssertEqual(actual.dctScale, 2)
        XCTAssertEqual(actual.pixmap.size, expected.pixmap.size)
        XCTAssertTrue(actual.pixmap.pixels == expected.pixmap.pixels, "a decode into reused blocks differs")

        var differing: [Int] = []
        for y in 1 ..< heldWhole.pixmap.height {
            let expectedRow = heldWhole.pixmap.pixels[y * width * 4 ..< (y + 1) * width * 4]
            if !UnsafeBufferPointer(start: stream.row(y), count: width * 4).elementsEqual(expectedRow) { differing.append(y) }
        }
        try stream.finish()
        XCTAssertEqual(differing, [], "rows of the held decode that differ")

        // Nothing in use: nothing kept, so this decode maps its blocks.
        let idle = collage_jpeg_large_blocks()
        _ = try ImageDecoder.decode(path: progressive, options: options)
        XCTAssertEqual(collage_jpeg_large_blocks().reused, idle.reused, "a block was kept with none in use")
    }

    /// Once released (`ImageDecoder.releaseKeptMemory`: a render has handed
    /// out its last image), nothing is kept: the kept pages are unmapped,
    /// and so are the blocks of a decode that ends after the release, so
    /// the next decode maps its own; a request keeps again.
    func testReleasedMemoryIsNotReused() throws {
        let (_, held) = try progressiveTwin("photo_Canon_PowerShot_G11.jpg")
        let (_, small) = try progressiveTwin("photo_Blackberry_Z10.jpg")
        let heldHeader = try ImageDecoder.header(path: held)
        let smallHeader = try ImageDecoder.header(path: small)
        let heldOptions = DecodeOptions(minimumSize: minimum(for: heldHeader, scale: 2))
        let smallOptions = DecodeOptions(minimumSize: minimum(for: smallHeader, scale: 2))
        let stream = try XCTUnwrap(try ImageDecoder.openRows(path: held, options: heldOptions))
        _ = stream.row(0)
        // 3264x1836 4:2:2: arrays of 11.5 and 5.7 MiB, kept when freed...
        let expected = try ImageDecoder.decode(path: small, options: smallOptions)
        var before = collage_jpeg_large_blocks()
        _ = try ImageDecoder.decode(path: small, options: smallOptions)
        var after = collage_jpeg_large_blocks()
        // How many of the three come whole from kept pages depends on where
        // the kernel placed the first decode's mappings (adjacent ones merge,
        // and a best-fit split can leave a range one page short of the next
        // request, which then grows a kept range). What is certain: kept
        // pages serve it, and fresh memory is under half its 23 MiB.
        XCTAssertGreaterThanOrEqual(after.reused - before.reused, 2, "kept blocks reused before the release")
        XCTAssertLessThan(after.fresh_bytes - before.fresh_bytes, 12 << 20, "fresh bytes before the release")
        // ...until released: then the next decode maps all three.
        ImageDecoder.releaseKeptMemory()
        before = collage_jpeg_large_blocks()
        let second = try XCTUnwrap(try ImageDecoder.openRows(path: small, options: smallOptions))
        _ = second.row(0)
        after = collage_jpeg_large_blocks()
        XCTAssertEqual(after.reused, before.reused, "nothing kept after the release")
        XCTAssertEqual(after.mapped - before.mapped, 3, "mapped anew")
        // A decode that ends after a release keeps nothing either.
        ImageDecoder.releaseKeptMemory()
        try second.finish()
        before = collage_jpeg_large_blocks()
        let third = try ImageDecoder.decode(path: small, options: smallOptions)
        after = collage_jpeg_large_blocks()
        XCTAssertEqual(after.reused, before.reused, "blocks freed after the release were kept")
        XCTAssertEqual(after.mapped - before.mapped, 3, "mapped anew")
        XCTAssertTrue(third.pixmap.pixels == expected.pixmap.pixels, "a decode after a release differs")
        try stream.finish()
    }

    /// A decode whose arrays are larger than every kept range grows the
    /// largest one (jpeg_memory.c): only the growth is fresh memory, and the
    /// pixels are still exactly the baseline file's. Before, none fitting,
    /// all three arrays were mapped anew.
    func testAKeptRangeGrowsForALargerDecode() throws {
        let (_, held) = try progressiveTwin("photo_Canon_PowerShot_G11.jpg")
        let (_, small) = try progressiveTwin("photo_Blackberry_Z10.jpg")
        let (baseline, large) = try progressiveTwin("photo_Issue_525.jpg")
        let heldHeader = try ImageDecoder.header(path: held)
        let stream = try XCTUnwrap(try ImageDecoder.openRows(path: held, options: DecodeOptions(minimumSize: minimum(for: heldHeader, scale: 2))))
        _ = stream.row(0)
        // 3264x1836 4:2:2: arrays of 11.5 and 5.7 MiB, kept when freed.
        _ = try ImageDecoder.decode(path: small, options: DecodeOptions(minimumSize: Size(width: 408, height: 230)))
        let header = try ImageDecoder.header(path: baseline)
        let options = DecodeOptions(minimumSize: minimum(for: header, scale: 2))
        let expected = try ImageDecoder.decode(path: baseline, options: options)
        // 4032x3024 4:4:4: three arrays of 504 x 378 blocks, 128 bytes each.
        let arrays = 3 * 504 * 378 * 128
        let before = collage_jpeg_large_blocks()
        let actual = try ImageDecoder.decode(path: large, options: options)
        let after = collage_jpeg_large_blocks()
        XCTAssertEqual(after.grown - before.grown, 1, "a kept range grown")
        XCTAssertEqual(after.mapped - before.mapped, 3, "the grown one and two new mappings")
        let fresh = after.fresh_bytes - before.fresh_bytes
        XCTAssertLessThanOrEqual(fresh, arrays - 11 * 1_048_576, "fresh bytes")
        XCTAssertGreaterThanOrEqual(fresh, arrays - 24 * 1_048_576, "fresh bytes")
        XCTAssertTrue(actual.pixmap.pixels == expected.pixmap.pixels, "a decode into a grown range differs")
        try stream.finish()
    }
}
