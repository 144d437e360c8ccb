import Foundation
import XCTest
import CollageTestSupport

/// Helpers for the tests of where outputs go: files that are not regular
/// files, and standard output that cannot be written.
enum OutputTestSupport {
    /// The file type bits (`S_IFMT`) of `url` itself, not following a
    /// symbolic link; nil when it does not exist.
    static func type(_ url: URL) -> mode_t? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    /// The names in `directory`, hidden ones (temporary files) included, sorted.
    static func names(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    /// Runs `collage` in `directory` with its standard output on `output`
    /// (any file handle: `/dev/full`, a pipe's write end); returns the exit
    /// status, whether it ended by a signal, and its stderr.
    static func run(_ arguments: [String], in directory: URL, standardOutput output: Any)
        throws -> (status: Int32, signalled: Bool, stderr: String) {
        let process = Process()
        process.executableURL = TestPackage.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = childEnvironment()
        let errURL = directory.appendingPathComponent("stderr-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errURL) }
        let errHandle = try FileHandle(forWritingTo: errURL)
        process.standardOutput = output
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try errHandle.close()
        process.waitUntilExit()
        let stderr = String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self)
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal, stderr)
    }
}
