import Foundation
import XCTest

/// Helpers for the pipeline tests (depfiles, batch, make, watch).
enum Pipeline {
    /// SHA-256 of a file as hex, by coreutils' `sha256sum`.
    static func sha256(_ url: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [url.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(String(decoding: data, as: UTF8.self).prefix(64))
    }

    /// Runs `executable` with `arguments` in `directory`; returns status and combined output.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], in directory: URL,
                    environment extra: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = childEnvironment(extra)
        let logURL = FileManager.default.temporaryDirectory.appendingPathComponent("collage-run-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: logURL) }
        let log = try FileHandle(forWritingTo: logURL)
        process.standardOutput = log
        process.standardError = log
        try process.run()
        process.waitUntilExit()
        try log.close()
        return (process.terminationStatus, (try? String(contentsOf: logURL, encoding: .utf8)) ?? "")
    }

    /// Modification time of a file, nanoseconds.
    static func mtime(_ url: URL) -> Int {
        var st = stat()
        guard stat(url.path, &st) == 0 else { return -1 }
        return st.st_mtim.tv_sec * 1_000_000_000 + st.st_mtim.tv_nsec
    }
}
