import Foundation
import XCTest
import CollageCodecs
import CollageTestSupport

/// The reference pages list every command and every flag its `--help` has.
final class DocsCompletenessTests: XCTestCase {
    private let commands = ["render", "check", "layout", "schema", "convert", "batch", "grid", "watch", "serve", "sign"]

    private func text(_ path: String) throws -> String {
        try String(contentsOf: TestPackage.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The long flags of `collage COMMAND --help`'s Options block (without --help and --output).
    private func flags(of command: String) throws -> [String] {
        let help = String(decoding: try runCollage([command, "--help"]).stdout, as: UTF8.self)
        return help.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  -") else { return nil }
            let long = line.split(separator: " ").first { $0.hasPrefix("--") }.map(String.init)
            return long.map { $0.hasSuffix(",") ? String($0.dropLast()) : $0 }
        }.filter { $0 != "--help" && $0 != "--output" }
    }

    func testFormatPageCommandTableHasEveryCommandAndFlag() throws {
        let page = try text("docs/format.md")
        XCTAssertTrue(page.contains("turns it into a \(OutputFormat.displayNamesInProse) image."))
        for command in commands {
            guard let row = page.split(separator: "\n").first(where: {
                $0.hasPrefix("| `collage \(command) ") || $0.hasPrefix("| `collage \(command)`") }) else {
                XCTFail("docs/format.md has no row for collage \(command)"); continue
            }
            for flag in try flags(of: command) {
                XCTAssertTrue([" ", "]", "`"].contains { row.contains(flag + $0) }, "docs/format.md: collage \(command) lacks \(flag)")
            }
        }
    }

    func testBannerAndReadmeNameEveryFormatAndCommand() throws {
        let banner = String(decoding: try runCollage(["--help"]).stdout, as: UTF8.self)
        let version = try text("VERSION").trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(banner.hasPrefix("collage \(version): turn a YAML or JSON collage document into a \(OutputFormat.displayNamesInProse) image.\n"),
                      banner)
        let readme = try text("README.md")
        let usage = readme.components(separatedBy: "## Using it")[1].components(separatedBy: "```")[1]
        for command in commands {
            XCTAssertTrue(usage.contains("collage \(command) "), "README 'Using it' lacks collage \(command)")
        }
    }
}
