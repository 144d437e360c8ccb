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
}
