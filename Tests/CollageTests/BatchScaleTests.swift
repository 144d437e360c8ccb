import Foundation
import XCTest

/// Issue 20 (`--shard auto`, `--report`, `--skip-unchanged`) and issue 13's
/// batch items (`--data -`, every output checked before any row renders),
/// through the `collage` binary.
final class BatchScaleTests: XCTestCase, PhotoFolderTest {
    var directory: URL!

    override func setUpWithError() throws {
        try makePhotoFolder()
        try write("card.yaml", Self.batchCard)
    }

    func files(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url(folder).path).filter { !$0.hasPrefix(".") }.sorted()
    }

    func batch(_ extra: [String], environment: [String: String] = [:], stdin: Data? = nil) throws -> CommandResult {
        try runCollage(["batch", "card.yaml"] + extra, in: directory, stdin: stdin, environment: environment)
    }

    // MARK: --shard auto

    /// Seven rows over each runner's shards: every row written exactly once.
    func testShardAutoCoversEveryRowOnceUnderEachRunner() throws {
        try write("rows.csv", "id,photo\n" + (1...7).map { "r\($0),stripes.png" }.joined(separator: "\n") + "\n")
        let kubernetes = (0..<3).map { (["JOB_COMPLETION_INDEX": "\($0)"], "auto/3") }
        let kubernetesCount = (0..<3).map { (["JOB_COMPLETION_INDEX": "\($0)", "COLLAGE_SHARD_COUNT": "3"], "auto") }
        // sbatch --array=5-17:4 runs tasks 5, 9, 13 and 17.
        let slurm = stride(from: 5, through: 17, by: 4).map {
            (["SLURM_ARRAY_TASK_ID": "\($0)", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_MAX": "17",
              "SLURM_ARRAY_TASK_STEP": "4", "SLURM_ARRAY_TASK_COUNT": "4"], "auto")
        }
        let generic = (0..<2).map { (["COLLAGE_SHARD_INDEX": "\($0)", "COLLAGE_SHARD_COUNT": "2"], "auto") }
        for (runner, shards) in [("kubernetes", kubernetes), ("kubernetes-count", kubernetesCount),
                                 ("slurm", slurm), ("generic", generic)] {
            var written: [String: Int] = [:]
            for (k, (environment, argument)) in shards.enumerated() {
                let result = try batch(["--data", "rows.csv", "-o", "\(runner)/\(k)/${id}.png", "--shard", argument],
                                       environment: environment)
                XCTAssertEqual(result.status, 0, "\(runner) \(environment): \(result.stderr)")
                let expected = (1...7).filter { ($0 - 1) % shards.count == k }.map { "r\($0).png" }
                let got = (try? files(in: "\(runner)/\(k)")) ?? []
                XCTAssertEqual(got, expected.sorted(), "\(runner) shard index \(k)")
                XCTAssertTrue(result.stderr.contains("(shard \(k + 1)/\(shards.count) of 7 rows, from "), result.stderr)
                for file in got { written[file, default: 0] += 1 }
            }
            XCTAssertEqual(written.keys.sorted(), (1...7).map { "r\($0).png" }.sorted(), runner)
            XCTAssertEqual(Set(written.values), [1], runner)
        }
    }

    func testShardAutoUsageErrors() throws {
        try write("rows.csv", "id\na\n")
        let none = try batch(["--data", "rows.csv", "-o", "${id}.png", "--shard", "auto"])
        XCTAssertEqual(none.status, 64)
        for name in ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "COLLAGE_SHARD_INDEX", "COLLAGE_SHARD_COUNT"] {
            XCTAssertTrue(none.stderr.contains(name), none.stderr)
        }
        for (environment, argument, message) in [
            (["JOB_COMPLETION_INDEX": "0"], "auto", "--shard auto needs the shard count"),
            (["JOB_COMPLETION_INDEX": "3"], "auto/3", "gives shard index 3 (from 0), but there are only 3 shards"),
            (["JOB_COMPLETION_INDEX": "x"], "auto/3", "JOB_COMPLETION_INDEX='x' is not a whole number"),
            (["COLLAGE_SHARD_INDEX": "0", "COLLAGE_SHARD_COUNT": "2"], "auto/3", "--shard auto/3 disagrees with COLLAGE_SHARD_COUNT=2"),
            (["SLURM_ARRAY_TASK_ID": "6", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_STEP": "4",
              "SLURM_ARRAY_TASK_COUNT": "4"], "auto", "is not SLURM_ARRAY_TASK_MIN=5 plus a multiple of SLURM_ARRAY_TASK_STEP=4"),
        ] {
            let result = try batch(["--data", "rows.csv", "-o", "${id}.png", "--shard", argument], environment: environment)
            XCTAssertEqual(result.status, 64, "\(environment)")
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: url("a.png").path))
    }

    // MARK: --report

    /// Every row has a line, failed rows included, each a JSON object with
    /// the documented keys; `${shard}` names the shard's file.
    func testReportLinesAreJSONAndCountEveryRow() throws {
        try write("rows.csv", "id,photo\na,quadrants.png\nb,missing.png\nc,stripes.png\n\"d \"\"q\"\"\",tall.png\n")
        let result = try batch(["--data", "rows.csv", "-o", "out/${row}.png", "--report", "report-${shard}.jsonl"])
        XCTAssertEqual(result.status, 1, "exit code as documented: a row failed")
        let text = try String(contentsOf: url("report-1.jsonl"), encoding: .utf8)
        XCTAssertTrue(text.hasSuffix("\n"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.count, 4)
        var objects: [[String: Any]] = []
        for line in lines {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
            XCTAssertEqual(Set(object.keys), ["row", "id", "output", "status", "ms", "inputs", "error"])
            objects.append(object)
        }
        XCTAssertEqual(objects.map { $0["row"] as? Int }, [1, 2, 3, 4])
        XCTAssertEqual(objects.map { $0["id"] as? String }, ["a", "b", "c", "d \"q\""])
        XCTAssertEqual(objects.map { $0["status"] as? String }, ["ok", "failed", "ok", "ok"])
        XCTAssertEqual(objects.map { $0["output"] as? String }, ["out/1.png", "out/2.png", "out/3.png", "out/4.png"])
        XCTAssertEqual(objects[0]["inputs"] as? [String], ["photos/quadrants.png"])
        XCTAssertTrue(objects[0]["error"] is NSNull)
        XCTAssertNotNil(objects[0]["ms"] as? Int)
        let error = try XCTUnwrap(objects[1]["error"] as? [String: Any])
        XCTAssertEqual(error["kind"] as? String, "missingFile")
        XCTAssertEqual(error["message"] as? String, "photo file not found: 'photos/missing.png'")
        XCTAssertEqual(error["file"] as? String, "card.yaml")
        XCTAssertEqual(error["line"] as? Int, 4)
        XCTAssertEqual(error["column"] as? Int, 10)

        // One file per shard; the shard's K names it.
        let shard = try batch(["--data", "rows.csv", "-o", "s/${row}.png", "--report", "report-${shard}.jsonl", "--shard", "2/2"])
        XCTAssertEqual(shard.status, 1)
        let shardLines = try String(contentsOf: url("report-2.jsonl"), encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(shardLines.count, 2)
        XCTAssertEqual(try shardLines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .map { $0?["row"] as? Int }, [2, 4])
    }

    func testReportInAMissingFolderIsRefusedBeforeRendering() throws {
        try write("rows.csv", "id\na\n")
        let result = try batch(["--data", "rows.csv", "-o", "out/${id}.png", "--report", "nope/report.jsonl"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("cannot write report 'nope/report.jsonl': the folder 'nope' does not exist"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url("out").path))
    }

    // MARK: --skip-unchanged

    func testSkipUnchangedRendersOnlyWhatChanged() throws {
        try write("rows.csv", "id,photo,bg\na,quadrants.png,#000000\nb,stripes.png,#000000\nc,tall.png,#000000\n")
        let arguments = ["--data", "rows.csv", "-o", "out/${id}.png", "--skip-unchanged", "--report", "report.jsonl"]
        func statuses() throws -> [String] {
            try String(contentsOf: url("report.jsonl"), encoding: .utf8).split(separator: "\n").map {
                try XCTUnwrap((try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["status"] as? String)
            }
        }
        let first = try batch(arguments)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stderr.contains("batch: 3 of 3 rows written in "), first.stderr)
        XCTAssertEqual(try statuses(), ["ok", "ok", "ok"])
        let stamps = try String(contentsOf: url("out/.collage-stamps"), encoding: .utf8)
        XCTAssertEqual(stamps.split(separator: "\n").map { String($0.split(separator: " ")[1]) }, ["a.png", "b.png", "c.png"])
        // The stamp is not in the image: the bytes are a plain render's.
        XCTAssertEqual(try batch(["--data", "rows.csv", "-o", "plain/${id}.png"]).status, 0)
        for name in ["a.png", "b.png", "c.png"] {
            XCTAssertEqual(try Data(contentsOf: url("out/" + name)), try Data(contentsOf: url("plain/" + name)))
        }

        // A second run renders nothing.
        let second = try batch(arguments)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stderr.contains("batch: 0 of 3 rows written, 3 unchanged in "), second.stderr)
        XCTAssertEqual(try statuses(), ["skipped", "skipped", "skipped"])

        // Touching one row's photo re-renders that row.
        let later = Date(timeIntervalSinceNow: 100)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: url("photos/stripes.png").path)
        let touched = try batch(arguments)
        XCTAssertEqual(touched.status, 0, touched.stderr)
        XCTAssertTrue(touched.stderr.contains("batch: 1 of 3 rows written, 2 unchanged in "), touched.stderr)
        XCTAssertEqual(try statuses(), ["skipped", "ok", "skipped"])

        // Editing one CSV row re-renders only that row.
        try write("rows.csv", "id,photo,bg\na,quadrants.png,#000000\nb,stripes.png,#000000\nc,tall.png,#ff0000\n")
        let edited = try batch(arguments)
        XCTAssertEqual(edited.status, 0, edited.stderr)
        XCTAssertEqual(try statuses(), ["skipped", "skipped", "ok"])
        XCTAssertTrue(edited.stderr.contains("row 3: wrote out/c.png"), edited.stderr)

        // A missing output is rendered again; so is every row under other settings.
        try FileManager.default.removeItem(at: url("out/a.png"))
        XCTAssertEqual(try batch(arguments).status, 0)
        XCTAssertEqual(try statuses(), ["ok", "skipped", "skipped"])
        XCTAssertEqual(try batch(arguments + ["--set", "bg=#00ff00"]).status, 0)
        XCTAssertEqual(try statuses(), ["ok", "ok", "ok"])
        // A column the template does not use changes nothing.
        try write("rows.csv", "id,photo,bg,note\na,quadrants.png,#000000,x\nb,stripes.png,#000000,y\nc,tall.png,#ff0000,z\n")
        XCTAssertEqual(try batch(arguments + ["--set", "bg=#00ff00"]).status, 0)
        XCTAssertEqual(try statuses(), ["skipped", "skipped", "skipped"])
    }

    // MARK: --data -

    func testRowsFromStandardInput() throws {
        let csv = try batch(["--data", "-", "-o", "csv/${id}.png"], stdin: Data("id,photo\na,quadrants.png\nb,stripes.png\n".utf8))
        XCTAssertEqual(csv.status, 0, csv.stderr)
        XCTAssertEqual(try files(in: "csv"), ["a.png", "b.png"])
        let json = try batch(["--data", "-", "-o", "json/${id}.png"],
                             stdin: Data(##"  [{"id": "x", "bg": "#ff0000"}, {"id": "y"}]"##.utf8))
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertEqual(try files(in: "json"), ["x.png", "y.png"])
        let yaml = try batch(["--data", "-", "-o", "yaml/${id}.png"], stdin: Data("# rows\n- {id: one}\n- {id: two}\n".utf8))
        XCTAssertEqual(yaml.status, 0, yaml.stderr)
        XCTAssertEqual(try files(in: "yaml"), ["one.png", "two.png"])
        let bad = try batch(["--data", "-", "-o", "bad/${id}.png"], stdin: Data("id,photo\na,\"unclosed\n".utf8))
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("<stdin>:2:3: error: a quoted field opened here is never closed"), bad.stderr)
        // The depfile names no file for standard input.
        let dep = try batch(["--data", "-", "-o", "dep/${id}.png", "--depfile", "dep.d"], stdin: Data("id\na\n".utf8))
        XCTAssertEqual(dep.status, 0, dep.stderr)
        XCTAssertEqual(try String(contentsOf: url("dep.d"), encoding: .utf8),
                       "dep/a.png: \\\n card.yaml \\\n photos/quadrants.png\n\ncard.yaml:\n\nphotos/quadrants.png:\n")
    }

    // MARK: outputs checked first

    /// A row whose output cannot be written stops the batch before any row
    /// renders; missing folders are still created (after the check).
    func testEveryOutputIsCheckedBeforeAnyRowRenders() throws {
        try write("blocker", "a file, not a folder\n")
        try FileManager.default.createDirectory(at: url("taken.png"), withIntermediateDirectories: true)
        try write("rows.csv", "id,dir\na,new/deep\nb,blocker/sub\nc,blocker/sub\nd,.\n")
        let result = try batch(["--data", "rows.csv", "-o", "${dir}/${id}.png"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains(
            "error: row 2: cannot write 'blocker/sub/b.png': 'blocker' is not a folder (and 1 more row in that folder); nothing was rendered"),
            result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url("new").path), "no row rendered, no folder created")
        XCTAssertFalse(FileManager.default.fileExists(atPath: url("d.png").path))

        try write("rows2.csv", "id\ntaken\nfine\n")
        let folder = try batch(["--data", "rows2.csv", "-o", "${id}.png"])
        XCTAssertEqual(folder.status, 1)
        XCTAssertTrue(folder.stderr.contains("row 1: cannot write 'taken.png': the output 'taken.png' is a folder"), folder.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url("fine.png").path))

        try write("rows3.csv", "id,dir\na,new/deep\nd,.\n")
        let good = try batch(["--data", "rows3.csv", "-o", "${dir}/${id}.png"])
        XCTAssertEqual(good.status, 0, good.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: url("new/deep/a.png").path))
    }
}
