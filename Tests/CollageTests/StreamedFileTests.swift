import CollageCodecs
import Foundation
import XCTest
@testable import Collage
import CollageTestSupport

/// A render to a file streams JPEG and PNG to a temporary file beside it as
/// they are encoded (`CollageRenderer.prepareAndWrite`, `PendingFile`): the
/// file must be byte for byte the in-memory encode (`CollageRenderer.encode`)
/// for every format and thread count, appear only when complete, and a
/// failed render must leave neither output nor temporary file.
final class StreamedFileTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
    }

    private func writeDocument(background: String, output: String = "", extraPhoto: String = "") throws -> String {
        let text = """
            version: 1
            canvas: {width: 620, height: 901, background: "\(background)"}
            \(output)
            photos:
              - {src: photos/quadrants.png, frame: {x: 0, y: 0, width: 460, height: 390}}
              - {src: photos/gradient.jpg, frame: {x: 150, y: 290, width: 450, height: 380}, opacity: 0.7}
              - {src: photos/logo.png, frame: {x: 40, y: 670, width: 300, height: 200}}
              - {src: photos/stripes.png, frame: {x: 400, y: 10, width: 200, height: 200}, rotation: 20}
            \(extraPhoto)
            layout: {kind: free}
            """
        let path = directory.appendingPathComponent("doc-\(abs(text.hashValue)).yaml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func temporaryFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") }
    }

    func testStreamedFilesEqualTheInMemoryEncode() throws {
        let cases: [(background: String, output: String, ext: String, check: (inout [UInt8]) -> Void)] = [
            ("#20304a", "", "jpg", { XCTAssertEqual(Array($0.prefix(2)), [0xFF, 0xD8]) }),
            ("#20304a", "output: {progressive: true, quality: 80}", "jpg", { XCTAssertTrue($0.contains(0xC2)) }),
            ("#20304a", "output: {subsampling: 444, dpi: 300}", "jpg", { _ in }),
            ("#20304a", "", "png", { XCTAssertEqual($0[25], 2, "RGB") }),
            ("#20304a80", "", "png", { XCTAssertEqual($0[25], 6, "RGBA") }),
            ("#20304a", "", "webp", { XCTAssertEqual(Array($0[8 ..< 12]), Array("WEBP".utf8)) }),
        ]
        for item in cases {
            let document = try writeDocument(background: item.background, output: item.output)
            let prepared = try CollageRenderer.prepare(documentPath: document)
            for threads in [1, 2, 3] {
                let label = "\(item.background) \(item.output) .\(item.ext) threads \(threads)"
                let output = directory.appendingPathComponent("out-\(threads).\(item.ext)")
                let options = RenderOptions(outputPath: output.path, threads: threads)
                var memory = try CollageRenderer.encode(prepared, inputs: [document], options: options).bytes
                XCTAssertGreaterThan(memory.count, 1000, label)
                item.check(&memory)
                let report = try CollageRenderer.render(documentPath: document, options: options)
                XCTAssertEqual([UInt8](try Data(contentsOf: output)), memory, label)
                XCTAssertEqual(report.byteCount, memory.count, label)
                // The prepared-document path (watch) streams too.
                try FileManager.default.removeItem(at: output)
                _ = try CollageRenderer.render(prepared, inputs: [document], options: options)
                XCTAssertEqual([UInt8](try Data(contentsOf: output)), memory, label)
                XCTAssertEqual(try temporaryFiles(), [], label)
            }
        }
    }

    /// The CLI's render and batch write through the streamed path: the same bytes.
    func testRenderAndBatchCommandsWriteTheInMemoryBytes() throws {
        let document = try writeDocument(background: "#20304a")
        let prepared = try CollageRenderer.prepare(documentPath: document)
        for ext in ["jpg", "png"] {
            let expected = try CollageRenderer.encode(prepared, inputs: [document],
                                                      options: RenderOptions(outputPath: "x.\(ext)", threads: 2)).bytes
            let output = directory.appendingPathComponent("cli.\(ext)")
            let run = try runCollage(["render", document, "-o", output.path, "--threads", "2"])
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual([UInt8](try Data(contentsOf: output)), expected, ext)
            let standardOutput = try runCollage(["render", document, "-o", "-", "--format", ext == "jpg" ? "jpeg" : "png",
                                                 "--threads", "1"])
            XCTAssertEqual([UInt8](standardOutput.stdout), expected, "stdout \(ext)")
        }
        XCTAssertEqual(try temporaryFiles(), [])
    }

    /// A photo that fails to decode near the bottom, after most of the file
    /// was streamed: no output, no temporary file, an existing output unchanged.
    func testAFailedRenderLeavesNoFileAndKeepsTheOldOne() throws {
        let good = try Data(contentsOf: directory.appendingPathComponent("photos/gradient.jpg"))
        try good.prefix(good.count / 3).write(to: directory.appendingPathComponent("photos/cut.jpg"))
        let document = try writeDocument(background: "#20304a",
                                         extraPhoto: "  - {src: photos/cut.jpg, frame: {x: 0, y: 885, width: 16, height: 16}}")
        for ext in ["jpg", "png"] {
            for threads in [1, 2] {
                let fresh = directory.appendingPathComponent("fresh-\(threads).\(ext)")
                let run = try runCollage(["render", document, "-o", fresh.path, "--threads", "\(threads)"])
                XCTAssertEqual(run.status, 1, run.stderr)
                XCTAssertTrue(run.stderr.contains("cannot decode photo 'photos/cut.jpg'"), run.stderr)
                XCTAssertFalse(FileManager.default.fileExists(atPath: fresh.path))
                let existing = directory.appendingPathComponent("existing-\(threads).\(ext)")
                try Data("keep".utf8).write(to: existing)
                XCTAssertEqual(try runCollage(["render", document, "-o", existing.path, "--threads", "\(threads)"]).status, 1)
                XCTAssertEqual(try Data(contentsOf: existing), Data("keep".utf8))
                XCTAssertEqual(try temporaryFiles(), [], "\(ext) threads \(threads)")
            }
        }
    }

    /// The temporary file exists while the render streams into it and
    /// holds the file's head; a pending file dropped unwritten is removed.
    func testAPendingFileIsRemovedUnlessCommitted() throws {
        let target = directory.appendingPathComponent("pending.bin").path
        do {
            let file = try XCTUnwrap(try AtomicFile.pending(target))
            let sink = file.sink()
            sink.append([1, 2, 3])
            sink.flush()
            XCTAssertEqual(file.byteCount, 3)
            let temporary = try temporaryFiles()
            XCTAssertEqual(temporary.count, 1)
            XCTAssertTrue(temporary[0].hasPrefix(".pending.bin.tmp-"), temporary[0])
            XCTAssertEqual([UInt8](try Data(contentsOf: directory.appendingPathComponent(temporary[0]))), [1, 2, 3])
            XCTAssertFalse(FileManager.default.fileExists(atPath: target))
        }
        XCTAssertEqual(try temporaryFiles(), [], "released without commit: removed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: target))
        let file = try XCTUnwrap(try AtomicFile.pending(target))
        let sink = file.sink()
        sink.append([7])
        sink.flush()
        try file.commit()
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: target))), [7])
        XCTAssertEqual(try temporaryFiles(), [])
        // A device is written whole, not through a pending file.
        XCTAssertNil(try AtomicFile.pending("/dev/null"))
    }
}
