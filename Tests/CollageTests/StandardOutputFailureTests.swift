import Foundation
import XCTest
import CollageTestSupport

/// A write to standard output that fails (full device, closed descriptor,
/// reader gone) is exit 1 with one line on stderr, for every command that
/// writes there (`Console+StandardOutput.swift`).
final class StandardOutputFailureTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
        try Data("version: 1\ncanvas: {width: 64, height: 48}\nphotos: [photos/quadrants.png]\n".utf8)
            .write(to: directory.appendingPathComponent("doc.yaml"))
        // 1200x900 of noise-free gradients still encodes to well over the
        // 64 KiB a pipe buffers, so a reader that leaves early is noticed.
        try Data("version: 1\ncanvas: {width: 1200, height: 900}\nphotos: [photos/gradient.jpg]\n".utf8)
            .write(to: directory.appendingPathComponent("big.yaml"))
    }

    /// Every command that writes to standard output, with a small output.
    private let commands = [
        ["render", "doc.yaml", "-o", "-", "--format", "jpeg"],
        ["grid", "photos/quadrants.png", "--size", "64x48", "-o", "-", "--format", "png"],
        ["convert", "photos/quadrants.png", "-o", "-", "--format", "png"],
        ["schema"],
        ["layout", "doc.yaml", "--json"],
        ["--help"],
    ]

    func testAFullDeviceIsExit1WithTheReason() throws {
        for command in commands {
            let full = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
            defer { try? full.close() }
            let result = try OutputTestSupport.run(command, in: directory, standardOutput: full)
            XCTAssertEqual(result.status, 1, "\(command)")
            XCTAssertEqual(result.stderr, "error: cannot write standard output: No space left on device\n", "\(command)")
        }
    }

    /// `>&-`: the shell starts collage with fd 1 closed.
    func testAClosedStandardOutputIsExit1() throws {
        for command in commands {
            let result = try Pipeline.run("/bin/sh", ["-c", "exec \"$0\" \"$@\" >&-", TestPackage.binary.path] + command,
                                          in: directory)
            XCTAssertEqual(result.status, 1, "\(command)")
            XCTAssertEqual(result.output, "error: cannot write standard output: Bad file descriptor\n", "\(command)")
        }
    }

    /// With fd 1 closed, `/dev/null` holds its number for the whole run, so
    /// no file the render opens (a photo, the temporary output) can take it;
    /// the output comes out whole and the run, which writes nothing to
    /// standard output, succeeds.
    func testAClosedStandardOutputIsHeldByDevNull() throws {
        let shellOutput = directory.appendingPathComponent("sh-stdout.txt")
        _ = FileManager.default.createFile(atPath: shellOutput.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" render big.yaml -o out.png >&-", TestPackage.binary.path]
        process.currentDirectoryURL = directory
        process.environment = childEnvironment()
        process.standardOutput = try FileHandle(forWritingTo: shellOutput)
        process.standardError = FileHandle.nullDevice
        try process.run()
        // What fd 1 of the process names while it runs: sh's own fd 1 until
        // it execs collage, then nothing or, briefly, the shared libraries
        // the dynamic loader opens before main; from collage's first
        // statement on, /dev/null and nothing else.
        var seen: [String] = []
        while process.isRunning {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(process.processIdentifier)/fd/1"),
               target != seen.last {
                seen.append(target)
            }
            usleep(200)
        }
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let held = try XCTUnwrap(seen.firstIndex(of: "/dev/null"), "\(seen)")
        XCTAssertEqual(Set(seen[held...]), ["/dev/null"], "\(seen)")
        let expected = try runCollage(["render", "big.yaml", "-o", "-", "--format", "png"], in: directory)
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("out.png")), expected.stdout)
    }

    /// A pipe whose reader has gone: EPIPE, not a silent death by SIGPIPE.
    func testABrokenPipeIsExit1NotASignal() throws {
        for command in [["render", "big.yaml", "-o", "-", "--format", "png"], ["schema"]] {
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            let result = try OutputTestSupport.run(command, in: directory, standardOutput: pipe)
            XCTAssertFalse(result.signalled, "\(command)")
            XCTAssertEqual(result.status, 1, "\(command)")
            XCTAssertEqual(result.stderr, "error: cannot write standard output: Broken pipe\n", "\(command)")
        }
    }

    /// The shell form: `| head -c 10` takes ten bytes and exits while
    /// collage still writes. The image is larger than a pipe's buffer.
    func testHeadClosingThePipeEarlyIsExit1() throws {
        let script = "{ \"$0\" render big.yaml -o - --format png 2>err.txt; echo $? >status.txt; } | head -c 10 | wc -c"
        let result = try Pipeline.run("/bin/sh", ["-c", script, TestPackage.binary.path], in: directory)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(result.output.trimmingCharacters(in: .whitespacesAndNewlines), "10")
        let text = { (name: String) in try String(contentsOf: self.directory.appendingPathComponent(name), encoding: .utf8) }
        XCTAssertEqual(try text("status.txt"), "1\n")
        XCTAssertEqual(try text("err.txt"), "error: cannot write standard output: Broken pipe\n")
        let whole = try runCollage(["render", "big.yaml", "-o", "-", "--format", "png"], in: directory)
        XCTAssertGreaterThan(whole.stdout.count, 1 << 16, "the image must not fit in the pipe's buffer")
    }
}
