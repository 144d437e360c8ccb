import Collage
import CollageCodecs
import XCTest

/// `collage convert --help` and the format vocabularies of the spec and the encoder.
final class ConvertHelpTests: XCTestCase {
    func testConvertHelpHasAWorkedExampleAndTheMainHelpListsConvert() throws {
        let help = try runCollage(["convert", "--help"])
        XCTAssertEqual(help.status, 0)
        let text = String(decoding: help.stdout, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("Usage: collage convert IN -o OUT [options]\n"), text)
        XCTAssertTrue(text.contains("$ collage convert IMG_0042.heic -o IMG_0042.jpg --max-size 2048x2048 --quality 88"), text)
        let main = String(decoding: try runCollage(["--help"]).stdout, as: UTF8.self)
        XCTAssertTrue(main.contains("collage convert IN -o OUT [options]"), main)
        let usage = try runCollage(["convert", "photo.heic"])
        XCTAssertEqual(usage.status, 64)
        XCTAssertEqual(usage.stderr, "error: convert needs an output: add -o OUT (e.g. -o photo.jpg)\nsee `collage convert --help`\n")
    }

    /// The help texts read the format table: every format's name in the
    /// `--format` choices, every extension in render's help.
    func testHelpTextsListTheFormatTable() throws {
        let render = String(decoding: try runCollage(["render", "--help"]).stdout, as: UTF8.self)
        XCTAssertTrue(render.contains("--format jpeg|png|webp|avif|pdf  output format"), render)
        XCTAssertTrue(render.contains("(.jpg, .jpeg, .png, .webp, .avif or .pdf)"), render)
        let check = String(decoding: try runCollage(["check", "--help"]).stdout, as: UTF8.self)
        XCTAssertTrue(check.contains("(AVIF 8192 px, WebP 16383 px, JPEG 65500 px a side)"), check)
        let bad = try runCollage(["render", "doc.yaml", "-o", "x.png", "--format", "tiff"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.hasPrefix("error: --format must be jpeg, png, webp, avif or pdf, not 'tiff'"), bad.stderr)
    }
}
