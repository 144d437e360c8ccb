import CImageShim
import CollageCodecs
import CollageRaster
import Foundation
import XCTest
@testable import Collage
import CollageTestSupport

/// A render that has handed out its last image tells its provider
/// (`ImageProvider.noMoreImagesToDecode`), and `CodecImageProvider` then
/// releases the coefficient pages libjpeg's allocator keeps for the next
/// progressive decode (jpeg_memory.c), but only once no other render in the
/// process is still decoding: batch rows render at once (`--jobs`), and one
/// row ending must not drop the pages another's next decode reuses.
final class KeptDecodeMemoryTests: XCTestCase {
    func testKeptPagesGoWhenTheLastDecodingRenderEnds() throws {
        // A 4032x3024 4:4:4 photo re-encoded progressive: three coefficient
        // arrays of 24 MiB, over the allocator's 4 MiB mapping threshold.
        let photo = try ImageDecoder.decode(path: try TestPackage.corpusFile("metadata-extractor-images/photo_Issue_525.jpg"))
        let bytes = try ImageEncoder.encode(photo, as: .jpeg, options: EncodeOptions(quality: 80, settings: ["subsampling": "444", "progressive": "true"]))
        let path = try TestPackage.temporaryDirectory(self).appendingPathComponent("progressive.jpg").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let minimum = Size(width: 1008, height: 756)
        func decodeAlone() throws -> collage_jpeg_block_counts {
            let before = collage_jpeg_large_blocks()
            _ = try ImageDecoder.decode(path: path, options: DecodeOptions(minimumSize: minimum))
            let after = collage_jpeg_large_blocks()
            return collage_jpeg_block_counts(mapped: after.mapped - before.mapped, grown: after.grown - before.grown,
                                             reused: after.reused - before.reused, fresh_bytes: after.fresh_bytes - before.fresh_bytes)
        }
        // Held open, a streamed decode keeps the allocator from going idle
        // (idle, it unmaps everything anyway).
        let held = try XCTUnwrap(try ImageDecoder.openRows(path: path, options: DecodeOptions(minimumSize: minimum)))
        _ = held.row(0)
        let first = CodecImageProvider(paths: [path]), second = CodecImageProvider(paths: [path])
        _ = try first.decode(image: 0, minimumSize: minimum)
        _ = try second.decode(image: 0, minimumSize: minimum)
        XCTAssertEqual(try decodeAlone().reused, 3, "the freed arrays are kept")
        // One of the two renders ends: the other may still decode.
        first.noMoreImagesToDecode()
        XCTAssertEqual(try decodeAlone().reused, 3, "kept while another render decodes")
        // A decode of the ended render that was about to start when it
        // said so, then said again: not counted again, nothing released.
        _ = try first.decode(image: 0, minimumSize: minimum)
        first.noMoreImagesToDecode()
        XCTAssertEqual(try decodeAlone().reused, 3, "kept while another render decodes")
        // The last one ends: the kept pages go, the next decode maps its own.
        second.noMoreImagesToDecode()
        let after = try decodeAlone()
        XCTAssertEqual(after.reused, 0, "nothing kept once no render decodes")
        XCTAssertEqual(after.mapped, 3, "mapped anew")
        try held.finish()
    }
}
