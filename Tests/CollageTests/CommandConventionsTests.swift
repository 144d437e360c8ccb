import Foundation
import XCTest
import CollageTestSupport

/// `collage help CMD`, the unknown-command suggestion, `--version` and help
/// texts that name only files of the repository.
final class CommandConventionsTests: XCTestCase {
    func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    /// The names of the main help's "Commands:" section.
    func listedCommands() throws -> [String] {
        let help = text(try runCollage(["--help"]).stdout)
        let section = try XCTUnwrap(help.components(separatedBy: "\nCommands:\n").last)
        return section.components(separatedBy: "\n").prefix { $0.hasPrefix("  ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    func testHelpCommandIsTheCommandsOwnHelp() throws {
        let commands = try listedCommands()
        XCTAssertEqual(commands, ["render", "check", "layout", "schema", "batch", "grid", "impose", "watch", "convert", "serve", "sign"])
        for command in commands {
            let viaHelp = try runCollage(["help", command])
            let own = try runCollage([command, "--help"])
            XCTAssertEqual(viaHelp.status, 0, viaHelp.stderr)
            XCTAssertEqual(viaHelp.stdout, own.stdout, command)
            XCTAssertTrue(text(viaHelp.stdout).hasPrefix("Usage: collage \(command)"), command)
        }
        XCTAssertEqual(try runCollage(["help"]).stdout, try runCollage(["--help"]).stdout)
        let unknown = try runCollage(["help", "rendr"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertEqual(unknown.stderr, "error: unknown command 'rendr'; did you mean 'render'?\nsee `collage --help`\n")
    }

    func testUnknownOptionSuggestsTheClosestOfTheCommandsOwn() throws {
        let typo = try runCollage(["render", "doc.yaml", "-o", "x.png", "--qualty", "80"])
        XCTAssertEqual(typo.status, 64)
        XCTAssertEqual(typo.stderr, "error: unknown option '--qualty'; did you mean '--quality'?\nsee `collage render --help`\n")
        // `--thread` is one edit from `--threads`, and `--dpi` is render's, not convert's.
        XCTAssertTrue(try runCollage(["grid", "a.jpg", "-o", "x.png", "--thread", "2"]).stderr
            .hasPrefix("error: unknown option '--thread'; did you mean '--threads'?\n"))
        XCTAssertTrue(try runCollage(["batch", "t.yaml", "--dat", "r.csv", "-o", "x.png"]).stderr
            .hasPrefix("error: unknown option '--dat'; did you mean '--data'?\n"))
        let far = try runCollage(["convert", "a.jpg", "-o", "x.png", "--frobnicate"])
        XCTAssertEqual(far.status, 64)
        XCTAssertEqual(far.stderr, "error: unknown option '--frobnicate'\nsee `collage convert --help`\n")
    }

    /// `--threads` takes 1 to 1024: 0 and a typo'd 99999 are usage errors, before any file is read.
    func testThreadCountOutOfRangeIsAUsageError() throws {
        for count in ["0", "99999", "-2", "two"] {
            let run = try runCollage(["render", "doc.yaml", "-o", "x.png", "--threads", count])
            XCTAssertEqual(run.status, 64, count)
            XCTAssertEqual(run.stderr, "error: --threads must be a whole number from 1 to 1024, not '\(count)'\n"
                + "see `collage render --help`\n", count)
        }
    }

    /// A port past 65535 was once wrapped modulo 65536 (99999 listened on 34463).
    func testListenAddressOutOfRangeIsAUsageError() throws {
        for address in ["127.0.0.1:99999", "127.0.0.1:65536", "unix:", "127.0.0.1:-1", ":abc"] {
            let run = try runCollage(["serve", "--root", ".", "--listen", address])
            XCTAssertEqual(run.status, 64, address)
            XCTAssertTrue(run.stderr.hasPrefix("error: --listen takes HOST:PORT (a port from 0 to 65535) or unix:/PATH, not '\(address)'"), run.stderr)
        }
    }

    /// A `\` at the end of a line of a Swift multi-line literal joins the
    /// lines, so the batch example's shell continuation once printed as one
    /// line with a run of spaces in it; every example command is one line or
    /// continues with a visible backslash.
    func testExampleCommandsKeepTheirLineContinuations() throws {
        let batch = text(try runCollage(["batch", "--help"]).stdout)
        XCTAssertTrue(batch.contains("-o 'cards/${id}.jpg' \\\n      --shard auto --report"), batch)
        for command in try listedCommands() {
            let help = text(try runCollage([command, "--help"]).stdout)
            for line in help.split(separator: "\n") where line.contains("$ ") {
                XCTAssertFalse(line.contains("'    "), "\(command): \(line)")
            }
        }
    }

    func testHelpOfHelpIsTheMainHelp() throws {
        for flag in ["--help", "-h"] {
            let result = try runCollage(["help", flag])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stdout, try runCollage(["--help"]).stdout)
        }
    }

    func testUnknownCommandSuggestsTheClosest() throws {
        let typo = try runCollage(["rendr", "doc.yaml"])
        XCTAssertEqual(typo.status, 64)
        XCTAssertTrue(typo.stdout.isEmpty)
        XCTAssertEqual(typo.stderr, "error: unknown command 'rendr'; did you mean 'render'?\nsee `collage --help`\n")
        XCTAssertTrue(try runCollage(["cnovert"]).stderr.hasPrefix("error: unknown command 'cnovert'; did you mean 'convert'?\n"))
        let far = try runCollage(["frobnicate"])
        XCTAssertEqual(far.status, 64)
        XCTAssertEqual(far.stderr, "error: unknown command 'frobnicate'\n"
                       + "commands: render, check, layout, schema, batch, grid, impose, watch, convert, serve, sign\nsee `collage --help`\n")
    }

    func testVersionHasOneSourceAndListsTheLibraries() throws {
        let file = try String(contentsOf: TestPackage.root.appendingPathComponent("VERSION"), encoding: .utf8)
        let version = file.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertNotNil(version.range(of: #"^0\.[0-9]+\.[0-9]+$"#, options: .regularExpression), version)
        let result = try runCollage(["--version"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = text(result.stdout).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "collage \(version)")
        XCTAssertTrue(text(try runCollage(["--help"]).stdout).hasPrefix("collage \(version):"))
        let libraries = Dictionary(lines.dropFirst().map { line -> (String, String) in
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(Set(libraries.keys), ["libjpeg-turbo", "libpng", "libwebp", "libheif", "librsvg", "HarfBuzz", "FreeType", "libqrencode"])
        for (name, value) in libraries {
            XCTAssertNotNil(value.range(of: #"^[0-9]+\.[0-9]+\.[0-9]+$"#, options: .regularExpression), "\(name) \(value)")
        }
        // The installed libheif's and librsvg's own versions (both are opened for --version only).
        let pkgconfig = Process()
        pkgconfig.executableURL = URL(fileURLWithPath: "/usr/bin/pkg-config")
        pkgconfig.arguments = ["--modversion", "libheif", "libpng16", "harfbuzz", "librsvg-2.0", "libqrencode"]
        let out = Pipe()
        pkgconfig.standardOutput = out
        try pkgconfig.run()
        pkgconfig.waitUntilExit()
        let expected = text(out.fileHandleForReading.readDataToEndOfFile()).split(separator: "\n").map(String.init)
        XCTAssertEqual([libraries["libheif"], libraries["libpng"], libraries["HarfBuzz"], libraries["librsvg"], libraries["libqrencode"]].compactMap { $0 },
                       expected)
    }

    func testHelpNamesOnlyFilesInTheRepository() throws {
        var texts = [text(try runCollage(["--help"]).stdout)]
        for command in try listedCommands() { texts.append(text(try runCollage([command, "--help"]).stdout)) }
        texts.append(text(try runCollage(["schema"]).stdout))
        let pattern = try NSRegularExpression(pattern: #"(?<![A-Za-z0-9_./:-])([A-Za-z0-9_./-]*\.md\b|(docs|schema|examples|scripts)/[A-Za-z0-9_./-]*[A-Za-z0-9_])"#)
        var named: Set<String> = []
        for text in texts {
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                named.insert(String(text[Range(match.range, in: text)!]))
            }
        }
        XCTAssertFalse(named.isEmpty)
        for path in named {
            XCTAssertTrue(FileManager.default.fileExists(atPath: TestPackage.root.appendingPathComponent(path).path),
                          "a help text names '\(path)', which is not in the repository")
        }
    }

    /// libheif is opened (dlopen) for `--version`, which reports its
    /// version, and never on a normal start: the dynamic loader's own log
    /// (`LD_DEBUG=files`) names every library it loads.
    func testOnlyVersionOpensLibheif() throws {
        let version = try runCollage(["--version"], environment: ["LD_DEBUG": "files"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stderr.contains("file=libheif.so.1"), version.stderr)
        for arguments in [["--help"], ["grid", "--help"], ["rendr"]] {
            let result = try runCollage(arguments, environment: ["LD_DEBUG": "files"])
            XCTAssertTrue(result.stderr.contains("file=libjpeg.so.62"), "\(arguments)")
            XCTAssertFalse(result.stderr.contains("libheif"), "\(arguments) loads libheif")
        }
    }
}
