import Foundation
import XCTest
import CollageTestSupport

/// The man page, the shell completions, `scripts/install` and
/// `scripts/package-deb`, all checked against what the binary prints.
final class PackagingTests: XCTestCase {
    func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    /// Runs `executable` with `arguments`; stdout and the exit status.
    func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
             in directory: URL? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, text(data))
    }

    /// The main help and every command's help, as `collage` prints them.
    func helpTexts() throws -> [(name: String, text: String)] {
        let main = text(try runCollage(["--help"]).stdout)
        let section = try XCTUnwrap(main.components(separatedBy: "\nCommands:\n").last)
        let commands = section.components(separatedBy: "\n").prefix { $0.hasPrefix("  ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        return try [("", main)] + commands.map { ($0, text(try runCollage([$0, "--help"]).stdout)) }
    }

    /// Every option name in a help's "Options:" section.
    func optionNames(_ help: String) -> [String] {
        guard let section = help.components(separatedBy: "\nOptions:\n").dropFirst().first else { return [] }
        var names: [String] = []
        for line in section.components(separatedBy: "\n") where line.hasPrefix("  -") {
            for word in line.dropFirst(2).split(separator: " ") {
                let name = word.hasSuffix(",") ? word.dropLast() : word
                guard name.hasPrefix("-") else { break }
                names.append(String(name))
                if !word.hasSuffix(",") { break }
            }
        }
        return names
    }

    /// `man -l` of `page` as plain text, lines without the body's 7-space indent.
    func renderedManPage(_ page: URL) throws -> [String] {
        let rendered = try run("/bin/sh", ["-c", "man -l '\(page.path)' | col -bx"],
                               environment: ["MANWIDTH": "400", "MAN_KEEP_FORMATTING": "", "LANG": "C.UTF-8"])
        XCTAssertEqual(rendered.status, 0)
        return rendered.output.components(separatedBy: "\n").map { line in
            var line = Substring(line)
            for _ in 0..<7 where line.hasPrefix(" ") { line = line.dropFirst() }
            return String(line.reversed().drop { $0 == " " }.reversed())
        }
    }

    func testManPageIsTheHelp() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        let page = directory.appendingPathComponent("collage.1")
        let generated = try runCollage(["--help-man"])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        try generated.stdout.write(to: page)
        let rendered = try renderedManPage(page)
        XCTAssertTrue(rendered.contains { $0.hasPrefix("collage - turn a YAML or JSON collage document") }, "\(rendered.prefix(10))")
        for (name, help) in try helpTexts() {
            var lines = help.components(separatedBy: "\n").map { String($0.reversed().drop { $0 == " " }.reversed()) }
            while lines.last == "" { lines.removeLast() }
            // The help appears as one block of lines, in order, verbatim.
            let start = try XCTUnwrap(rendered.firstIndex(of: lines[0]), "\(name): '\(lines[0])' not in the man page")
            XCTAssertEqual(Array(rendered[start..<min(rendered.count, start + lines.count)]), lines,
                           "collage \(name) --help differs from its man page section")
        }
    }

    func testCompletionsOfferEveryCommandFlagAndValue() throws {
        let helps = try helpTexts()
        let commands = helps.map(\.name).filter { !$0.isEmpty }
        for shell in ["bash", "zsh", "fish"] {
            let result = try runCollage(["--completion", shell])
            XCTAssertEqual(result.status, 0, result.stderr)
            let script = text(result.stdout)
            for command in commands { XCTAssertTrue(script.contains(command), "\(shell): \(command)") }
            for (name, help) in helps.dropFirst() {
                for option in optionNames(help) {
                    let spelled = shell == "fish" ? (option.hasPrefix("--") ? "-l \(option.dropFirst(2))" : "-s \(option.dropFirst())")
                                                  : option
                    XCTAssertTrue(script.contains(spelled), "\(shell): \(name) \(option)")
                }
            }
        }
        let zsh = text(try runCollage(["--completion", "zsh"]).stdout)
        XCTAssertTrue(zsh.contains("'--subsampling[JPEG chroma subsampling (default 420, or output.subsampling)]:420|444:(420 444)'"), zsh)
        XCTAssertTrue(zsh.contains("'*:document:_files -g \"*.(yaml|yml|json|YAML|YML|JSON)(-.)\"'"), zsh)
        let fish = text(try runCollage(["--completion", "fish"]).stdout)
        XCTAssertTrue(fish.contains("complete -c collage -n '__fish_seen_subcommand_from grid' -l fit -x -a 'cover contain'"), fish)
        XCTAssertTrue(fish.contains("-n '__fish_seen_subcommand_from render' -k -a '(__collage_files_with yaml yml json)'"), fish)
    }

    /// Each option the help lists is one the parser takes, with a value
    /// exactly when the help gives it a placeholder (the completions rely on it).
    func testHelpOptionsMatchTheParser() throws {
        for (name, help) in try helpTexts().dropFirst() {
            let section = help.components(separatedBy: "\nOptions:\n").dropFirst().first ?? ""
            for line in section.components(separatedBy: "\n") where line.hasPrefix("  --") {
                let words = line.dropFirst(2).split(separator: " ", omittingEmptySubsequences: false)
                let option = String(words[0])
                guard option != "--help" else { continue }
                let takesValue = words.count > 1 && !words[1].isEmpty
                    && (words[1].contains("|") || words[1].first?.isUppercase == true)
                let result = try runCollage([name, takesValue ? option : option + "=x"])
                XCTAssertEqual(result.status, 64, "\(name) \(option)")
                XCTAssertTrue(result.stderr.hasPrefix(takesValue ? "error: \(option) needs a value" : "error: \(option) takes no value"),
                              "\(name) \(option): \(result.stderr)")
            }
        }
    }

    func testBashCompletionCompletesCommandsFlagsValuesAndDocuments() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        for file in ["trip.yaml", "b.JSON", "c.yml", "notes.txt", "p.jpg"] {
            _ = FileManager.default.createFile(atPath: directory.appendingPathComponent(file).path, contents: Data())
        }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let script = directory.appendingPathComponent("collage.bash")
        try runCollage(["--completion", "bash"]).stdout.write(to: script)
        func complete(_ words: String) throws -> [String] {
            let probe = """
            source '\(script.path)'
            COMP_WORDS=(\(words)); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); _collage
            printf '%s\\n' "${COMPREPLY[@]}" | sort
            """
            return try run("/bin/bash", ["-c", probe], in: directory).output.split(separator: "\n").map(String.init)
        }
        XCTAssertEqual(try complete("collage re"), ["render"])
        XCTAssertEqual(try complete("collage help gr"), ["grid"])
        XCTAssertEqual(try complete("collage render --format ''"), ["avif", "jpeg", "pdf", "png", "webp"])
        XCTAssertEqual(try complete("collage render --chroma ''"), ["420", "444"])
        XCTAssertEqual(try complete("collage convert --subsampling ''"), ["420", "444"])
        XCTAssertEqual(try complete("collage grid --fit ''"), ["contain", "cover"])
        XCTAssertEqual(try complete("collage render --pro"), ["--progressive"])
        XCTAssertEqual(try complete("collage render ''"), ["b.JSON", "c.yml", "sub", "trip.yaml"])
        XCTAssertEqual(try complete("collage grid ''"), ["p.jpg", "sub"])
        XCTAssertEqual(try complete("collage render trip.yaml --root ''"), ["sub"])
    }

    func testInstallIntoAPrefix() throws {
        let prefix = try TestPackage.temporaryDirectory(self).appendingPathComponent("usr")
        let install = try run(TestPackage.root.appendingPathComponent("scripts/install").path,
                              ["--prefix", prefix.path, "--binary", TestPackage.binary.path])
        XCTAssertEqual(install.status, 0)
        let version = try run(prefix.appendingPathComponent("bin/collage").path, ["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.output, text(try runCollage(["--version"]).stdout))
        let page = prefix.appendingPathComponent("share/man/man1/collage.1")
        XCTAssertEqual(try Data(contentsOf: page), try runCollage(["--help-man"]).stdout)
        XCTAssertTrue(try renderedManPage(page).contains("Usage: collage grid PHOTO... -o OUT [options]"))
        let bash = prefix.appendingPathComponent("share/bash-completion/completions/collage").path
        let registered = try run("/bin/bash", ["-c", "source '\(bash)' && complete -p collage"])
        XCTAssertEqual(registered.status, 0)
        XCTAssertEqual(registered.output, "complete -o filenames -F _collage collage\n")
        for (path, shell) in [("share/zsh/site-functions/_collage", "zsh"), ("share/fish/vendor_completions.d/collage.fish", "fish")] {
            XCTAssertEqual(try Data(contentsOf: prefix.appendingPathComponent(path)),
                           try runCollage(["--completion", shell]).stdout, path)
        }
    }

    /// The libraries only some commands need are dlopen'ed, not linked
    /// (issue 32: every command paid for their loading and relocation, and
    /// for GnuTLS's, in start-up time and resident memory): the binary's
    /// NEEDED entries name none of libmicrohttpd, GnuTLS, libheif, librsvg.
    func testBinaryDoesNotLinkTheLibrariesItOpensOnDemand() throws {
        let dynamic = try run("/usr/bin/readelf", ["-d", "-W", TestPackage.binary.path])
        XCTAssertEqual(dynamic.status, 0)
        let needed = dynamic.output.components(separatedBy: "\n").filter { $0.contains("(NEEDED)") }
        XCTAssertTrue(needed.contains { $0.contains("libjpeg") }, "no NEEDED entry read: \(dynamic.output)")
        for library in ["libmicrohttpd", "libgnutls", "libheif", "librsvg"] {
            XCTAssertFalse(needed.contains { $0.contains(library) }, "\(library) is linked: \(needed)")
        }
        let loaded = try run("/usr/bin/ldd", [TestPackage.binary.path])
        XCTAssertEqual(loaded.status, 0)
        for library in ["libmicrohttpd", "libgnutls", "libheif", "librsvg"] {
            XCTAssertFalse(loaded.output.contains(library), "\(library) is loaded at start: \(loaded.output)")
        }
    }

    func testDebianPackageContentsAndFields() throws {
        let out = try TestPackage.temporaryDirectory(self)
        // The tests' binary is a debug build on the toolchain's shared Swift
        // runtime (--test-build); CI packages and installs the release build.
        let built = try run(TestPackage.root.appendingPathComponent("scripts/package-deb").path,
                            ["--out", out.path, "--binary", TestPackage.binary.path, "--test-build"])
        XCTAssertEqual(built.status, 0)
        let version = try String(contentsOf: TestPackage.root.appendingPathComponent("VERSION"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let deb = out.appendingPathComponent("collage_\(version)_amd64.deb")
        XCTAssertEqual(built.output, deb.path + "\n")
        func field(_ name: String) throws -> String {
            try run("/usr/bin/dpkg-deb", ["-f", deb.path, name]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        XCTAssertEqual(try field("Package"), "collage")
        XCTAssertEqual(try field("Version"), version)
        XCTAssertEqual(try field("Architecture"), "amd64")
        // No placeholder address: the project names no maintainer (README "Licence and credits").
        XCTAssertEqual(try field("Maintainer"), "collage developers")
        let depends = try field("Depends").components(separatedBy: ", ").map { $0.components(separatedBy: " ")[0] }
        for library in ["libc6", "libjpeg62-turbo", "libpng16-16", "libwebp7", "libexif12", "liblcms2-2", "libyaml-0-2",
                        "libfreetype6", "libharfbuzz0b", "libharfbuzz-subset0", "libfontconfig1", "libicu72", "libheif1", "librsvg2-2", "zlib1g"] {
            XCTAssertTrue(depends.contains(library), "Depends lacks \(library): \(depends)")
        }
        XCTAssertEqual(Array(depends.suffix(3)), ["libheif1", "librsvg2-2", "libmicrohttpd12"])
        // The release binary's packed relative relocations (DT_RELR) need glibc 2.36's loader.
        let dependsField = try field("Depends")
        XCTAssertTrue(dependsField.contains("libc6 (>= 2.36)"), dependsField)
        let recommends = try field("Recommends")
        // opencv-data: the face cascades `focus: faces` reads at run time (issue 40).
        for package in ["fonts-dejavu-core", "fonts-noto-core", "fonts-noto-cjk", "fonts-noto-color-emoji", "hyphen-en-us", "opencv-data"] {
            XCTAssertTrue(recommends.contains(package), recommends)
        }
        let contents = try run("/usr/bin/dpkg-deb", ["-c", deb.path]).output.components(separatedBy: "\n")
            .compactMap { $0.split(separator: " ").last.map(String.init) }
        for path in ["./usr/bin/collage", "./usr/share/man/man1/collage.1.gz",
                     "./usr/share/bash-completion/completions/collage", "./usr/share/zsh/vendor-completions/_collage",
                     "./usr/share/fish/vendor_completions.d/collage.fish", "./usr/share/doc/collage/copyright",
                     "./usr/share/doc/collage/README.md", "./usr/share/doc/collage/format.md",
                     "./usr/share/doc/collage/text.md"] {
            XCTAssertTrue(contents.contains(path), "\(path) not in the package: \(contents)")
        }
        XCTAssertTrue(contents.allSatisfy { $0.isEmpty || $0.hasPrefix("./usr/") || $0 == "./" }, "\(contents)")
        // A debug build without --test-build is refused: its .deb would need the toolchain.
        let refused = try run(TestPackage.root.appendingPathComponent("scripts/package-deb").path,
                              ["--out", out.path, "--binary", TestPackage.binary.path])
        XCTAssertEqual(refused.status, 1)
    }
}
