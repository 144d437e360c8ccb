import Collage
import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// `collage batch`: rows as variables, sharding, bad rows, duplicates, depfiles.
final class BatchTests: XCTestCase, PhotoFolderTest {
    var directory: URL!

    override func setUpWithError() throws {
        try makePhotoFolder()
        try write("card.yaml", Self.batchCard)
    }

    func testShardsCoverEveryRowExactlyOnce() throws {
        let rows = (1...7).map { "r\($0),stripes.png" }.joined(separator: "\n")
        try write("rows.csv", "id,photo\n" + rows + "\n")
        var written: [String: Int] = [:]
        for k in 1...3 {
            let outFolder = "shard\(k)"
            let result = try runCollage(["batch", "card.yaml", "--data", "rows.csv", "-o", "\(outFolder)/${id}.png",
                                         "--shard", "\(k)/3"], in: directory)
            XCTAssertEqual(result.status, 0, result.stderr)
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent(outFolder).path)
            for file in files { written[file, default: 0] += 1 }
            let expected = (1...7).filter { ($0 - 1) % 3 == k - 1 }.map { "r\($0).png" }
            XCTAssertEqual(files.sorted(), expected.sorted(), "shard \(k)/3")
            XCTAssertTrue(result.stderr.contains("batch: \(expected.count) of \(expected.count) rows written (shard \(k)/3 of 7 rows)"),
                          result.stderr)
        }
        XCTAssertEqual(written.keys.sorted(), (1...7).map { "r\($0).png" }.sorted())
        XCTAssertEqual(Set(written.values), [1])
    }

    func testBadRowIsReportedAndTheOthersRender() throws {
        try write("rows.csv", "id,photo\na,quadrants.png\nb,missing.png\nc,stripes.png\n")
        let result = try runCollage(["batch", "card.yaml", "--data", "rows.csv", "-o", "out/${id}.png"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(exists("out/a.png"))
        XCTAssertFalse(exists("out/b.png"))
        XCTAssertTrue(exists("out/c.png"))
        XCTAssertTrue(result.stderr.contains("row 2 (rows.csv:3): failed (out/b.png)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("card.yaml:4:10: error: photo file not found: 'photos/missing.png'"), result.stderr)
        // The diagnostic names the row's cell that made the value.
        XCTAssertTrue(result.stderr.contains("note: ${photo} is \"missing.png\" in row 2 (rows.csv:3)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("batch: 2 of 3 rows written; 1 failed: row 2 in "), result.stderr)
    }

    /// A value that comes from a row's cell, quoted or not, names the cell's
    /// row and data line; one that `--set` overrides does not.
    func testFailedRowNamesTheCellThatMadeTheValue() throws {
        try write("t.yaml", "version: 1\ncanvas: {width: \"${w}\", height: 30}\nphotos: [photos/quadrants.png]\n"
                  + "overlays:\n  - text: hi\n    opacity: ${op}\n")
        try write("rows.csv", "w,op\n40,0.5\nabc,7\n")
        let result = try runCollage(["batch", "t.yaml", "--data", "rows.csv", "-o", "o${row}.png"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("row 2 (rows.csv:3): failed (o2.png)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("note: ${w} is \"abc\" in row 2 (rows.csv:3)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("note: ${op} is \"7\" in row 2 (rows.csv:3)"), result.stderr)
        let overridden = try runCollage(["batch", "t.yaml", "--data", "rows.csv", "-o", "o${row}.png", "--set", "op=2"],
                                        in: directory)
        XCTAssertTrue(overridden.stderr.contains("'opacity' must be a fraction from 0 to 1; found 2"), overridden.stderr)
        XCTAssertFalse(overridden.stderr.contains("${op} is"), overridden.stderr)
    }

    /// `--set` wins over the row, the row over the template's `vars`; `${row}` numbers data rows from 1.
    func testVariablePrecedenceAndRowNumber() throws {
        try write("rows.json", ##"[{"bg": "#ff0000"}, {"photo": "stripes.png"}]"##)
        XCTAssertEqual(try runCollage(["batch", "card.yaml", "--data", "rows.json", "-o", "plain-${row}.png"],
                                      in: directory).status, 0)
        XCTAssertEqual(try pixel("plain-1.png", 1, 1), Color(red: 255, green: 0, blue: 0), "row beats vars")
        XCTAssertEqual(try pixel("plain-2.png", 1, 1), Color(red: 0, green: 0, blue: 0), "vars when the row is silent")
        let result = try runCollage(["batch", "card.yaml", "--data", "rows.json", "-o", "set-${row}.png",
                                     "--set", "bg=#0000ff"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try pixel("set-1.png", 1, 1), Color(red: 0, green: 0, blue: 255), "--set beats the row")
        XCTAssertEqual(try pixel("set-2.png", 1, 1), Color(red: 0, green: 0, blue: 255))
    }

    func testYAMLRowsAndLocatedDataErrors() throws {
        try write("rows.yaml", "- {id: one}\n- {id: two, photo: stripes.png}\n")
        XCTAssertEqual(try runCollage(["batch", "card.yaml", "--data", "rows.yaml", "-o", "${id}.png"], in: directory).status, 0)
        XCTAssertTrue(exists("one.png") && exists("two.png"))
        try write("bad.yaml", "- {id: one}\n- [not, a, row]\n")
        let bad = try runCollage(["batch", "card.yaml", "--data", "bad.yaml", "-o", "${id}.png"], in: directory)
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("bad.yaml:2:3: error: expected a row: a mapping of variable names to values"), bad.stderr)
        try write("bad.csv", "id,photo\na,\"unclosed\n")
        let csv = try runCollage(["batch", "card.yaml", "--data", "bad.csv", "-o", "${id}.png"], in: directory)
        XCTAssertEqual(csv.status, 1)
        XCTAssertTrue(csv.stderr.contains("bad.csv:2:3: error: a quoted field opened here is never closed"), csv.stderr)
    }

    func testDuplicateOutputsAreRefusedBeforeAnythingRenders() throws {
        try write("rows.csv", "id,photo\na,quadrants.png\nb,stripes.png\na,stripes.png\n")
        let result = try runCollage(["batch", "card.yaml", "--data", "rows.csv", "-o", "out/${id}.png"], in: directory)
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("rows 1 and 3 would both write 'out/a.png'"), result.stderr)
        XCTAssertFalse(exists("out"))
        let unknown = try runCollage(["batch", "card.yaml", "--data", "rows.csv", "-o", "${name}.png"], in: directory)
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.contains("row 1: the output path '${name}.png' names ${name}"), unknown.stderr)
    }

    func testOutputEqualToAnInputIsRefused() throws {
        try write("rows.csv", "id,photo\nrows,quadrants.png\n")
        let data = try runCollage(["batch", "card.yaml", "--data", "rows.csv", "-o", "${id}.csv", "--format", "png"], in: directory)
        XCTAssertEqual(data.status, 64)
        XCTAssertTrue(data.stderr.contains("is the batch's input 'rows.csv'"), data.stderr)
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("rows.csv"), encoding: .utf8),
                       "id,photo\nrows,quadrants.png\n")
        // A row whose output is one of its photos fails alone.
        try write("rows2.csv", "id,photo\nphotos/stripes,stripes.png\nok,quadrants.png\n")
        let before = try Data(contentsOf: directory.appendingPathComponent("photos/stripes.png"))
        let photo = try runCollage(["batch", "card.yaml", "--data", "rows2.csv", "-o", "${id}.png"], in: directory)
        XCTAssertEqual(photo.status, 1)
        XCTAssertTrue(photo.stderr.contains("is an input of this document"), photo.stderr)
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("photos/stripes.png")), before)
        XCTAssertTrue(exists("ok.png"))
    }

    func testDepfileHasOneRulePerOutput() throws {
        try write("rows.csv", "id,photo\na,quadrants.png\nb,stripes.png\n")
        let result = try runCollage(["batch", "card.yaml", "--data", "rows.csv", "-o", "${id}.png", "--depfile", "all.d"],
                                    in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("all.d"), encoding: .utf8), """
            a.png: \\
             card.yaml \\
             rows.csv \\
             photos/quadrants.png
            b.png: \\
             card.yaml \\
             rows.csv \\
             photos/stripes.png

            card.yaml:

            rows.csv:

            photos/quadrants.png:

            photos/stripes.png:

            """)
    }

    /// The issue's "done when": 100 rows, two at a time, a correct summary.
    func testHundredRowBatchWithTwoJobs() throws {
        let photos = ["quadrants.png", "stripes.png", "gradient.jpg", "tall.png"]
        let rows = (1...100).map { "c\($0),\(photos[$0 % photos.count])" }.joined(separator: "\n")
        try write("rows.csv", "id,photo\n" + rows + "\n")
        let result = try runCollage(["batch", "card.yaml", "--data", "rows.csv", "-o", "cards/${id}.jpg", "--jobs", "2"],
                                    in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("cards").path)
        XCTAssertEqual(Set(files), Set((1...100).map { "c\($0).jpg" }))
        XCTAssertEqual(result.stderr.components(separatedBy: "\n").filter { $0.hasPrefix("row ") }.count, 100)
        XCTAssertTrue(result.stderr.contains("batch: 100 of 100 rows written in "), result.stderr)
        // Parallel rows give the same bytes as serial ones.
        let serial = try runCollage(["batch", "card.yaml", "--data", "rows.csv", "-o", "serial/${id}.jpg", "--shard", "7/50"],
                                    in: directory)
        XCTAssertEqual(serial.status, 0, serial.stderr)
        for name in ["c7.jpg", "c57.jpg"] {
            XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("serial/\(name)")),
                           try Data(contentsOf: directory.appendingPathComponent("cards/\(name)")))
        }
    }

    func testUsageErrors() throws {
        try write("rows.csv", "id\na\n")
        for arguments in [["batch", "card.yaml", "-o", "x.png"],
                          ["batch", "card.yaml", "--data", "rows.csv"],
                          ["batch", "card.yaml", "--data", "rows.txt", "-o", "x.png"],
                          ["batch", "card.yaml", "--data", "rows.csv", "-o", "${id}.png", "--shard", "4/3"],
                          ["batch", "card.yaml", "--data", "rows.csv", "-o", "${id}.png", "--jobs", "0"]] {
            XCTAssertEqual(try runCollage(arguments, in: directory).status, 64, arguments.joined(separator: " "))
        }
        let missing = try runCollage(["batch", "nope.yaml", "--data", "rows.csv", "-o", "${id}.png"], in: directory)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("error: cannot read document 'nope.yaml': No such file or directory"), missing.stderr)
        let help = try runCollage(["batch", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(String(decoding: help.stdout, as: UTF8.self).contains("$ collage batch card.yaml --data rows.csv"))
    }

    /// On a terminal (a pty from util-linux `script`) the rows show as a
    /// bar redrawn in place instead of one line each.
    func testProgressBarOnATerminal() throws {
        try write("rows.csv", "id,photo\na,quadrants.png\nb,stripes.png\nc,missing.png\nd,tall.png\n")
        let command = "'\(TestPackage.binary.path)' batch card.yaml --data rows.csv -o '${id}.png'"
        let result = try Pipeline.run("/usr/bin/script", ["-qec", command, "/dev/null"], in: directory)
        XCTAssertEqual(result.status, 1, result.output)
        let clear = "\r\u{1B}[K"
        XCTAssertTrue(result.output.contains(clear + "[" + String(repeating: "#", count: 15) + String(repeating: " ", count: 15) + "] 2/4 rows"),
                      result.output)
        XCTAssertTrue(result.output.contains(clear + "[" + String(repeating: "#", count: 30) + "] 4/4 rows, 1 failed"), result.output)
        XCTAssertTrue(result.output.contains("row 3 (rows.csv:4): failed (c.png)"), result.output)
        XCTAssertFalse(result.output.contains("row 1: wrote"), result.output)
    }
}
