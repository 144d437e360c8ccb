import Foundation
import XCTest
import CollageTestSupport

/// Issue 29: `--skip-unchanged` records, per output, the font files its
/// last render used (`.collage-stamps`), so a font chosen by `family` that
/// changes renders the row again.
final class BatchFontStampTests: XCTestCase, PhotoFolderTest {
    var directory: URL!

    override func setUpWithError() throws {
        try makePhotoFolder()
    }

    /// A font chosen by `family` is recorded with the output; changing that
    /// file renders the row again, and nothing else does.
    func testSkipUnchangedSeesAChangedFamilyFont() throws {
        let fonts = url("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        let font = fonts.appendingPathComponent("Family.ttf")
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", toPath: font.path)
        try write("fonts.conf", """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig><dir>\(fonts.path)</dir><cachedir>\(url("fc-cache").path)</cachedir></fontconfig>
            """)
        try write("work/text.yaml", """
            version: 1
            canvas: {width: 40, height: 30}
            overlays: [{text: "${id}", font: {family: "DejaVu Sans", size: 10}}]
            """)
        try write("work/rows.csv", "id\nA\n")
        let environment = ["FONTCONFIG_FILE": url("fonts.conf").path]
        func run() throws -> String {
            let result = try runCollage(["batch", "text.yaml", "--data", "rows.csv", "-o", "out/${id}.png", "--skip-unchanged"],
                                        in: url("work"), environment: environment)
            XCTAssertEqual(result.status, 0, result.stderr)
            return result.stderr
        }
        XCTAssertTrue(try run().contains("batch: 1 of 1 rows written in"))
        let stamps = try text("work/out/.collage-stamps")
        let lines = stamps.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, stamps)
        XCTAssertTrue(lines[0].hasSuffix(" A.png"), stamps)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: font.path)[.size] as? Int)
        XCTAssertTrue(lines[1].hasPrefix("\t\(size) "), stamps)
        XCTAssertTrue(lines[1].hasSuffix(" " + font.resolvingSymlinksInPath().path) || lines[1].hasSuffix(" " + font.path), stamps)
        XCTAssertTrue(try run().contains("batch: 0 of 1 rows written, 1 unchanged"))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 3600)], ofItemAtPath: font.path)
        XCTAssertTrue(try run().contains("batch: 1 of 1 rows written in"))
        XCTAssertTrue(try run().contains("batch: 0 of 1 rows written, 1 unchanged"))
    }
}
