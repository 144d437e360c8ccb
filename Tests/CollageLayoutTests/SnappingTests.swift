import CollageLayout
import CollageText
import XCTest

final class SnappingTests: XCTestCase {
    func testAwkwardWidthGivesTheExtraPixelToTheLastPart() {
        XCTAssertEqual(Snapping.split(1000, into: 3), [333, 333, 334])
        XCTAssertEqual(Snapping.split(1000, weights: [1, 1, 1]), [333, 333, 334])
    }

    func testLeftoverPixelsGoToTheRightmostPartsOnTies() {
        XCTAssertEqual(Snapping.split(1001, into: 3), [333, 334, 334])
        XCTAssertEqual(Snapping.split(2, into: 4), [0, 0, 1, 1])
        XCTAssertEqual(Snapping.split(2, weights: [1, 1, 1, 1]), [0, 0, 1, 1])
        XCTAssertEqual(Snapping.split(5, weights: [1, 1, 1, 1]), [1, 1, 1, 2])
        XCTAssertEqual(Snapping.split(900, into: 3), [300, 300, 300])
    }

    func testWeightsGiveLeftoversToTheLargestRemainders() {
        // 100 × 1/3 = 33.33, 100 × 2/3 = 66.67: the larger remainder wins.
        XCTAssertEqual(Snapping.split(100, weights: [1, 2]), [33, 67])
        // 7 × (1, 1, 2)/4 = 1.75, 1.75, 3.5: two leftovers to the .75s.
        XCTAssertEqual(Snapping.split(7, weights: [1, 1, 2]), [2, 2, 3])
        // 10 × (3, 1)/4 = 7.5, 2.5: equal remainders, the right one wins.
        XCTAssertEqual(Snapping.split(10, weights: [3, 1]), [7, 3])
        XCTAssertEqual(Snapping.split(10, weights: [1, 3]), [2, 8])
    }

    func testPartsAlwaysSumToTheTotal() {
        for total in [0, 1, 7, 641, 1000, 4097] {
            for weights in [[1.0], [1, 1, 1], [0.2, 0.3, 0.5], [1, 7, 2, 3]] {
                XCTAssertEqual(Snapping.split(total, weights: weights).reduce(0, +), total, "\(total) \(weights)")
            }
        }
    }
}
