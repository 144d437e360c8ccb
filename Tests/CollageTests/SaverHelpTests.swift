import CollageCodecs
import Foundation
import XCTest

/// The help texts and the man page list the output formats and the savers'
/// options from the registry (`OutputFormat`, issue 35): AVIF, its `--speed`
/// and `--chroma`, and `--max-bytes`.
final class SaverHelpTests: XCTestCase {
    func testRenderAndBatchHelpListAVIFAndItsOptions() throws {
        for command in ["render", "batch"] {
            let help = String(decoding: try runCollage([command, "--help"]).stdout, as: UTF8.self)
            XCTAssertTrue(help.contains("--format jpeg|png|webp|avif"), "\(command): \(help)")
            XCTAssertTrue(help.contains("  --speed N             AVIF encoder speed, lower is slower and smaller (0-9, default 6, or output.speed)"),
                          "\(command): \(help)")
            XCTAssertTrue(help.contains("  --chroma 444|420      AVIF chroma subsampling (default 444, or output.chroma)"), "\(command): \(help)")
            XCTAssertTrue(help.contains("  --max-bytes SIZE      the highest JPEG, WebP or AVIF quality whose file fits SIZE"), "\(command): \(help)")
        }
    }

    /// Every saver option is a flag of every command that writes images,
    /// with its help line from its declaration (`SaverOption`); `convert`,
    /// which writes pixels only, lists the raster savers' options.
    func testEveryCommandListsEverySaverOption() throws {
        for command in ["render", "batch", "grid", "watch", "convert"] {
            let help = String(decoding: try runCollage([command, "--help"]).stdout, as: UTF8.self)
            let options = command == "convert" ? OutputFormat.options(of: OutputFormat.raster) : OutputFormat.allOptions
            XCTAssertEqual(options.contains { $0.flag == "--pdf-max-ppi" }, command != "convert")
            for option in options {
                XCTAssertTrue(help.contains("  \(option.flag) \(option.valueSyntax)".trimmingCharacters(in: .whitespaces) + " "),
                              "\(command) lacks \(option.flag): \(help)")
            }
        }
        let render = String(decoding: try runCollage(["render", "--help"]).stdout, as: UTF8.self)
        XCTAssertTrue(render.contains("  --quality N           JPEG/WebP/AVIF quality (1-100, default 90, or output.quality)"), render)
        XCTAssertTrue(render.contains("  --lossless            lossless WebP, pixels kept exactly (default false, or output.lossless)"), render)
        let convert = String(decoding: try runCollage(["convert", "--help"]).stdout, as: UTF8.self)
        XCTAssertTrue(convert.contains("  --subsampling 420|444   JPEG chroma subsampling (default 420)\n"), convert)
    }

    /// A saver option's flag is checked against its declaration (the same
    /// message in every command).
    func testSaverOptionFlagsAreCheckedByTheirDeclaration() throws {
        for command in ["render", "convert"] {
            let run = try runCollage([command, "in.yaml", "-o", "out.jpg", "--subsampling", "422"])
            XCTAssertEqual(run.status, 64, command)
            XCTAssertTrue(run.stderr.contains("error: --subsampling must be 420 or 444, not '422'"), command)
        }
    }

    func testTheManPageListsAVIF() throws {
        let page = String(decoding: try runCollage(["--help-man"]).stdout, as: UTF8.self)
        XCTAssertTrue(page.contains("\\-\\-format jpeg|png|webp|avif"), page)
        XCTAssertTrue(page.contains("\\-\\-speed N"), page)
        XCTAssertTrue(page.contains("\\-\\-max\\-bytes SIZE"), page)
    }
}
