import Foundation
import XCTest
import CRasterKernels
@testable import CollageRaster

/// The resampler's vertical pass (`Resampler.sumRows`), whose first
/// elements go through 8-float AVX registers where the processor has them
/// (`collage_sum_rows_avx`): every element must be exactly the float sum a
/// scalar loop gives, taps added in order from a zero sum, one rounding
/// for the product and one for the sum, so the output never depends on the
/// processor or on where an element falls in a chunk.
final class RowSumTests: XCTestCase {
    /// `((0 + w0 x0) + w1 x1) + ...` in `Float`, rounded at every step.
    private func reference(_ rows: [[Float]], _ weights: [Float], _ i: Int) -> Float {
        var sum: Float = 0
        for t in weights.indices {
            let product = weights[t] * rows[t][i]
            sum = sum + product
        }
        return sum
    }

    /// Rows of values with exact zeros, negative zeros, denormals and
    /// large and small magnitudes, weights of both signs (Lanczos lobes).
    private func rows(count: Int, length: Int, seed: UInt64) -> (rows: [[Float]], weights: [Float]) {
        var state = seed
        func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        let special: [Float] = [0, -0.0, 1e-40, -1e-40, 1, -1, 1e-3, 0.999]
        let rows = (0 ..< count).map { _ in
            (0 ..< length).map { _ -> Float in
                let r = next()
                return r % 7 == 0 ? special[Int(r / 7 % 8)] : Float(Int(r % 20001) - 2000) / 9973
            }
        }
        let weights = (0 ..< count).map { t -> Float in t % 3 == 2 ? -Float(next() % 1000) / 8191 : Float(next() % 5000) / 4099 }
        return (rows, weights)
    }

    private func sum(_ rows: [[Float]], _ weights: [Float], length: Int) -> (out: [Float], vectorised: Int) {
        var out = [Float](repeating: .nan, count: length)
        var vectorised = 0
        let pinned = rows.map { row -> UnsafeMutablePointer<Float> in
            let p = UnsafeMutablePointer<Float>.allocate(capacity: Swift.max(row.count, 1))
            p.initialize(from: row, count: row.count)
            return p
        }
        defer { pinned.forEach { $0.deallocate() } }
        var pointers = pinned.map { UnsafePointer($0) }
        pointers.withUnsafeMutableBufferPointer { rowsBuffer in
            weights.withUnsafeBufferPointer { w in
                out.withUnsafeMutableBufferPointer { o in
                    let raw = UnsafeRawPointer(rowsBuffer.baseAddress!).assumingMemoryBound(to: UnsafePointer<Float>?.self)
                    var probe = [Float](repeating: 0, count: Swift.max(length, 1))
                    vectorised = collage_sum_rows_avx(raw, w.baseAddress!, weights.count, &probe, length)
                    Resampler.sumRows(rowsBuffer.baseAddress!, weights: w.baseAddress!, count: weights.count,
                                      into: o.baseAddress!, length: length)
                }
            }
        }
        return (out, vectorised)
    }

    func testEveryElementIsTheScalarSumBitForBit() {
        // Lengths around the 8- and 64-float chunks and the Swift loop's
        // 32 and 4; tap counts of Lanczos-3 at 1x to 4x and beyond.
        for (length, count, seed) in [(0, 6, 1), (3, 6, 2), (7, 7, 3), (8, 12, 4), (63, 13, 5), (64, 6, 6),
                                      (65, 24, 7), (131, 1, 8), (1000, 25, 9), (4899, 15, 10)] {
            let (rows, weights) = rows(count: count, length: length, seed: UInt64(seed))
            let (out, vectorised) = sum(rows, weights, length: length)
            // The AVX part covers every whole 8 floats, or nothing without AVX.
            XCTAssertTrue(vectorised == 0 || vectorised == length / 8 * 8, "length \(length): \(vectorised) vectorised")
            var differing: [Int] = []
            for i in 0 ..< length where out[i].bitPattern != reference(rows, weights, i).bitPattern { differing.append(i) }
            XCTAssertEqual(differing, [], "length \(length), \(count) taps: elements that differ")
        }
    }

    /// On this project's machines (x86-64 with AVX: CI's and the
    /// benchmark's), the AVX loop runs: else the test above would only
    /// cover the Swift loop.
    func testTheAVXLoopRunsWhereTheProcessorHasIt() throws {
        #if arch(x86_64)
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let flags = cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") }
        guard flags?.split(separator: " ").contains("avx") == true else { throw XCTSkip("no AVX on this processor") }
        let (rows, weights) = rows(count: 6, length: 100, seed: 11)
        let (_, vectorised) = sum(rows, weights, length: 100)
        XCTAssertEqual(vectorised, 96)
        #else
        throw XCTSkip("AVX is x86-64 only")
        #endif
    }
}
