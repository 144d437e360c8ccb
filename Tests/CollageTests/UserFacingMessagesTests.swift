import Foundation
import XCTest
import CollageCodecs
import CollageTestSupport

/// Messages a first-time user meets, through the binary: exact text and exit
/// codes (the defects of the fresh-user QA run).
final class UserFacingMessagesTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
    }

    private func write(_ text: String, _ name: String) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }

    private func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path)
    }

    func testBinaryDocumentNeverEchoesControlBytes() throws {
        try Data([0x01, 0x1B, 0x5B, 0x33, 0x31, 0x6D, 0x07, 0x0A]).write(to: directory.appendingPathComponent("bin.yaml"))
        let result = try runCollage(["check", "bin.yaml"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertFalse(result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, result.stderr)
        XCTAssertTrue(result.stderr.contains("\n\\x01\\x1B[31m\\x07\n^\n"), result.stderr)
    }

    func testAPhotoGivenAsTheDocumentIsRecognised() throws {
        let result = try runCollage(["render", "photos/gradient.jpg", "-o", "out.png"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: cannot read document 'photos/gradient.jpg': this looks like an image (JPEG), "
                       + "not a document; give a .yaml or .json collage document that lists the photo under 'photos:'\n")
        XCTAssertFalse(exists("out.png"))
    }

    func testALongSourceLineIsQuotedAsAWindow() throws {
        try write("version: 1\ncanvas: {width: 100, height: 100, background: \"" + String(repeating: "z", count: 200_000) + "\"}\n"
                  + "photos: [photos/quadrants.png]\n", "long.yaml")
        let result = try runCollage(["check", "long.yaml"], in: directory)
        XCTAssertEqual(result.status, 1)
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertTrue(lines[0].hasPrefix("long.yaml:2:47: error:"), result.stderr)
        XCTAssertEqual(lines[1], "canvas: {width: 100, height: 100, background: \"" + String(repeating: "z", count: 73) + "…")
        XCTAssertEqual(lines[2], String(repeating: " ", count: 46) + "^")
    }

    func testUnquotedHashColourInAFlowMappingIsPointedAt() throws {
        try write("version: 1\ncanvas: {width: 100, height: 100,\n  background: #fff}\nphotos: [photos/quadrants.png]\n",
                  "hash.yaml")
        let result = try runCollage(["check", "hash.yaml"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, """
            hash.yaml:3:15: error: syntax error: this '#' starts a comment, which hides the rest of the line and the closing bracket
              background: #fff}
                          ^
            note: an unquoted '#' starts a comment in YAML: quote the colour, e.g. "#ffffff"
            note: while parsing a flow mapping at hash.yaml:2:9

            """)
    }

    /// `{width: ${w}}`: inside a flow collection the `{` of `${` opens a
    /// mapping; the error points at the variable and shows it quoted.
    func testUnquotedVariableInAFlowMappingIsPointedAt() throws {
        try write("version: 1\ncanvas: {width: ${w}, height: 100}\nphotos: [photos/quadrants.png]\n", "var.yaml")
        let result = try runCollage(["check", "var.yaml", "--set", "w=100"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, """
            var.yaml:2:17: error: syntax error: an unquoted variable inside { } or [ ] starts a new mapping at its '{'
            canvas: {width: ${w}, height: 100}
                            ^
            note: quote the value: "${w}"
            note: while parsing a flow mapping at var.yaml:2:9

            """)
    }

    func testCommentsInJSONAreReportedWhereTheyAre() throws {
        try write("{\n  \"version\": 1, /* v */\n  \"canvas\": {\"width\": 100, \"height\": 100},\n"
                  + "  \"photos\": [\"photos/quadrants.png\"] // one\n}\n", "c.json")
        let result = try runCollage(["check", "c.json"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, """
            c.json:2:17: error: JSON does not allow comments
              "version": 1, /* v */
                            ^
            note: remove the comment, or write the document in YAML, where comments start with '#'
            c.json:4:38: error: JSON does not allow comments
              "photos": ["photos/quadrants.png"] // one
                                                 ^
            note: remove the comment, or write the document in YAML, where comments start with '#'

            """)
    }

    func testAURLInAYAMLFlowDocumentIsNotAComment() throws {
        try write("{version: 1, canvas: {width: 40, height: 40}, photos: [photos/quadrants.png],\n"
                  + " vars: {site: http://example.org/a}}\n", "flow.yaml")
        let result = try runCollage(["check", "flow.yaml"], in: directory)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.status, 0)
    }

    func testTrailingCommaInJSONIsAWarningAndAnErrorUnderStrict() throws {
        try write("{\"version\": 1, \"canvas\": {\"width\": 100, \"height\": 100},\n"
                  + " \"photos\": [\"photos/quadrants.png\",]}\n", "t.json")
        let warning = """
            t.json:2:35: warning: not strict JSON: trailing comma
             "photos": ["photos/quadrants.png",]}
                                              ^

            """
        let lenient = try runCollage(["render", "t.json", "-o", "t.png"], in: directory)
        XCTAssertEqual(lenient.status, 0, lenient.stderr)
        XCTAssertEqual(lenient.stderr, warning)
        XCTAssertTrue(exists("t.png"))
        let strict = try runCollage(["render", "--strict", "t.json", "-o", "strict.png"], in: directory)
        XCTAssertEqual(strict.status, 1)
        XCTAssertEqual(strict.stderr, warning.replacingOccurrences(of: "warning:", with: "error:")
                       + "note: this warning is an error because of --strict\n")
        XCTAssertFalse(exists("strict.png"))
    }

    func testWatchingADocumentThatDoesNotExistExits1() throws {
        let process = Process()
        process.executableURL = TestPackage.binary
        process.arguments = ["watch", "nofile.yaml", "-o", "w.png"]
        process.currentDirectoryURL = directory
        let err = Pipe()
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "watch kept waiting for a file that does not exist")
        XCTAssertEqual(process.terminationStatus, 1)
        XCTAssertEqual(String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                       "error: cannot watch 'nofile.yaml': no such file\n")
    }

    func testGridAndConvertNamePhotosWithoutAFakeLocation() throws {
        try Data("not an image\n".utf8).write(to: directory.appendingPathComponent("bad.jpg"))
        let missing = try runCollage(["grid", "nope.jpg", "photos/quadrants.png", "-o", "g.png"], in: directory)
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "error: collage grid: photo 'nope.jpg': no such file\n")
        let unreadable = try runCollage(["grid", "photos/quadrants.png", "bad.jpg", "-o", "g.png"], in: directory)
        XCTAssertEqual(unreadable.status, 1)
        XCTAssertTrue(unreadable.stderr.hasPrefix("error: collage grid: photo 'bad.jpg': not a supported image format"),
                      unreadable.stderr)
        XCTAssertFalse(unreadable.stderr.contains("<command line>"), unreadable.stderr)
        let grid = try runCollage(["grid", "photos/quadrants.png", "photos/stripes.png", "-o", "photos/quadrants.png"],
                                  in: directory)
        XCTAssertEqual(grid.status, 64)
        XCTAssertEqual(grid.stderr, "error: the output 'photos/quadrants.png' is one of the input photos; "
                       + "choose another output path\nsee `collage grid --help`\n")
        let convert = try runCollage(["convert", "photos/quadrants.png", "-o", "photos/quadrants.png"], in: directory)
        XCTAssertEqual(convert.status, 64)
        XCTAssertEqual(convert.stderr, "error: the output 'photos/quadrants.png' is one of the input photos; "
                       + "choose another output path\nsee `collage convert --help`\n")
    }

    func testErrorsSayWhatToDoNext() throws {
        try write("version: 1\ncanvas: {width: 40, height: 40}\nphotos: [photos/quadrants.png]\n", "doc.yaml")
        let noFolder = try runCollage(["render", "doc.yaml", "-o", "nodir/sub/o.png"], in: directory)
        XCTAssertEqual(noFolder.status, 1)
        XCTAssertEqual(noFolder.stderr, "error: cannot write 'nodir/sub/o.png': the folder 'nodir/sub' does not exist; "
                       + "create it first (mkdir -p nodir/sub)\n")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("outdir"), withIntermediateDirectories: false)
        let folder = try runCollage(["render", "doc.yaml", "-o", "outdir"], in: directory)
        XCTAssertEqual(folder.status, 64)
        XCTAssertEqual(folder.stderr, "error: the output 'outdir' is a folder; name a file inside it, e.g. -o outdir/collage.png\n"
                       + "see `collage render --help`\n")
        let stdout = try runCollage(["render", "doc.yaml", "-o", "-"], in: directory)
        XCTAssertEqual(stdout.status, 64)
        XCTAssertEqual(stdout.stderr, "error: -o - writes to standard output and needs --format \(OutputFormat.choices) "
                       + "or the document's output.format\nsee `collage render --help`\n")
        // The document's output.format is enough.
        try write("version: 1\ncanvas: {width: 40, height: 40}\noutput: {format: jpeg}\nphotos: [photos/quadrants.png]\n",
                  "jpeg.yaml")
        let documentFormat = try runCollage(["render", "jpeg.yaml", "-o", "-"], in: directory)
        XCTAssertEqual(documentFormat.status, 0, documentFormat.stderr)
        XCTAssertEqual(Array(documentFormat.stdout.prefix(3)), [0xFF, 0xD8, 0xFF])
        let noData = try runCollage(["batch", "doc.yaml", "--data", "nofile.csv", "-o", "out/${row}.png"], in: directory)
        XCTAssertEqual(noData.status, 1)
        XCTAssertEqual(noData.stderr, "error: cannot read data file 'nofile.csv': no such file\n")
        try write("name,title\nbeach,Beach\n", "rows.csv")
        let typo = try runCollage(["batch", "doc.yaml", "--data", "rows.csv", "-o", "out/${nmae}.png"], in: directory)
        XCTAssertEqual(typo.status, 64)
        XCTAssertEqual(typo.stderr, "error: row 1: the output path 'out/${nmae}.png' names ${nmae}, which is not a column, "
                       + "'row' or a --set variable; did you mean '${name}'?\nsee `collage batch --help`\n")
    }

    func testTooMuchSpacingIsLocatedAtGapOrPadding() throws {
        try write("version: 1\ncanvas: {width: 800, height: 600}\nphotos: [photos/quadrants.png, photos/stripes.png]\n"
                  + "layout: {gap: 799}\n", "gap.yaml")
        let gap = try runCollage(["check", "gap.yaml"], in: directory)
        XCTAssertEqual(gap.status, 1)
        XCTAssertEqual(gap.stderr, """
            gap.yaml:4:15: error: padding 0 and gap 799 leave 1 px of the canvas width (800 px) for 2 cells
            layout: {gap: 799}
                          ^
            note: every cell needs at least 1 pixel: reduce 'padding' or 'gap', or enlarge the canvas

            """)
        try write("version: 1\ncanvas: {width: 800, height: 600}\nphotos: [photos/quadrants.png, photos/stripes.png]\n"
                  + "layout:\n  gap: 10\n  padding: 399\n", "padding.yaml")
        let padding = try runCollage(["check", "padding.yaml"], in: directory)
        XCTAssertEqual(padding.status, 1)
        XCTAssertTrue(padding.stderr.hasPrefix("padding.yaml:6:12: error: padding 399 and gap 10 leave 0 px"), padding.stderr)
    }

    /// Runs `collage check bad.yaml` on a pseudo-terminal (util-linux
    /// `script`) with `TERM` set to `term` (nil = unset); returns what the terminal showed.
    private func checkOnATerminal(term: String?) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "'\(TestPackage.binary.path)' check bad.yaml", "/dev/null"]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        environment["TERM"] = term
        environment["FONTCONFIG_FILE"] = TestPaths.fontConfig.path
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func testNoColourOnADumbTerminal() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            throw XCTSkip("util-linux script(1) is needed to run collage on a pseudo-terminal")
        }
        try write("version: 1\ncanvas: {widht: 10}\n", "bad.yaml")
        let xterm = try checkOnATerminal(term: "xterm")
        XCTAssertTrue(xterm.contains("\u{1B}[31merror:"), xterm)
        for term in ["dumb", "", nil] {
            let shown = try checkOnATerminal(term: term)
            XCTAssertTrue(shown.contains("bad.yaml:2:10: error: unknown key 'widht'"), shown)
            XCTAssertFalse(shown.contains("\u{1B}"), "TERM=\(term ?? "(unset)"): \(shown)")
        }
    }
}
