import XCTest
@testable import CollageRaster

final class SRGBTransferTests: XCTestCase {
    func testEveryByteRoundTripsThroughLinearLight() {
        for v in 0...255 {
            let value = UInt8(v)
            XCTAssertEqual(SRGBTransfer.encode(SRGBTransfer.decode(value)), value, "byte \(v)")
        }
    }

    func testDecodeTableMatchesTheTransferFunction() {
        XCTAssertEqual(SRGBTransfer.decode(0), 0)
        XCTAssertEqual(SRGBTransfer.decode(255), 1)
        // 188/255 = 0.7373 -> ((0.7373 + 0.055) / 1.055)^2.4 = 0.5029
        XCTAssertEqual(SRGBTransfer.decode(188), 0.5029, accuracy: 0.0001)
        // Linear toe: 10/255 / 12.92
        XCTAssertEqual(SRGBTransfer.decode(10), Float(10.0 / 255 / 12.92), accuracy: 1e-7)
    }

    func testEncodeRoundsToNearestAndClamps() {
        XCTAssertEqual(SRGBTransfer.encode(0.5), 188)   // 187.52
        XCTAssertEqual(SRGBTransfer.encode(0.2140), 127) // 127.48
        XCTAssertEqual(SRGBTransfer.encode(0.2158), 128) // 127.99
        XCTAssertEqual(SRGBTransfer.encode(-0.3), 0)
        XCTAssertEqual(SRGBTransfer.encode(1.7), 255)
        XCTAssertEqual(SRGBTransfer.encode(.nan), 0)
    }

    func testFractionToByteRounds() {
        XCTAssertEqual(SRGBTransfer.byte(fromFraction: 0.5), 128)  // 127.5 rounds to even 128
        XCTAssertEqual(SRGBTransfer.byte(fromFraction: 0.498), 127)
        XCTAssertEqual(SRGBTransfer.byte(fromFraction: 1.2), 255)
        XCTAssertEqual(SRGBTransfer.byte(fromFraction: -1), 0)
    }

    func testFourLaneEncodeIndicesEqualTheScalarOnes() {
        // Every step of the table and the half-way points, both sides of the
        // clamps, infinities and NaN: the SIMD path must pick the same entry.
        var values: [Float] = [-.infinity, -1, -0.0, 0, 1, 1.5, .infinity, .nan, 1e-9, 0.99999994]
        for i in 0...SRGBTransfer.encodeSteps {
            let v = Float(i) / Float(SRGBTransfer.encodeSteps)
            values += [v, v + 0.5 / Float(SRGBTransfer.encodeSteps), v.nextUp, v.nextDown]
        }
        while values.count % 4 != 0 { values.append(0.25) }
        for k in stride(from: 0, to: values.count, by: 4) {
            let lanes = SIMD4(values[k], values[k + 1], values[k + 2], values[k + 3])
            let indices = SRGBTransfer.encodeIndices(lanes)
            for lane in 0..<4 {
                XCTAssertEqual(Int(indices[lane]), SRGBTransfer.encodeIndex(lanes[lane]), "value \(lanes[lane])")
            }
        }
    }
}
