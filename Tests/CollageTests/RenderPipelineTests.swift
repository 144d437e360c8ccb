import Collage
import CollageCodecs
import CollageRaster
import Foundation
import XCTest

/// `collage render` in a pipeline: depfiles, standard input and output,
/// `--root`, byte-identical output.
final class RenderPipelineTests: XCTestCase, PhotoFolderTest {
    var directory: URL!

    override func setUpWithError() throws {
        try makePhotoFolder()
    }

    /// Paths with spaces and `$` are escaped as make reads them; the font
    /// file the typesetter chose is listed; every prerequisite gets an empty rule.
    func testDepfileEscapesSpacesAndDollarsAndListsFonts() throws {
        let photos = directory.appendingPathComponent("photos")
        try FileManager.default.copyItem(at: photos.appendingPathComponent("quadrants.png"),
                                         to: photos.appendingPathComponent("my $5 photo.png"))
        try write("the doc.yaml", """
            version: 1
            canvas: {width: 200, height: 100}
            photos: ["photos/my $5 photo.png", photos/stripes.png]
            overlays: [{text: Hi, font: {family: "DejaVu Sans", size: 20}}]
            """)
        let result = try runCollage(["render", "the doc.yaml", "-o", "out put.png", "--depfile", "out put.d"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try text("out put.d"), """
            out\\ put.png: \\
             the\\ doc.yaml \\
             photos/my\\ $$5\\ photo.png \\
             photos/stripes.png \\
             /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf

            the\\ doc.yaml:

            photos/my\\ $$5\\ photo.png:

            photos/stripes.png:

            /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:

            """)
    }

    /// GNU make reads the escaped names as the real files.
    func testMakeReadsTheDepfileAsWritten() throws {
        try write("a $b.yaml", "version: 1\nphotos: [photos/quadrants.png]\n")
        XCTAssertEqual(try runCollage(["render", "a $b.yaml", "-o", "o.png", "--depfile", "o.d"], in: directory).status, 0)
        try write("Makefile", "include o.d\no.png:\n\t@echo rebuild o.png\n")
        let upToDate = try Pipeline.run("/usr/bin/make", ["-s"], in: directory)
        XCTAssertEqual(upToDate.status, 0, upToDate.output)
        XCTAssertEqual(upToDate.output, "")
        // The photo's empty rule (-MP) turns a deleted photo into "rebuild", not "no rule to make".
        try FileManager.default.removeItem(at: directory.appendingPathComponent("photos/quadrants.png"))
        let afterDelete = try Pipeline.run("/usr/bin/make", ["-s"], in: directory)
        XCTAssertEqual(afterDelete.status, 0, afterDelete.output)
        XCTAssertEqual(afterDelete.output, "rebuild o.png\n")
    }

    func testDepfileThatNamesTheOutputOrAnInputIsRefused() throws {
        try write("doc.yaml", "version: 1\nphotos: [photos/quadrants.png]\n")
        let output = try runCollage(["render", "doc.yaml", "-o", "o.png", "--depfile", "./o.png"], in: directory)
        XCTAssertEqual(output.status, 64)
        XCTAssertTrue(output.stderr.contains("error: --depfile './o.png' is the output 'o.png'; name it e.g. 'o.png.d'"), output.stderr)
        let input = try runCollage(["render", "doc.yaml", "-o", "o.png", "--depfile", "doc.yaml"], in: directory)
        XCTAssertEqual(input.status, 64)
        XCTAssertTrue(input.stderr.contains("error: --depfile 'doc.yaml' is an input ('"), input.stderr)
        XCTAssertEqual(try text("doc.yaml"), "version: 1\nphotos: [photos/quadrants.png]\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("o.png").path))
    }

    func testDepfileIsNotWrittenWhenTheRenderFails() throws {
        try write("bad.yaml", "version: 1\nphotos: [photos/missing.png]\n")
        XCTAssertEqual(try runCollage(["render", "bad.yaml", "-o", "o.png", "--depfile", "o.d"], in: directory).status, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("o.d").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("o.png").path))
    }

    /// SHA-256 is the same across runs, thread counts and touched inputs.
    func testSHA256IsStableAcrossRunsThreadsAndTouchedInputs() throws {
        try write("doc.yaml", """
            version: 1
            canvas: {width: 640, height: 400}
            photos: [photos/gradient.jpg, photos/quadrants.png, photos/stripes.png, photos/rotated6.jpg]
            layout: {kind: auto, gap: 6}
            overlays: [{text: "Déjà 東京", font: {family: ["Noto Sans CJK JP"], size: 40}, color: "#ffffff"}]
            """)
        var hashes: [String: Set<String>] = ["jpg": [], "png": []]
        for (index, threads) in ["1", "4", "1", String(ProcessInfo.processInfo.activeProcessorCount)].enumerated() {
            if index == 2 {
                // Touch every input: new modification times must not matter.
                for name in ["doc.yaml", "photos/gradient.jpg", "photos/quadrants.png", "photos/stripes.png", "photos/rotated6.jpg"] {
                    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 3600)],
                                                          ofItemAtPath: directory.appendingPathComponent(name).path)
                }
            }
            for ext in ["jpg", "png"] {
                let name = "out-\(index).\(ext)"
                let result = try runCollage(["render", "doc.yaml", "-o", name, "--threads", threads], in: directory)
                XCTAssertEqual(result.status, 0, result.stderr)
                hashes[ext]!.insert(try Pipeline.sha256(directory.appendingPathComponent(name)))
            }
        }
        XCTAssertEqual(hashes["jpg"]!.count, 1, "JPEG hashes: \(hashes["jpg"]!)")
        XCTAssertEqual(hashes["png"]!.count, 1, "PNG hashes: \(hashes["png"]!)")
        XCTAssertEqual(hashes["png"]!.first!.count, 64)
    }

    /// `-` reads the document from stdin (paths relative to the working
    /// directory) and `-o -` writes the image to stdout: the same bytes as files.
    func testStdinToStdoutRoundTripMatchesFileRender() throws {
        let document = "version: 1\ncanvas: {width: 300, height: 200}\nphotos: [photos/quadrants.png, photos/stripes.png]\n"
        try write("doc.yaml", document)
        XCTAssertEqual(try runCollage(["render", "doc.yaml", "-o", "file.png"], in: directory).status, 0)
        let piped = try runCollage(["render", "-", "-o", "-", "--format", "png"], in: directory, stdin: Data(document.utf8))
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(piped.stdout, try Data(contentsOf: directory.appendingPathComponent("file.png")))
        try piped.stdout.write(to: directory.appendingPathComponent("piped.png"))
        let image = try ImageDecoder.decode(path: directory.appendingPathComponent("piped.png").path)
        XCTAssertEqual(image.size, Size(width: 300, height: 200))

        let noFormat = try runCollage(["render", "doc.yaml", "-o", "-"], in: directory)
        XCTAssertEqual(noFormat.status, 64)
        XCTAssertTrue(noFormat.stderr.contains("needs --format"), noFormat.stderr)
        XCTAssertTrue(noFormat.stdout.isEmpty)

        let bad = try runCollage(["render", "-", "-o", "-", "--format", "png"], in: directory,
                                 stdin: Data("version: 1\nphotos: [photos/nope.png]\n".utf8))
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("<stdin>:2:10: error: photo file not found"), bad.stderr)
        XCTAssertTrue(bad.stdout.isEmpty)
    }

    func testRootRejectsParentPathsAndSymlinkEscapes() throws {
        let outside = directory.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: directory.appendingPathComponent("photos/quadrants.png"),
                                         to: outside.appendingPathComponent("secret.png"))
        try write("site/photos/.keep", "")
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("site/photos/link.png").path,
                                                   withDestinationPath: outside.appendingPathComponent("secret.png").path)
        try FileManager.default.copyItem(at: directory.appendingPathComponent("photos/stripes.png"),
                                         to: directory.appendingPathComponent("site/photos/ok.png"))
        try write("site/doc.yaml", """
            version: 1
            canvas: {width: 300, height: 100}
            photos:
              - photos/ok.png
              - ../outside/secret.png
              - photos/link.png
            """)
        let site = directory.appendingPathComponent("site")
        let refused = try runCollage(["render", "doc.yaml", "-o", "o.png", "--root", "."], in: site)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("doc.yaml:5:5: error: '../outside/secret.png' is outside the allowed root"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("doc.yaml:6:5: error: 'photos/link.png' is outside the allowed root"), refused.stderr)
        XCTAssertFalse(refused.stderr.contains("photos/ok.png"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.appendingPathComponent("o.png").path))

        // Without --root the same document renders; inside the root it is fine.
        XCTAssertEqual(try runCollage(["render", "doc.yaml", "-o", "o.png"], in: site).status, 0)
        try write("site/inside.yaml", "version: 1\nphotos: [photos/ok.png]\n")
        XCTAssertEqual(try runCollage(["render", "inside.yaml", "-o", "i.png", "--root", "."], in: site).status, 0)
        XCTAssertEqual(try runCollage(["render", "inside.yaml", "-o", "i.png", "--root", "nope"], in: site).status, 64)
    }

    func testPathPolicyReportsKindAndLocation() throws {
        try write("doc.yaml", "version: 1\nphotos: [photos/quadrants.png]\n")
        let spec = try DocumentInput.file(directory.appendingPathComponent("doc.yaml").path).load(variables: [:])
        XCTAssertNoThrow(try PathPolicy(root: directory.appendingPathComponent("photos").path).check(spec))
        let narrow = try PathPolicy(root: FileManager.default.temporaryDirectory.path)
        XCTAssertTrue(narrow.contains(directory.appendingPathComponent("photos/quadrants.png").path))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let elsewhere = try PathPolicy(root: directory.appendingPathComponent("empty").path)
        XCTAssertThrowsError(try elsewhere.check(spec)) { error in
            guard case .diagnostics(let list) = error as? CollageError else { return XCTFail("\(error)") }
            XCTAssertEqual(list.diagnostics.map(\.kind), [.pathOutsideRoot])
            XCTAssertEqual(list.diagnostics.first?.location?.line, 2)
            XCTAssertEqual(list.diagnostics.first?.location?.column, 10)
        }
    }
}
