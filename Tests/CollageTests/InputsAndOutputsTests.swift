import Foundation
import XCTest
import CollageTestSupport

/// Issue 13 §5-§7 through the binary: outputs checked before any photo is
/// read, `-` for standard input, file names that mean files. Exact messages
/// and exit codes.
final class InputsAndOutputsTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
        // A "JPEG" that is not one: reading its header fails.
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A]).write(to: url("photos/broken.jpg"))
    }

    private func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    private func write(_ text: String, _ name: String) throws {
        try FileManager.default.createDirectory(at: url(name).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url(name))
    }

    private func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: url(name).path) }

    private func copy(_ from: String, _ to: String) throws {
        try FileManager.default.copyItem(at: url(from), to: url(to))
    }

    /// A poster of 400 photos, one of them broken, and a large canvas: the
    /// output's problems must be reported, not the photo's.
    private func writePoster(canvas: String = "{width: 8000, height: 8000}") throws {
        let photos = (0..<400).map { $0 == 200 ? "photos/broken.jpg" : "photos/gradient.jpg" }
        try write("version: 1\ncanvas: \(canvas)\nlayout: {kind: grid, columns: 20}\nphotos:\n"
                  + photos.map { "  - \($0)\n" }.joined(), "poster.yaml")
    }

    func testTheBrokenPhotoIsWhatTheDocumentAloneReports() throws {
        try writePoster()
        let result = try runCollage(["check", "poster.yaml"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("broken.jpg"), result.stderr)
    }

    func testAMissingOutputFolderIsReportedBeforeAnyPhotoIsRead() throws {
        try writePoster()
        let result = try runCollage(["render", "poster.yaml", "-o", "nodir/poster.png"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr,
            "error: cannot write 'nodir/poster.png': the folder 'nodir' does not exist; create it first (mkdir -p nodir)\n")
        // Even a document that cannot be read at all comes second.
        let missing = try runCollage(["render", "nothere.yaml", "-o", "nodir/x.png"], in: directory)
        XCTAssertEqual(missing.stderr,
            "error: cannot write 'nodir/x.png': the folder 'nodir' does not exist; create it first (mkdir -p nodir)\n")
    }

    func testAnOutputFolderThatIsAFileOrNotWritableIsReportedFirst() throws {
        try writePoster()
        let result = try runCollage(["render", "poster.yaml", "-o", "poster.yaml/out.png"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: cannot write 'poster.yaml/out.png': 'poster.yaml' is not a folder\n")
        if getuid() != 0 {   // root writes anywhere
            try FileManager.default.createDirectory(at: url("locked"), withIntermediateDirectories: true)
            chmod(url("locked").path, 0o555)
            defer { chmod(url("locked").path, 0o755) }
            let locked = try runCollage(["render", "poster.yaml", "-o", "locked/out.png"], in: directory)
            XCTAssertEqual(locked.status, 1)
            XCTAssertEqual(locked.stderr,
                           "error: cannot write 'locked/out.png': the folder 'locked' is not writable (Permission denied)\n")
        }
    }

    func testAnOutputThatIsAnInputIsRefusedBeforeAnyPhotoIsRead() throws {
        try writePoster()
        let result = try runCollage(["render", "poster.yaml", "-o", "photos/gradient.jpg"], in: directory)
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stderr, """
            error: the output 'photos/gradient.jpg' is an input of this document: 'photos/gradient.jpg' at poster.yaml:5:5; choose another output path
            see `collage render --help`

            """)
    }

    /// A glob's first render writes a file its pattern then matches: the
    /// second render is refused naming the pattern and its place.
    func testAnOutputThatAPhotoPatternMatchesIsRefusedNamingThePattern() throws {
        try FileManager.default.createDirectory(at: url("shots"), withIntermediateDirectories: true)
        for name in ["v1.png", "v2.png"] {
            try FileManager.default.copyItem(at: url("photos/quadrants.png"), to: url("shots/\(name)"))
        }
        try Data("version: 1\ncanvas: {width: 200, height: 100}\nphotos: [\"shots/v*.png\"]\n".utf8)
            .write(to: url("glob.yaml"))
        let first = try runCollage(["render", "glob.yaml", "-o", "shots/vnew.png"], in: directory)
        XCTAssertEqual(first.status, 0, first.stderr)
        let again = try runCollage(["render", "glob.yaml", "-o", "shots/vnew.png"], in: directory)
        XCTAssertEqual(again.status, 64)
        XCTAssertEqual(again.stderr, """
            error: the output 'shots/vnew.png' is an input of this document: it matches the pattern 'shots/v*.png' at \
            glob.yaml:3:10; choose another output path or a pattern it does not match
            see `collage render --help`

            """)
    }

    func testAFormatThatCannotHoldTheCanvasIsRefusedBeforeAnyPhotoIsRead() throws {
        try writePoster(canvas: "{width: 20000, height: 400}")
        let result = try runCollage(["render", "poster.yaml", "-o", "poster.webp"], in: directory)
        XCTAssertEqual(result.status, 1)
        // Located at `canvas`, the error `collage check -o poster.webp` reports (issue 13 §3).
        XCTAssertTrue(result.stderr.hasPrefix("poster.yaml:"), result.stderr)
        XCTAssertTrue(result.stderr.contains(": error: the canvas is 20000 × 400 px; WebP holds at most 16383 px a side\n"), result.stderr)
        let check = try runCollage(["check", "poster.yaml", "-o", "poster.webp"], in: directory)
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.stderr.split(separator: "\n").first, result.stderr.split(separator: "\n").first)
        let unknown = try runCollage(["render", "poster.yaml", "-o", "poster.tiff"], in: directory)
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.hasPrefix("error: cannot tell the output format of 'poster.tiff'"), unknown.stderr)
        XCTAssertFalse(exists("poster.webp") || exists("poster.tiff"))
    }

    func testGridAndConvertCheckTheOutputBeforeReadingThePhoto() throws {
        let grid = try runCollage(["grid", "photos/broken.jpg", "photos/quadrants.png", "-o", "nodir/g.png"], in: directory)
        XCTAssertEqual(grid.status, 1)
        XCTAssertEqual(grid.stderr, "error: cannot write 'nodir/g.png': the folder 'nodir' does not exist; create it first (mkdir -p nodir)\n")
        let convert = try runCollage(["convert", "photos/broken.jpg", "-o", "nodir/c.png"], in: directory)
        XCTAssertEqual(convert.status, 1)
        XCTAssertEqual(convert.stderr, "error: cannot write 'nodir/c.png': the folder 'nodir' does not exist; create it first (mkdir -p nodir)\n")
        let webp = try runCollage(["grid", "photos/broken.jpg", "--size", "17000x100", "-o", "g.webp"], in: directory)
        XCTAssertEqual(webp.status, 1)
        XCTAssertEqual(webp.stderr, "error: cannot write 'g.webp': cannot encode a 17000x100 image as WebP\n")
    }

    /// A folder that exists but refuses new files with ENOENT (procfs) is
    /// not called missing: "create it first (mkdir -p /proc)" was wrong advice.
    func testAFolderThatExistsIsNotCalledMissingWhenItRefusesNewFiles() throws {
        let result = try runCollage(["convert", "photos/quadrants.png", "-o", "/proc/c.png"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertFalse(result.stderr.contains("does not exist"), result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("error: cannot write '/proc/c.png': "), result.stderr)
        // Root gets ENOENT from procfs when creating; others are refused by the preflight.
        XCTAssertTrue(result.stderr == "error: cannot write '/proc/c.png': cannot create a file in the folder '/proc' (No such file or directory)\n"
                      || result.stderr == "error: cannot write '/proc/c.png': the folder '/proc' is not writable (Permission denied)\n",
                      result.stderr)
    }

    // MARK: - Standard input

    func testCheckAndLayoutReadTheDocumentFromStandardInput() throws {
        let good = Data("version: 1\ncanvas: {width: 40, height: 30}\nphotos: [photos/quadrants.png]\n".utf8)
        let check = try runCollage(["check", "-"], in: directory, stdin: good)
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertEqual(String(decoding: check.stdout, as: UTF8.self), "<stdin>: ok\n")
        let bad = Data("version: 1\ncanvas: {widht: 40, height: 30}\nphotos: [photos/quadrants.png]\n".utf8)
        let failed = try runCollage(["check", "-"], in: directory, stdin: bad)
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.stderr.hasPrefix("<stdin>:2:10: error: unknown key 'widht' in 'canvas'; did you mean 'width'?"),
                      failed.stderr)
        let layout = try runCollage(["layout", "-", "--json"], in: directory, stdin: good)
        XCTAssertEqual(layout.status, 0, layout.stderr)
        let top = try XCTUnwrap(JSONSerialization.jsonObject(with: layout.stdout) as? [String: Any])
        XCTAssertEqual(top["canvas"] as? [String: Int], ["width": 40, "height": 30])
        let twice = try runCollage(["check", "-", "-"], in: directory, stdin: good)
        XCTAssertEqual(twice.status, 64)
        XCTAssertEqual(twice.stderr, "error: standard input can be read once: give '-' at most once\nsee `collage check --help`\n")
    }

    func testPythonJSONWithSurrogatePairsFromStandardInput() throws {
        // What json.dumps({"version": 1, ..., "vars": {"t": "😀 café"}}) prints.
        let json = Data(#"{"version": 1, "canvas": {"width": 40, "height": 30}, "photos": ["photos/quadrants.png"], "vars": {"t": "\ud83d\ude00 caf\u00e9"}}"#.utf8)
        let check = try runCollage(["check", "-"], in: directory, stdin: json)
        XCTAssertEqual(check.status, 0, check.stderr)
        try json.write(to: url("py.json"))
        let file = try runCollage(["check", "py.json"], in: directory)
        XCTAssertEqual(file.status, 0, file.stderr)
        let render = try runCollage(["render", "-", "-o", "py.png"], in: directory, stdin: json)
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertTrue(exists("py.png"))
    }

    func testConvertReadsThePhotoFromStandardInput() throws {
        let png = try Data(contentsOf: url("photos/quadrants.png"))
        let result = try runCollage(["convert", "-", "-o", "q.png"], in: directory, stdin: png)
        XCTAssertEqual(result.status, 0, result.stderr)
        let fromFile = try runCollage(["convert", "photos/quadrants.png", "-o", "f.png"], in: directory)
        XCTAssertEqual(fromFile.status, 0, fromFile.stderr)
        XCTAssertEqual(try Data(contentsOf: url("q.png")), try Data(contentsOf: url("f.png")))
        let piped = try runCollage(["convert", "-", "-o", "-", "--format", "jpeg"], in: directory, stdin: png)
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(Array(piped.stdout.prefix(3)), [0xFF, 0xD8, 0xFF])
        let garbage = try runCollage(["convert", "-", "-o", "g.png"], in: directory, stdin: Data("not a photo".utf8))
        XCTAssertEqual(garbage.status, 1)
        XCTAssertTrue(garbage.stderr.hasPrefix("error: cannot convert '<stdin>': "), garbage.stderr)
        XCTAssertFalse(exists("g.png"))
    }

    func testWatchRefusesStandardInput() throws {
        let result = try runCollage(["watch", "-", "-o", "w.png"], in: directory)
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stderr, """
            error: watch cannot watch standard input ('-'): it re-reads DOC when the file changes; save the document to a file and watch that
            see `collage watch --help`

            """)
    }

    // MARK: - File names mean files

    private func layoutPhotos(_ document: String) throws -> [[String: Any]] {
        try write(document, "names.yaml")
        let result = try runCollage(["layout", "names.yaml", "--json"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let top = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        return try XCTUnwrap(top["photos"] as? [[String: Any]])
    }

    func testAnExistingFileWithGlobCharactersIsThatFile() throws {
        try copy("photos/quadrants.png", "photos/a[1].png")     // 400x300
        try copy("photos/tall.png", "photos/a1.png")            // 240x480: what the glob would match
        try copy("photos/stripes.png", "photos/star*.png")
        try copy("photos/tall.png", "photos/starry.png")
        let photos = try layoutPhotos("""
            version: 1
            canvas: {width: 200, height: 100}
            layout: {kind: grid, columns: 2}
            photos: ["photos/a[1].png", "photos/star*.png"]
            """)
        XCTAssertEqual(photos.map { $0["id"] as? String }, ["a[1]", "star*"])
        XCTAssertEqual(photos.map { $0["path"] as? String },
                       [url("photos/a[1].png").path, url("photos/star*.png").path])
        XCTAssertEqual(photos.map { ($0["orientedSize"] as? [String: Int])?["width"] }, [400, 320])
    }

    func testEscapedGlobCharactersNameOneFileAndPatternsStillWork() throws {
        try copy("photos/quadrants.png", "photos/b[1].png")
        try copy("photos/tall.png", "photos/b1.png")
        let photos = try layoutPhotos(#"""
            version: 1
            canvas: {width: 300, height: 100}
            layout: {kind: grid, columns: 3}
            photos: ['photos/b\[1\].png', "photos/b[[]1].png", "photos/b[0-9].png"]
            """#)
        XCTAssertEqual(photos.map { $0["path"] as? String },
                       [url("photos/b[1].png").path, url("photos/b[1].png").path, url("photos/b1.png").path])
        // An escaped name that does not exist is "not found" under the name written.
        try write("version: 1\nphotos: ['photos/c\\[1\\].png']\n", "esc.yaml")
        let missing = try runCollage(["check", "esc.yaml"], in: directory)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.hasPrefix("esc.yaml:2:10: error: photo file not found: 'photos/c\\[1\\].png'\n"),
                      missing.stderr)
        XCTAssertTrue(missing.stderr.contains("note: looked for \(url("photos/c[1].png").path)\n"), missing.stderr)
    }

    func testAFolderOrFIFOAsAPhotoIsNamedAsSuch() throws {
        XCTAssertEqual(mkfifo(url("photos/pipe.jpg").path, 0o644), 0)
        try FileManager.default.createDirectory(at: url("photos/album.jpg"), withIntermediateDirectories: true)
        try write("""
            version: 1
            canvas: {width: 200, height: 100}
            photos: [photos/album.jpg, photos/pipe.jpg]
            overlays:
              - {image: photos}
            """, "kinds.yaml")
        let result = try runCollage(["check", "kinds.yaml"], in: directory)
        XCTAssertEqual(result.status, 1)
        let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        XCTAssertEqual(errors, [
            "kinds.yaml:3:10: error: photo 'photos/album.jpg' is a directory, not a file",
            "kinds.yaml:3:28: error: photo 'photos/pipe.jpg' is not a regular file (it is a FIFO, socket or device)",
            "kinds.yaml:5:13: error: overlay image 'photos' is a directory, not a file",
        ])
        let grid = try runCollage(["grid", "photos/album.jpg", "photos/pipe.jpg", "-o", "g.png"], in: directory)
        XCTAssertEqual(grid.status, 1)
        XCTAssertEqual(grid.stderr, """
            error: collage grid: photo 'photos/album.jpg' is a directory, not a file
            error: collage grid: photo 'photos/pipe.jpg' is not a regular file (it is a FIFO, socket or device)

            """)
    }
}
