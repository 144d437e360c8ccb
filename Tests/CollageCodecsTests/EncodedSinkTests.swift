import XCTest
import CollageRaster
import Dispatch
import Glibc
@testable import CollageCodecs

/// EncodedSink: the streamed encoders hand their bytes over as they encode
/// them, in chunks, and the bytes joined are the one-shot encoder's.
final class EncodedSinkTests: XCTestCase {
    /// Pixels that do not compress much (a linear congruential sequence),
    /// so the PNG's IDAT chunks fill while rows are written.
    private func noisy(width: Int, height: Int, translucent: Bool) -> Pixmap {
        var p = Pixmap(width: width, height: height)
        var state: UInt32 = 12345
        func next() -> UInt8 { state = state &* 1_103_515_245 &+ 12345; return UInt8(truncatingIfNeeded: state >> 16) }
        for y in 0 ..< height {
            for x in 0 ..< width {
                p[x, y] = Color(red: next(), green: UInt8((x + y) & 255), blue: next(),
                                alpha: translucent && x > width / 2 ? UInt8(x & 255) : 255)
            }
        }
        return p
    }

    /// A sink whose writer records each chunk, and the chunks.
    private final class Recorder: @unchecked Sendable {
        var chunks: [[UInt8]] = []
        lazy var sink = EncodedSink(chunkBytes: 4096) { [unowned self] bytes in
            self.chunks.append(Array(bytes))
            return 0
        }
        var joined: [UInt8] { chunks.flatMap { $0 } }
    }

    func testRowEncoderStreamsTheOneShotBytes() throws {
        let opaque = noisy(width: 300, height: 200, translucent: false)
        let translucent = noisy(width: 300, height: 200, translucent: true)
        let cases: [(OutputFormat, Pixmap, EncodeOptions, Bool)] = [
            (.png, opaque, EncodeOptions(), false),
            (.png, translucent, EncodeOptions(dpi: 300), true),
            (.jpeg, opaque, EncodeOptions(), false),
            (.jpeg, translucent, EncodeOptions(quality: 70, settings: ["subsampling": "444"]), false),
            (.jpeg, opaque, EncodeOptions(settings: ["progressive": "true"]), false),
        ]
        for (format, pixmap, options, alpha) in cases {
            let label = "\(format) \(options) alpha \(alpha)"
            let recorder = Recorder()
            let encoder = try RowEncoder(format: format, width: pixmap.width, height: pixmap.height, options: options,
                                         alpha: alpha, sink: recorder.sink)
            pixmap.pixels.withUnsafeBufferPointer { pixels in
                for row in stride(from: 0, to: pixmap.height, by: 16) {
                    encoder.write(rows: pixels.baseAddress! + row * pixmap.width * 4, count: min(16, pixmap.height - row))
                }
            }
            let beforeFinish = recorder.joined.count
            XCTAssertEqual(try encoder.finish(), [], "a writer's sink returns no bytes: \(label)")
            let whole = try ImageEncoder.encode(pixmap, as: format, options: options)
            XCTAssertEqual(recorder.joined, whole, label)
            XCTAssertEqual(recorder.sink.byteCount, whole.count, label)
            if JPEGSaver.isProgressive(options) {
                // libjpeg writes a progressive file's scans at the end: only the headers came before.
                XCTAssertLessThan(beforeFinish, 4096, label)
            } else {
                // Most of the file reached the writer before finish(), in pieces.
                XCTAssertGreaterThan(beforeFinish, whole.count / 2, label)
                XCTAssertLessThan(recorder.chunks.map(\.count).max()!, whole.count / 4, label)
            }
        }
    }

    func testBandsGoToTheSinkInOrderAndOnlyOutOfOrderOnesAreHeld() throws {
        let pixmap = noisy(width: 256, height: 700, translucent: false)
        let whole = try ImageEncoder.encode(pixmap, as: .jpeg)
        for order in ["top first", "bottom first", "concurrent"] {
            let recorder = Recorder()
            let encoder = try JPEGBandEncoder(width: pixmap.width, height: pixmap.height, sink: recorder.sink)
            var bandBytes: [Int] = []
            pixmap.pixels.withUnsafeBufferPointer { pixels in
                nonisolated(unsafe) let base = pixels.baseAddress!
                let start = { @Sendable (band: Int) in base + encoder.rows(ofBand: band).lowerBound * pixmap.width * 4 }
                switch order {
                case "top first":
                    for band in 0 ..< encoder.bandCount {
                        let before = encoder.sink.byteCount
                        encoder.encode(band: band, rows: start(band))
                        bandBytes.append(encoder.sink.byteCount - before)
                        XCTAssertEqual(encoder.heldBytes, 0, "band \(band) was appended at once")
                    }
                case "bottom first":
                    for band in (0 ..< encoder.bandCount).reversed() { encoder.encode(band: band, rows: start(band)) }
                default:
                    DispatchQueue.concurrentPerform(iterations: encoder.bandCount) { encoder.encode(band: $0, rows: start($0)) }
                }
            }
            XCTAssertTrue(encoder.isComplete, order)
            XCTAssertEqual(try encoder.finish(), [], order)
            XCTAssertEqual(recorder.joined, whole, order)
            XCTAssertEqual(encoder.heldBytes, 0, order)
            if order == "top first" {
                // Held: one band at a time, the largest (its headers not counted: they came with band 0).
                XCTAssertEqual(bandBytes.count, 6)
                XCTAssertLessThanOrEqual(encoder.peakHeldBytes, bandBytes.max()! + 2)
                XCTAssertGreaterThan(encoder.peakHeldBytes, bandBytes.dropFirst().max()! - 16)
            } else if order == "bottom first" {
                // Every band but the first waited for band 0: the file less band 0's share.
                XCTAssertGreaterThan(encoder.peakHeldBytes, whole.count - bandBytesOfFirst(pixmap))
            }
        }
    }

    /// The bytes band 0 (headers and entropy-coded data) adds, encoded alone.
    private func bandBytesOfFirst(_ pixmap: Pixmap) -> Int {
        let encoder = try! JPEGBandEncoder(width: pixmap.width, height: pixmap.height)
        pixmap.pixels.withUnsafeBufferPointer { encoder.encode(band: 0, rows: $0.baseAddress!) }
        return encoder.sink.byteCount
    }

    func testAFailingWriterFailsTheEncode() throws {
        let pixmap = noisy(width: 200, height: 150, translucent: false)
        var calls = 0
        let sink = EncodedSink(chunkBytes: 1024) { _ in
            calls += 1
            return calls == 3 ? ENOSPC : 0
        }
        let encoder = try RowEncoder(format: .png, width: pixmap.width, height: pixmap.height, sink: sink)
        pixmap.pixels.withUnsafeBufferPointer { encoder.write(rows: $0.baseAddress!, count: pixmap.height) }
        XCTAssertThrowsError(try encoder.finish()) { error in
            XCTAssertEqual((error as? ImageError)?.reason, "writing failed: No space left on device")
            XCTAssertEqual((error as? ImageError)?.kind, .encodeFailed)
        }
        XCTAssertEqual(sink.failure, ENOSPC)
        XCTAssertEqual(calls, 3, "nothing is written after the failure")

        let bandSink = EncodedSink(chunkBytes: 1024) { _ in EIO }
        let bands = try JPEGBandEncoder(width: pixmap.width, height: pixmap.height, sink: bandSink)
        pixmap.pixels.withUnsafeBufferPointer { pixels in
            for band in 0 ..< bands.bandCount {
                bands.encode(band: band, rows: pixels.baseAddress! + bands.rows(ofBand: band).lowerBound * pixmap.width * 4)
            }
        }
        XCTAssertThrowsError(try bands.finish()) { error in
            XCTAssertEqual((error as? ImageError)?.reason, "writing failed: Input/output error")
        }
    }
}
