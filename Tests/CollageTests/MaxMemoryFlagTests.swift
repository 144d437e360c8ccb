import Foundation
import XCTest
import CollageTestSupport

/// `--max-memory SIZE` (docs/format.md "Memory"): a budget too small for
/// one photo is a render error at the photo's `src` naming what it needs
/// (exit 1, nothing written); a malformed SIZE is a usage error (exit 64);
/// a budget that fits gives the bytes of the default render.
final class MaxMemoryFlagTests: XCTestCase {
    private func document(in directory: URL) throws -> String {
        try SyntheticPhotos.writeAll(into: directory)
        let text = """
            version: 1
            canvas: {width: 1200, height: 900, background: "#ffffff"}
            photos:
              - photos/gradient.jpg
              - photos/quadrants.png
            layout: {kind: grid, columns: 2, gap: 8}
            """
        try Data(text.utf8).write(to: directory.appendingPathComponent("doc.yaml"))
        return "doc.yaml"
    }

    func testABudgetTooSmallForOnePhotoNamesThePhotoAndWhatItNeeds() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        let doc = try document(in: directory)
        let result = try runCollage(["render", doc, "-o", "out.jpg", "--max-memory", "1M"], in: directory)
        XCTAssertEqual(result.status, 1, result.stderr)
        // The lowest-numbered photo that cannot fit: the gradient JPEG, 900 rows of 4800 bytes alone.
        let pattern = #"^doc\.yaml:4:5: error: photo 'photos/gradient\.jpg' needs (\d+) MiB to render \(its decode and the canvas rows it spans\), more than the memory budget of 1 MiB"#
        let first = try XCTUnwrap(result.stderr.split(separator: "\n").first.map(String.init))
        let match = try XCTUnwrap(first.firstMatch(of: try Regex(pattern)), result.stderr)
        let needed = try XCTUnwrap(Int(match.output[1].substring ?? ""))
        XCTAssertGreaterThanOrEqual(needed, 5, "at least its 900 canvas rows of 4800 bytes")
        XCTAssertTrue(result.stderr.contains("raise --max-memory (e.g. --max-memory \(needed + 1)M)"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.jpg").path))
        // The budget as it was given, not rounded up to a MiB.
        for (flag, shown) in [("1K", "1 KiB"), ("1500", "1500 bytes"), ("3MiB", "3 MiB")] {
            let small = try runCollage(["render", doc, "-o", "out.jpg", "--max-memory", flag], in: directory)
            XCTAssertEqual(small.status, 1, small.stderr)
            XCTAssertTrue(small.stderr.contains("more than the memory budget of \(shown)\n"), small.stderr)
        }
        // Enough for it: written, the same bytes as without the flag.
        let capped = try runCollage(["render", doc, "-o", "capped.jpg", "--max-memory", "\(needed + 1)MiB", "--threads", "2"], in: directory)
        XCTAssertEqual(capped.status, 0, capped.stderr)
        let plain = try runCollage(["render", doc, "-o", "plain.jpg"], in: directory)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("capped.jpg")),
                       try Data(contentsOf: directory.appendingPathComponent("plain.jpg")))
    }

    func testAMalformedSizeIsAUsageError() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        let doc = try document(in: directory)
        for size in ["12X", "", "0", "-5M", "1.5G", "M", "99999999999G"] {
            let result = try runCollage(["render", doc, "-o", "out.png", "--max-memory", size], in: directory)
            XCTAssertEqual(result.status, 64, "'\(size)': \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("error: --max-memory takes a size such as 512M, 2G or 300MiB"), result.stderr)
        }
        for command in [["batch", doc, "--data", "-", "-o", "o.png"], ["grid", "photos/quadrants.png", "-o", "g.png"]] {
            let result = try runCollage(command + ["--max-memory", "lots"], in: directory)
            XCTAssertEqual(result.status, 64, "\(command[0]): \(result.stderr)")
        }
    }

    /// `check --max-memory` reports, before any decode, the error `render`
    /// gives with the same flags (with the output format known and
    /// streamed), and accepts the budget render renders with.
    func testCheckReportsTheBudgetErrorRenderGives() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        let doc = try document(in: directory)
        for extra in [[String](), ["--fast"]] {
            let rendered = try runCollage(["render", doc, "-o", "out.jpg", "--max-memory", "1M"] + extra, in: directory)
            let checked = try runCollage(["check", doc, "-o", "out.jpg", "--max-memory", "1M"] + extra, in: directory)
            XCTAssertEqual(rendered.status, 1, rendered.stderr)
            XCTAssertEqual(checked.status, 1, checked.stderr)
            XCTAssertTrue(checked.stderr.hasPrefix("doc.yaml:4:5: error: photo 'photos/gradient.jpg' needs "), checked.stderr)
            XCTAssertEqual(checked.stderr, rendered.stderr, "check and render \(extra) say the same")
            XCTAssertEqual(checked.stdout, Data())
        }
        // PNG on an opaque background streams too; WebP holds the whole canvas and ignores the budget.
        let png = try runCollage(["check", doc, "-o", "out.png", "--max-memory", "1M"], in: directory)
        XCTAssertEqual(png.status, 1, png.stderr)
        let webp = try runCollage(["check", doc, "-o", "out.webp", "--max-memory", "1M"], in: directory)
        XCTAssertEqual(webp.status, 0, webp.stderr)
        XCTAssertEqual(String(decoding: webp.stdout, as: UTF8.self), "doc.yaml: ok\n")
        let roomy = try runCollage(["check", doc, "-o", "out.jpg", "--max-memory", "64M"], in: directory)
        XCTAssertEqual(roomy.status, 0, roomy.stderr)
        XCTAssertEqual(try runCollage(["render", doc, "-o", "out.jpg", "--max-memory", "64M"], in: directory).status, 0)
        let malformed = try runCollage(["check", doc, "--max-memory", "12X"], in: directory)
        XCTAssertEqual(malformed.status, 64, malformed.stderr)
        XCTAssertTrue(malformed.stderr.hasPrefix("error: --max-memory takes a size such as 512M"), malformed.stderr)
    }
}
