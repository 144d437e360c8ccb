@testable import Collage
import XCTest

/// Output path templates, duplicates and shards, before anything renders.
final class BatchPlanTests: XCTestCase {
    let location = SourceLocation(file: "rows.csv", line: 1, column: 1)

    func row(_ number: Int, _ fields: [String: String]) -> DataRow {
        DataRow(number: number, fields: fields, location: location)
    }

    func testExpansionPrecedenceAndLiteralDollar() throws {
        let plan = try BatchPlan(rows: [row(1, ["id": "a", "size": "s"]), row(2, ["id": "b"])],
                                 outputTemplate: "out/${id}-${row}-$${x}-${size}.jpg",
                                 overrides: ["size": "L"], shard: nil)
        XCTAssertEqual(plan.jobs.map(\.outputPath), ["out/a-1-${x}-L.jpg", "out/b-2-${x}-L.jpg"])
        XCTAssertEqual(plan.jobs[0].variables, ["id": "a", "size": "L", "row": "1"])
    }

    func testShardSelection() throws {
        XCTAssertNil(BatchPlan.Shard("0/3"))
        XCTAssertNil(BatchPlan.Shard("4/3"))
        XCTAssertNil(BatchPlan.Shard("1/0"))
        XCTAssertNil(BatchPlan.Shard("1-3"))
        let rows = (1...10).map { row($0, ["id": "\($0)"]) }
        var seen: [Int] = []
        for k in 1...3 {
            let plan = try BatchPlan(rows: rows, outputTemplate: "${id}.png", overrides: [:], shard: BatchPlan.Shard("\(k)/3"))
            XCTAssertEqual(plan.totalRows, 10)
            seen += plan.jobs.map(\.row.number)
        }
        XCTAssertEqual(seen, [1, 4, 7, 10, 2, 5, 8, 3, 6, 9])
    }

    func testDuplicatesAcrossShardsAndSpellingsAreRefused() {
        let rows = [row(1, ["id": "a"]), row(2, ["id": "./a"])]
        XCTAssertThrowsError(try BatchPlan(rows: rows, outputTemplate: "out/${id}.png", overrides: [:],
                                           shard: BatchPlan.Shard("1/2"))) { error in
            guard case .usage(let message) = error as? CollageError else { return XCTFail("\(error)") }
            XCTAssertEqual(message, "rows 1 and 2 would both write 'out/./a.png'; make -o unique per row, e.g. -o 'out/${row}.jpg'")
        }
    }
}
