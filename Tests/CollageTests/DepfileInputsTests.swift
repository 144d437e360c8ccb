import CollageCodecs
import CollageRaster
import Foundation
import XCTest

/// What `--depfile` lists (image overlays, fallback fonts), how it escapes
/// names GNU make would misread, and a depfile path that cannot be written.
final class DepfileInputsTests: XCTestCase, PhotoFolderTest {
    var directory: URL!

    override func setUpWithError() throws {
        try makePhotoFolder()
    }

    /// An image overlay is a prerequisite, and so is every font that drew a
    /// glyph: "日本語" comes from the CJK font and "🎉" from the emoji font,
    /// after the primary DejaVu Sans (whose metrics set the text box).
    func testImageOverlaysAndFallbackFontsAreListed() throws {
        try write("doc.yaml", """
            version: 1
            canvas: {width: 200, height: 100}
            photos: [photos/stripes.png]
            overlays:
              - image: photos/logo.png
                width: 40
              - text: "日本語🎉"
                font: {family: ["DejaVu Sans", "Noto Sans CJK JP", "Noto Color Emoji"], size: 20}
            """)
        let result = try runCollage(["render", "doc.yaml", "-o", "o.png", "--depfile", "o.d"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try text("o.d"), """
            o.png: \\
             doc.yaml \\
             photos/stripes.png \\
             photos/logo.png \\
             /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf \\
             /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc \\
             /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf

            doc.yaml:

            photos/stripes.png:

            photos/logo.png:

            /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:

            /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc:

            /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf:

            """)
    }

    /// `:` `%` `#` in names: the depfile text is exact, and GNU make reads
    /// every name back as the real file (a changed or deleted photo means
    /// "rebuild", an untouched set means nothing to do).
    func testMakeReadsColonPercentAndHashNames() throws {
        let photos = directory.appendingPathComponent("photos")
        let names = ["x:y.png", "p%q.png", "h#1.png"]
        for name in names {
            try FileManager.default.copyItem(at: photos.appendingPathComponent("quadrants.png"),
                                             to: photos.appendingPathComponent(name))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)],
                                                  ofItemAtPath: photos.appendingPathComponent(name).path)
        }
        try write("doc.yaml", "version: 1\ncanvas: {width: 300, height: 100}\nphotos: [\"photos/x:y.png\", \"photos/p%q.png\", \"photos/h#1.png\"]\n")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)],
                                              ofItemAtPath: directory.appendingPathComponent("doc.yaml").path)
        // Inputs an hour old, the output half an hour: a photo set to now is newer.
        let result = try runCollage(["render", "doc.yaml", "-o", "o:ut%1.png", "--depfile", "o.d"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(exists("o:ut%1.png"))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -1800)],
                                              ofItemAtPath: directory.appendingPathComponent("o:ut%1.png").path)
        XCTAssertEqual(try text("o.d"), """
            o\\:ut\\%1.png: \\
             doc.yaml \\
             photos/x\\:y.png \\
             photos/p%q.png \\
             photos/h\\#1.png

            doc.yaml:

            photos/x\\:y.png:

            photos/p\\%q.png:

            photos/h\\#1.png:

            """)
        try write("Makefile", "include o.d\no\\:ut\\%1.png:\n\t@echo rebuild\n")
        // Named on the command line: make never takes a target with `%`
        // (escaped or not) as its default goal.
        func make() throws -> String {
            let run = try Pipeline.run("/usr/bin/make", ["-s", "o:ut%1.png"], in: directory)
            XCTAssertEqual(run.status, 0, run.output)
            return run.output
        }
        XCTAssertEqual(try make(), "")
        for name in names {
            let path = photos.appendingPathComponent(name).path
            try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
            XCTAssertEqual(try make(), "rebuild\n", name)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: path)
            XCTAssertEqual(try make(), "", name)
        }
        // The empty rules name the files too: a deleted photo is "rebuild", not "no rule to make".
        try FileManager.default.removeItem(at: photos.appendingPathComponent("p%q.png"))
        XCTAssertEqual(try make(), "rebuild\n")
    }

    /// A depfile in a missing folder, under a file, or naming a folder is
    /// refused before the image is written: exit 1 (or 64) leaves nothing.
    func testUnwritableDepfileIsRefusedBeforeTheImage() throws {
        try write("doc.yaml", "version: 1\nphotos: [photos/quadrants.png]\n")
        try write("somedir/.keep", "")
        try write("plain.txt", "not a folder\n")

        let missing = try runCollage(["render", "doc.yaml", "-o", "dd.png", "--depfile", "nodir/dd.d"], in: directory)
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "error: cannot write depfile 'nodir/dd.d': the folder 'nodir' does not exist; create it first (mkdir -p nodir)\n")
        let folder = try runCollage(["render", "doc.yaml", "-o", "dd.png", "--depfile", "somedir"], in: directory)
        XCTAssertEqual(folder.status, 64)
        XCTAssertTrue(folder.stderr.contains("error: --depfile 'somedir' names a folder; name a file, e.g. --depfile somedir/collage.d"),
                      folder.stderr)
        let underFile = try runCollage(["render", "doc.yaml", "-o", "dd.png", "--depfile", "plain.txt/dd.d"], in: directory)
        XCTAssertEqual(underFile.status, 1)
        XCTAssertTrue(underFile.stderr.contains("cannot write depfile 'plain.txt/dd.d': 'plain.txt' is not a folder"), underFile.stderr)
        XCTAssertFalse(exists("dd.png"))

        // With text (typeset while the photos decode) the check still comes first.
        try write("text.yaml", "version: 1\nphotos: [photos/quadrants.png]\noverlays: [{text: Hi}]\n")
        XCTAssertEqual(try runCollage(["render", "text.yaml", "-o", "dd.png", "--depfile", "nodir/dd.d"], in: directory).status, 1)
        XCTAssertFalse(exists("dd.png"))

        let grid = try runCollage(["grid", "photos/quadrants.png", "-o", "g.png", "--depfile", "nodir/g.d"], in: directory)
        XCTAssertEqual(grid.status, 1)
        XCTAssertTrue(grid.stderr.contains("cannot write depfile 'nodir/g.d': the folder 'nodir' does not exist"), grid.stderr)
        XCTAssertFalse(exists("g.png"))

        try write("rows.csv", "id,photo\na,quadrants.png\n")
        try write("card.yaml", "version: 1\nphotos: [\"photos/${photo}\"]\n")
        let batch = try runCollage(["batch", "card.yaml", "--data", "rows.csv", "-o", "out/${id}.png", "--depfile", "somedir/"],
                                   in: directory)
        XCTAssertEqual(batch.status, 64)
        XCTAssertTrue(batch.stderr.contains("error: --depfile 'somedir/' names a folder"), batch.stderr)
        XCTAssertFalse(exists("out/a.png"))

        // The same commands with a writable depfile write both files.
        XCTAssertEqual(try runCollage(["render", "doc.yaml", "-o", "dd.png", "--depfile", "somedir/dd.d"], in: directory).status, 0)
        XCTAssertTrue(exists("dd.png"))
        XCTAssertTrue(try text("somedir/dd.d").hasPrefix("dd.png: \\\n doc.yaml \\\n photos/quadrants.png\n"))
    }
}
