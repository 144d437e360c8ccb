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
    /// A 4032x3024 4:4:4 photo re-encoded progressive: three coefficient
    /// arrays of 24 MiB, over the allocator's 4 MiB mapping threshold.
    private func progressivePhoto() throws -> String {
        let photo = try ImageDecoder.decode(path: try TestPackage.corpusFile("metadata-extractor-images/photo_Issue_525.jpg"))
        let bytes = try ImageEncoder.encode(photo, as: .jpeg, options: EncodeOptions(quality: 80, settings: ["subsampling": "444", "progressive": "true"]))
        let path = try TestPackage.temporaryDirectory(self).appendingPathComponent("progressive.jpg").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    private let minimum = Size(width: 1008, height: 756)

    /// The allocator's counts over one decode of `path` with nothing else running.
    private func decodeAlone(_ path: String) throws -> collage_jpeg_block_counts {
        let before = collage_jpeg_large_blocks()
        _ = try ImageDecoder.decode(path: path, options: DecodeOptions(minimumSize: minimum))
        let after = collage_jpeg_large_blocks()
        return collage_jpeg_block_counts(mapped: after.mapped - before.mapped, grown: after.grown - before.grown,
                                         reused: after.reused - before.reused, fresh_bytes: after.fresh_bytes - before.fresh_bytes)
    }

    /// Issue 32: a batch decodes one photo a row, so between two rows'
    /// decodes none may be running. Inside `keepingMemoryBetweenDecodes`
    /// (BatchRunner.run) the freed arrays stay anyway, and a render's
    /// release does nothing; over the limit they go; after the last such
    /// call nothing is kept.
    func testABatchKeepsThePagesBetweenDecodesUntilItEnds() throws {
        let path = try progressivePhoto()
        _ = try decodeAlone(path)
        XCTAssertEqual(try decodeAlone(path).reused, 0, "idle, nothing is kept by default")
        try ImageDecoder.keepingMemoryBetweenDecodes(upTo: 256 << 20) {
            let first = try decodeAlone(path)
            XCTAssertEqual(first.reused, 0, "nothing was kept before")
            let second = try decodeAlone(path)
            XCTAssertEqual(second.reused, 3, "the three arrays come from the pages the first decode freed")
            XCTAssertEqual(second.mapped, 0, "no fresh mapping")
            XCTAssertEqual(second.fresh_bytes, 0, "no fresh bytes")
            // A render that ends releases nothing while the batch runs.
            let provider = CodecImageProvider(paths: [path])
            _ = try provider.decode(image: 0, minimumSize: minimum)
            provider.noMoreImagesToDecode()
            ImageDecoder.releaseKeptMemory()
            XCTAssertEqual(try decodeAlone(path).reused, 3, "kept through a render's release")
            // Nested, with a lower limit: the largest limit of the calls under way holds.
            try ImageDecoder.keepingMemoryBetweenDecodes(upTo: 1 << 20) {
                XCTAssertEqual(try decodeAlone(path).reused, 3, "the outer call's limit holds")
            }
            XCTAssertEqual(try decodeAlone(path).reused, 3, "still kept after the inner call")
        }
        let after = try decodeAlone(path)
        XCTAssertEqual(after.reused, 0, "the kept pages went when the batch ended")
        XCTAssertEqual(after.mapped, 3, "mapped anew")
        // A limit below every array: each freed range goes at once.
        try ImageDecoder.keepingMemoryBetweenDecodes(upTo: 1 << 20) {
            _ = try decodeAlone(path)
            XCTAssertEqual(try decodeAlone(path).reused, 0, "24 MiB ranges are over a 1 MiB limit")
        }
    }

    func testKeptPagesGoWhenTheLastDecodingRenderEnds() throws {
        let path = try progressivePhoto()
        let minimum = self.minimum
        func decodeAlone() throws -> collage_jpeg_block_counts { try self.decodeAlone(path) }
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
