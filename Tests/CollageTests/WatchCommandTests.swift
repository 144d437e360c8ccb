import CollageCodecs
import CollageRaster
import Foundation
import XCTest

/// `collage watch`: started, edited, observed and killed within bounded time.
final class WatchCommandTests: XCTestCase, PhotoFolderTest {
    var directory: URL!

    override func setUpWithError() throws {
        try makePhotoFolder()
    }

    func write(_ name: String, _ text: String) throws {
        // Written as editors do: a new file renamed over the old one.
        let temporary = directory.appendingPathComponent(".\(name).swp")
        try Data(text.utf8).write(to: temporary)
        _ = rename(temporary.path, directory.appendingPathComponent(name).path)
    }

    func document(background: String) -> String {
        "version: 1\ncanvas: {width: 60, height: 40, background: \"\(background)\"}\nphotos: [photos/quadrants.png]\nlayout: {kind: auto, padding: 10}\n"
    }

    func corner() -> Color? {
        guard let image = try? ImageDecoder.decode(path: directory.appendingPathComponent("out.png").path) else { return nil }
        return image[1, 1]
    }

    func testRerendersOnDocumentAndPhotoChangesAndSurvivesErrors() throws {
        try write("doc.yaml", document(background: "#ff0000"))
        let log = directory.appendingPathComponent("watch.log")
        let process = try startWatch("doc.yaml", output: "out.png", in: directory, log: log)
        defer {
            if process.isRunning { process.terminate(); process.waitUntilExit() }
        }
        func logText() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

        XCTAssertTrue(waitUntil(20) { corner() == Color(red: 255, green: 0, blue: 0) }, logText())
        try write("doc.yaml", document(background: "#0000ff"))
        XCTAssertTrue(waitUntil(20) { corner() == Color(red: 0, green: 0, blue: 255) }, logText())

        // An error is printed; the process goes on and the output keeps its last good image.
        try write("doc.yaml", "version: 1\nphotos: [photos/missing.png]\n")
        XCTAssertTrue(waitUntil(20) { logText().contains("doc.yaml:2:10: error: photo file not found") }, logText())
        XCTAssertTrue(process.isRunning)
        XCTAssertEqual(corner(), Color(red: 0, green: 0, blue: 255))

        try write("doc.yaml", document(background: "#00ff00"))
        XCTAssertTrue(waitUntil(20) { corner() == Color(red: 0, green: 255, blue: 0) }, logText())

        // A photo the document uses is a dependency too.
        let before = try Data(contentsOf: directory.appendingPathComponent("out.png"))
        try Data(try ImageEncoder.encode(Pixmap(width: 40, height: 20, color: Color(red: 10, green: 20, blue: 30)), as: .png))
            .write(to: directory.appendingPathComponent("photos/quadrants.png"))
        XCTAssertTrue(waitUntil(20) {
            guard let image = try? ImageDecoder.decode(path: directory.appendingPathComponent("out.png").path) else { return false }
            return image[30, 20] == Color(red: 10, green: 20, blue: 30)
        }, logText())
        XCTAssertNotEqual(try Data(contentsOf: directory.appendingPathComponent("out.png")), before)

        process.terminate()
        process.waitUntilExit()
        XCTAssertTrue(logText().contains("watch: wrote out.png in "), logText())
    }

    /// A document of several pages is watched one page at a time, as the
    /// log says: page 1, or the page `--set page=N` names.
    func testAMultiPageDocumentWatchesOnePageAndSaysSo() throws {
        try Data(try ImageEncoder.encode(Pixmap(width: 40, height: 20, color: Color(red: 0, green: 0, blue: 255)), as: .png))
            .write(to: directory.appendingPathComponent("photos/blue.png"))
        try write("pages.yaml", """
        version: 1
        canvas: {width: 60, height: 40, background: "#ff0000"}
        layout: {kind: auto, padding: 10}
        pages:
          - photos: [photos/quadrants.png]
          - photos: [photos/blue.png]
        """)
        for (extra, page, expected) in [([String](), 1, nil as Color?), (["--set", "page=2"], 2, Color(red: 0, green: 0, blue: 255))] {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent("out.png"))
            let log = directory.appendingPathComponent("watch-\(page).log")
            let process = try startWatch("pages.yaml", output: "out.png", in: directory, log: log, extra: extra)
            defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
            func logText() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
            XCTAssertTrue(waitUntil(20) { logText().contains("watch: wrote out.png") }, logText())
            XCTAssertEqual(logText().contains("watch: pages.yaml has 2 pages; watching page 1 (choose another with --set page=N)"),
                           page == 1, logText())
            let image = try ImageDecoder.decode(path: directory.appendingPathComponent("out.png").path)
            if let expected {
                XCTAssertEqual(image[30, 20], expected)
            } else {
                XCTAssertNotEqual(image[30, 20], Color(red: 0, green: 0, blue: 255))
                XCTAssertNotEqual(image[30, 20], Color(red: 255, green: 0, blue: 0))
            }
            process.terminate()
            process.waitUntilExit()
        }
    }

    func testUsageErrors() throws {
        XCTAssertEqual(try runCollage(["watch", "doc.yaml"], in: directory).status, 64)
        XCTAssertEqual(try runCollage(["watch", "-", "-o", "x.png"], in: directory).status, 64)
        XCTAssertEqual(try runCollage(["watch", "doc.yaml", "-o", "-"], in: directory).status, 64)
        // A document with variants is watched as one: --variant is required, OUT holds no placeholder.
        try write("variants.yaml", document(background: "#ff0000")
                  + "variants: {a: {width: 30, height: 20}, b: {width: 60, height: 40}}\n")
        let none = try runCollage(["watch", "variants.yaml", "-o", "x.png"], in: directory)
        XCTAssertEqual(none.status, 64)
        XCTAssertTrue(none.stderr.contains("variants.yaml has variants (a, b): pass --variant NAME for one"), none.stderr)
        XCTAssertEqual(try runCollage(["watch", "variants.yaml", "-o", "x-${variant}.png", "--variant", "a"], in: directory).status, 64)
        XCTAssertEqual(try runCollage(["watch", "variants.yaml", "-o", "x.png", "--variant", "a", "--set", "variant=b"],
                                      in: directory).status, 64)
        let help = try runCollage(["watch", "--help"])
        XCTAssertTrue(String(decoding: help.stdout, as: UTF8.self).contains("$ collage watch trip.yaml -o preview.jpg"))
    }

    /// `--port` and `--editor` belong to `--serve` (usage errors without it);
    /// a port already listened on is exit 1 before anything is rendered.
    /// The preview itself is checked in a browser by scripts/check-preview.
    func testPreviewFlagsNeedServeAndATakenPortIsExitOne() throws {
        try write("doc.yaml", document(background: "#ff0000"))
        for (arguments, message) in [
            (["--port", "3000"], "error: --port is the live preview's port: add --serve\n"),
            (["--editor", "code -g {file}:{line}"], "error: --editor is run from the live preview: add --serve\n"),
            (["--serve", "--port", "70000"], "error: --port takes a port from 0 to 65535 (0: any free port), not '70000'\n"),
            (["--serve", "--editor", "code 'x"], "error: --editor has an unclosed ' quote\n"),
            (["--serve", "--editor", "no-such-editor-xyz {file}"],
             "error: --editor: 'no-such-editor-xyz' is not found on PATH; install it or give its full path\n"),
            (["--serve", "--editor", "./doc.yaml {file}"], "error: --editor: './doc.yaml' is not an executable file\n"),
            (["--serve", "--editor", "./ {file}"], "error: --editor: './' is not an executable file\n"),
        ] {
            let result = try runCollage(["watch", "doc.yaml", "-o", "out.png"] + arguments, in: directory)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix(message), result.stderr)
        }
        // The preview reads OUT back: a device would give nothing (or block, a FIFO).
        let device = try runCollage(["watch", "doc.yaml", "-o", "/dev/null", "--format", "png", "--serve", "--port", "0"], in: directory)
        XCTAssertEqual(device.status, 64, device.stderr)
        XCTAssertTrue(device.stderr.hasPrefix("error: watch --serve shows OUT as written: -o '/dev/null' must be a regular file"),
                      device.stderr)
        // An OUT no edit of the document can fix ends the watch at once.
        let missing = try runCollage(["watch", "doc.yaml", "-o", "no-such-folder/out.png"], in: directory)
        XCTAssertEqual(missing.status, 1, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("the folder 'no-such-folder' does not exist; create it first (mkdir -p no-such-folder)"),
                      missing.stderr)
        XCTAssertEqual(try runCollage(["watch", "doc.yaml", "-o", "photos"], in: directory).status, 64)
        // The page shows OUT as an image: not a PDF.
        let pdf = try runCollage(["watch", "doc.yaml", "-o", "out.pdf", "--serve", "--port", "0"], in: directory)
        XCTAssertEqual(pdf.status, 64, pdf.stderr)
        XCTAssertTrue(pdf.stderr.hasPrefix("error: watch --serve shows OUT in the browser as an image: -o 'out.pdf' is PDF; "
                                           + "watch a jpeg|png|webp|avif file, or drop --serve"), pdf.stderr)
        // A loopback port taken by this test.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        XCTAssertTrue(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let taken = try runCollage(["watch", "doc.yaml", "-o", "out.png", "--serve", "--port", String(port)], in: directory)
        XCTAssertEqual(taken.status, 1)
        XCTAssertEqual(taken.stderr, "error: cannot serve the preview: cannot listen on '127.0.0.1:\(port)': Address already in use\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.png").path))
    }
}
