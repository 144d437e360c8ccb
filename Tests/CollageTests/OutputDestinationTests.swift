import Foundation
import XCTest
import CollageTestSupport

/// `-o` naming something other than a regular file (AtomicFile +
/// OutputDestination): a symbolic link stays a link and the file it resolves
/// to is replaced; a device or FIFO is written through and stays what it is.
final class OutputDestinationTests: XCTestCase {
    var directory: URL!
    /// `doc.yaml` rendered to a plain new file.
    var reference: Data!

    override func setUpWithError() throws {
        directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
        try Data("version: 1\ncanvas: {width: 64, height: 48}\nphotos: [photos/quadrants.png]\n".utf8)
            .write(to: url("doc.yaml"))
        let result = try runCollage(["render", "doc.yaml", "-o", "reference.jpg"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        reference = try Data(contentsOf: url("reference.jpg"))
        try FileManager.default.removeItem(at: url("reference.jpg"))
    }

    private func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    private func link(_ name: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: url(name).path, withDestinationPath: target)
    }

    func testASymbolicLinkStaysALinkAndTheFileItNamesIsReplaced() throws {
        let folder = url("elsewhere")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: folder.appendingPathComponent("target.jpg"))
        try link("out.jpg", to: "elsewhere/target.jpg")
        let result = try runCollage(["render", "doc.yaml", "-o", "out.jpg"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(OutputTestSupport.type(url("out.jpg")), S_IFLNK)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: url("out.jpg").path), "elsewhere/target.jpg")
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("target.jpg")), reference)
        // The temporary file was made beside the target and renamed onto it.
        XCTAssertEqual(try OutputTestSupport.names(folder), ["target.jpg"])
        XCTAssertEqual(try OutputTestSupport.names(directory), ["doc.yaml", "elsewhere", "out.jpg", "photos"])
    }

    func testALinkToAnInputIsStillRefused() throws {
        let photo = try Data(contentsOf: url("photos/quadrants.png"))
        try link("out.png", to: "photos/quadrants.png")
        let render = try runCollage(["render", "doc.yaml", "-o", "out.png"], in: directory)
        XCTAssertEqual(render.status, 64)
        XCTAssertEqual(render.stderr, """
            error: the output 'out.png' is an input of this document: 'photos/quadrants.png' at doc.yaml:3:10; choose another output path
            see `collage render --help`

            """)
        let convert = try runCollage(["convert", "photos/quadrants.png", "-o", "out.png"], in: directory)
        XCTAssertEqual(convert.status, 64)
        XCTAssertEqual(convert.stderr,
                       "error: the output 'out.png' is one of the input photos; choose another output path\nsee `collage convert --help`\n")
        XCTAssertEqual(OutputTestSupport.type(url("out.png")), S_IFLNK)
        XCTAssertEqual(try Data(contentsOf: url("photos/quadrants.png")), photo)
    }

    func testADanglingLinkIsAnErrorAndStaysAsItWas() throws {
        try link("out.jpg", to: "missing/nothing.jpg")
        let result = try runCollage(["render", "doc.yaml", "-o", "out.jpg"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: cannot write 'out.jpg': it is a symbolic link to a file that does not exist ('missing/nothing.jpg'); create the file or remove the link\n")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: url("out.jpg").path), "missing/nothing.jpg")
        XCTAssertEqual(try OutputTestSupport.names(directory), ["doc.yaml", "out.jpg", "photos"])
    }

    func testALinkToAFolderIsAUsageErrorAndStaysALink() throws {
        try link("out.jpg", to: "photos")
        let result = try runCollage(["render", "doc.yaml", "-o", "out.jpg"], in: directory)
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.hasPrefix("error: the output 'out.jpg' is a folder;"), result.stderr)
        XCTAssertEqual(OutputTestSupport.type(url("out.jpg")), S_IFLNK)
    }

    /// A character device made in the scratch folder (root only: mknod needs
    /// CAP_MKNOD, and a `nodev` mount refuses to open it), else a symbolic
    /// link to the system's device, which a regression would replace
    /// instead of the device itself.
    private func characterDevice(_ name: String, minor: UInt32, system: String) throws -> String {
        // Linux's device number encoding for major 1: major << 8 | minor.
        if mknod(url(name).path, S_IFCHR | 0o666, dev_t(1 << 8 | minor)) == 0 {
            let fd = open(url(name).path, O_WRONLY)
            if fd >= 0 {
                close(fd)
                XCTAssertEqual(OutputTestSupport.type(url(name)), S_IFCHR)
                return name
            }
            unlink(url(name).path)
        }
        try link(name, to: system)
        return name
    }

    func testACharacterDeviceIsWrittenThroughAndStaysADevice() throws {
        let null = try characterDevice("null", minor: 3, system: "/dev/null")
        let nullType = OutputTestSupport.type(url(null))
        for command in [["render", "doc.yaml"], ["grid", "photos/quadrants.png", "--size", "64x48"],
                        ["convert", "photos/quadrants.png"]] {
            let result = try runCollage(command + ["-o", null, "--format", "jpeg"], in: directory)
            XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)")
            XCTAssertEqual(result.stderr, "")
            XCTAssertEqual(OutputTestSupport.type(url(null)), nullType, "\(command) replaced the device")
        }
        XCTAssertEqual(try OutputTestSupport.names(directory), ["doc.yaml", "null", "photos"])

        // /dev/full fails every write: the error is reported, exit 1.
        let full = try characterDevice("full", minor: 7, system: "/dev/full")
        let fullType = OutputTestSupport.type(url(full))
        let result = try runCollage(["render", "doc.yaml", "-o", full, "--format", "jpeg"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: cannot write 'full': No space left on device\n")
        XCTAssertEqual(OutputTestSupport.type(url(full)), fullType)
        XCTAssertEqual(try OutputTestSupport.names(directory), ["doc.yaml", "full", "null", "photos"])
    }

    /// `/proc/self/fd/1` is the writing process's own standard output.
    func testALinkToProcSelfFd1WritesToStandardOutput() throws {
        try link("stdout", to: "/proc/self/fd/1")
        let result = try runCollage(["render", "doc.yaml", "-o", "stdout", "--format", "jpeg"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, reference)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: url("stdout").path), "/proc/self/fd/1")
    }

    func testAFIFOIsWrittenThroughAndStaysAFIFO() throws {
        XCTAssertEqual(mkfifo(url("fifo.jpg").path, 0o644), 0)
        // Opened read-write, so neither side blocks in open(2) whatever happens.
        let fd = open(url("fifo.jpg").path, O_RDWR | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        let process = Process()
        process.executableURL = TestPackage.binary
        process.arguments = ["render", "doc.yaml", "-o", "fifo.jpg"]
        process.currentDirectoryURL = directory
        process.environment = childEnvironment()
        process.standardError = FileHandle.nullDevice
        try process.run()
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            let running = process.isRunning
            let n = read(fd, &buffer, buffer.count)
            if n > 0 { received.append(contentsOf: buffer[..<n]); continue }
            if !running { break }   // exited before this read: everything it wrote was read
            usleep(1000)
        }
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(received, reference)
        XCTAssertEqual(OutputTestSupport.type(url("fifo.jpg")), S_IFIFO)
        XCTAssertEqual(try OutputTestSupport.names(directory), ["doc.yaml", "fifo.jpg", "photos"])
    }
}

extension OutputDestinationTests {
    /// open(2) cannot open a Unix socket: an error that says so; the socket stays.
    func testASocketIsAnErrorAndStaysASocket() throws {
        let path = url("socket.jpg").path
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        XCTAssertLessThan(bytes.count, MemoryLayout.size(ofValue: address.sun_path))
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0)
        let result = try runCollage(["render", "doc.yaml", "-o", "socket.jpg"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: cannot write 'socket.jpg': it is a socket, which cannot be opened as a file\n")
        XCTAssertEqual(OutputTestSupport.type(url("socket.jpg")), S_IFSOCK)
        XCTAssertEqual(try OutputTestSupport.names(directory), ["doc.yaml", "photos", "socket.jpg"])
    }
}
