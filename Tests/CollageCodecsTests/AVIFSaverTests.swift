import Dispatch
import XCTest
import CollageRaster
@testable import CollageCodecs
import CollageTestSupport

/// AVIF output (`AVIFSaver`, avif_encode.c through libheif's aom encoder):
/// it reads back through collage's own HEIF decoder at the right size and
/// close to the pixels, its bytes do not depend on the run or the thread,
/// alpha is kept, and `speed` and `chroma` reach libaom.
final class AVIFSaverTests: XCTestCase {
    private let picture = TestPicture.synthetic(width: 200, height: 150)

    func testAVIFReadsBackAtItsSizeAbove35dB() throws {
        let bytes = try ImageEncoder.encode(picture, as: .avif)
        XCTAssertEqual(String(decoding: bytes[4 ..< 12], as: UTF8.self), "ftypavif")
        let decoded = try ImageDecoder.decode(bytes: bytes)
        XCTAssertEqual(decoded.header.format, .heif)
        XCTAssertEqual(decoded.pixmap.size, Size(width: 200, height: 150))
        let psnr = PixelMetrics.psnr(decoded.pixmap, picture)
        XCTAssertGreaterThanOrEqual(psnr, 35, "PSNR \(psnr) dB")
        XCTAssertTrue(decoded.pixmap.isOpaque, "an opaque canvas has no alpha image")
    }

    func testAVIFBytesAreTheSameOnEveryRunAndThread() throws {
        let first = try ImageEncoder.encode(picture, as: .avif)
        let results = Mutex4(count: 4)
        let picture = self.picture
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            results.set(index, try? ImageEncoder.encode(picture, as: .avif))
        }
        for index in 0 ..< 4 { XCTAssertEqual(results.get(index), first, "thread \(index)") }
    }

    func testAVIFKeepsAlpha() throws {
        let translucent = TestPicture.synthetic(width: 96, height: 64) { x, _ in x < 32 ? 0 : (x < 64 ? 128 : 255) }
        let decoded = try ImageDecoder.decode(bytes: ImageEncoder.encode(translucent, as: .avif)).pixmap
        XCTAssertFalse(decoded.isOpaque)
        XCTAssertEqual(decoded[10, 30].alpha, 0)
        XCTAssertEqual(Int(decoded[48, 30].alpha), 128, accuracy: 3)
        XCTAssertEqual(decoded[80, 30].alpha, 255)
        let psnr = PixelMetrics.psnr(decoded, translucent, channels: .premultipliedRGBA)
        XCTAssertGreaterThanOrEqual(psnr, 35, "PSNR \(psnr) dB")
    }

    /// chroma 444 (the default) writes AV1's 4:4:4 (av1C: profile 1, no
    /// subsampling), 420 subsamples both ways; speed and quality change the bytes.
    func testChromaSpeedAndQualityReachLibaom() throws {
        func encode(_ settings: [String: String], quality: Int = 90) throws -> [UInt8] {
            try ImageEncoder.encode(picture, as: .avif, options: EncodeOptions(quality: quality, settings: settings))
        }
        let defaults = try encode([:])
        XCTAssertEqual(try encode(["chroma": "444", "speed": "6"]), defaults, "the declared defaults are libaom's settings")
        XCTAssertEqual(chromaSubsampling(defaults), [0, 0])
        XCTAssertEqual(chromaSubsampling(try encode(["chroma": "420"])), [1, 1])
        XCTAssertNotEqual(try encode(["speed": "9"]), defaults)
        XCTAssertLessThan(try encode([:], quality: 30).count, defaults.count)
    }

    func testAVIFRefusesASideOver8192() {
        XCTAssertThrowsError(try ImageEncoder.checkSize(Size(width: 8193, height: 1), format: .avif)) {
            XCTAssertEqual(($0 as? ImageError)?.reason, "cannot encode a 8193x1 image as AVIF")
        }
    }

    /// av1C's chroma_subsampling_x and _y bits.
    private func chromaSubsampling(_ bytes: [UInt8]) -> [Int] {
        let tag = Array("av1C".utf8)
        guard let at = (0 ..< bytes.count - 8).first(where: { Array(bytes[$0 ..< $0 + 4]) == tag }) else { return [] }
        let flags = bytes[at + 6]
        return [Int(flags >> 3) & 1, Int(flags >> 2) & 1]
    }
}

/// Four optional results filled from several threads.
private final class Mutex4: @unchecked Sendable {
    private let lock = DispatchQueue(label: "avif-test")
    private var slots: [[UInt8]?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: [UInt8]?) { lock.sync { slots[index] = value } }
    func get(_ index: Int) -> [UInt8]? { lock.sync { slots[index] } }
}
