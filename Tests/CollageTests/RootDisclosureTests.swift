import CollageTestSupport
import Foundation
import XCTest

/// `--root` tells nothing about the files outside it (issue 42's review):
/// a path or photo pattern outside is one `pathOutsideRoot` error at its
/// place whether or not the file exists, a pattern outside is not expanded,
/// and a pattern inside that matches a link pointing out names no match.
final class RootDisclosureTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)   // photos/ beside the root: outside it
        let root = directory.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("shots"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: directory.appendingPathComponent("photos/quadrants.png"),
                                         to: root.appendingPathComponent("shots/a.png"))
        // A link inside the root to a photo outside it.
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("shots/b.png"),
                                                   withDestinationURL: directory.appendingPathComponent("photos/gradient.jpg"))
    }

    private func check(_ document: String, _ extra: [String] = []) throws -> CommandResult {
        try Data(document.utf8).write(to: directory.appendingPathComponent("root/doc.yaml"))
        return try runCollage(["check", "root/doc.yaml", "--root", "root"] + extra, in: directory)
    }

    func testAnExistingAndAMissingFileOutsideGetTheSameAnswer() throws {
        let result = try check("version: 1\ncanvas: {width: 200, height: 100}\nphotos: [\"../photos/quadrants.png\", \"../photos/none.png\"]\n")
        XCTAssertEqual(result.status, 1)
        let root = directory.appendingPathComponent("root").resolvingSymlinksInPath().path
        XCTAssertEqual(result.stderr.split(separator: "\n").filter { $0.contains("error:") }, [
            "root/doc.yaml:3:10: error: '../photos/quadrants.png' is outside the allowed root '\(root)'",
            "root/doc.yaml:3:37: error: '../photos/none.png' is outside the allowed root '\(root)'",
        ])
        XCTAssertFalse(result.stderr.contains("not found"), result.stderr)
        XCTAssertFalse(result.stderr.contains("resolves to"), result.stderr)
    }

    func testAPatternOutsideIsNotExpanded() throws {
        let result = try check("version: 1\ncanvas: {width: 200, height: 100}\nphotos: [\"../photos/*\"]\n")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("root/doc.yaml:3:10: error: '../photos/*' is outside the allowed root"), result.stderr)
        for name in ["quadrants", "gradient", "matches"] { XCTAssertFalse(result.stderr.contains(name), result.stderr) }
        // The same through a variable, where the count of matches once reached the layout's error.
        let set = try check("version: 1\ncanvas: {width: 100, height: 100}\nphotos: [\"${p}\"]\nlayout: {kind: auto}\n",
                            ["--set", "p=../photos/*"])
        XCTAssertEqual(set.status, 1)
        XCTAssertTrue(set.stderr.contains("'../photos/*' is outside the allowed root"), set.stderr)
        XCTAssertFalse(set.stderr.contains("photos; this document has"), set.stderr)
    }

    func testAPatternInsideMatchingALinkOutIsRefusedWithoutNamingTheMatch() throws {
        let result = try check("version: 1\ncanvas: {width: 200, height: 100}\nphotos: [\"shots/*.*\"]\n")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("root/doc.yaml:3:10: error: the photo pattern 'shots/*.*' matches files outside the allowed root"),
                      result.stderr)
        XCTAssertFalse(result.stderr.contains("gradient"), result.stderr)
        XCTAssertFalse(result.stderr.contains("b.png"), result.stderr)
        // Inside only: it checks.
        XCTAssertEqual(try check("version: 1\ncanvas: {width: 200, height: 100}\nphotos: [\"shots/a*\"]\n").status, 0)
    }
}
