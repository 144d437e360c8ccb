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

    func testTheManPageListsAVIF() throws {
        let page = String(decoding: try runCollage(["--help-man"]).stdout, as: UTF8.self)
        XCTAssertTrue(page.contains("\\-\\-format jpeg|png|webp|avif"), page)
        XCTAssertTrue(page.contains("\\-\\-speed N"), page)
        XCTAssertTrue(page.contains("\\-\\-max\\-bytes SIZE"), page)
    }
}
