import Foundation
import XCTest
import CollageCodecs
import CollageTestSupport

/// `collage convert IN -o - --format F`: the photo to standard output, as
/// `render` and `grid` do; never a file named `-`.
final class ConvertStandardOutputTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
    }

    private var dashFileExists: Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("-").path)
    }

    func testTheSameBytesAsAFileAndNoFileNamedDash() throws {
        for (format, name) in [("png", "file.png"), ("jpeg", "file.jpg"), ("webp", "file.webp")] {
            let file = try runCollage(["convert", "photos/gradient.jpg", "-o", name, "--max-size", "100x100"], in: directory)
            XCTAssertEqual(file.status, 0, file.stderr)
            let piped = try runCollage(["convert", "photos/gradient.jpg", "-o", "-", "--format", format, "--max-size", "100x100"],
                                       in: directory)
            XCTAssertEqual(piped.status, 0, piped.stderr)
            XCTAssertEqual(piped.stderr, "")
            XCTAssertEqual(piped.stdout, try Data(contentsOf: directory.appendingPathComponent(name)), format)
        }
        XCTAssertFalse(dashFileExists)
    }

    func testDashNeedsFormatAndOnePhoto() throws {
        let noFormat = try runCollage(["convert", "photos/quadrants.png", "-o", "-"], in: directory)
        XCTAssertEqual(noFormat.status, 64)
        XCTAssertEqual(noFormat.stderr, "error: -o - writes to standard output and needs --format \(OutputFormat.choices)\nsee `collage convert --help`\n")
        XCTAssertTrue(noFormat.stdout.isEmpty)

        let two = try runCollage(["convert", "photos/quadrants.png", "photos/stripes.png", "-o", "-", "--format", "png"],
                                 in: directory)
        XCTAssertEqual(two.status, 64)
        XCTAssertEqual(two.stderr, "error: -o - writes one photo to standard output, got 2: photos/quadrants.png photos/stripes.png\nsee `collage convert --help`\n")
        XCTAssertTrue(two.stdout.isEmpty)
        XCTAssertFalse(dashFileExists)
    }

    func testAnUnreadablePhotoWritesNothingToStandardOutput() throws {
        try Data("not a photo".utf8).write(to: directory.appendingPathComponent("bad.jpg"))
        let result = try runCollage(["convert", "bad.jpg", "-o", "-", "--format", "png"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("error: cannot convert 'bad.jpg': "), result.stderr)
        XCTAssertTrue(result.stdout.isEmpty)
    }

    func testHelpNamesDashAndShowsItInAnExample() throws {
        let help = String(decoding: try runCollage(["convert", "--help"]).stdout, as: UTF8.self)
        XCTAssertTrue(help.contains("`-` = standard output, needs --format"), help)
        XCTAssertTrue(help.contains("$ collage convert IMG_0042.heic -o - --format jpeg --max-size 2048x2048 | upload --stdin"), help)
    }
}
