import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Where the corpus, the binary and scratch folders are.
enum CorpusPaths {
    /// The package root (this file is Tests/CorpusTests/CorpusSupport.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/corpus` beside the package. Missing: a loud skip, or a
    /// failure under CI=true (DESIGN.md "Tests").
    static func root(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("MANIFEST.md").path) { return url }
        let message = "CORPUS MISSING: \(url.path) not found; the corpus tests did not run"
        FileHandle.standardError.write(Data("\n*** \(message) ***\n\n".utf8))
        if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail(message, file: file, line: line) }
        throw XCTSkip(message)
    }

    /// The `collage` executable built beside this test bundle.
    static var binary: String {
        let bundleDir = Bundle.main.bundleURL
        for dir in [bundleDir, bundleDir.deletingLastPathComponent()] {
            let candidate = dir.appendingPathComponent("collage")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.path }
        }
        return packageRoot.appendingPathComponent(".build/debug/collage").path
    }

    /// A fresh temporary directory, removed when the test ends.
    static func scratch(_ test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("collage-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}

/// One run of the `collage` binary, measured by `wait4`.
struct ChildRun {
    /// Exit status, or nil when a signal ended the process.
    var status: Int32?
    /// The signal that ended it (0 when it exited).
    var signal: Int32
    /// Peak resident set size of the child, in bytes (`ru_maxrss`).
    var peakRSS: Int
    var stderr: String
    var timedOut: Bool

    /// Runs `collage arguments` (absolute paths only) with NO_COLOR set;
    /// a child still running after `timeout` seconds is killed and reported.
    static func collage(_ arguments: [String], timeout: Double = 120) throws -> ChildRun {
        let errPath = FileManager.default.temporaryDirectory.appendingPathComponent("collage-err-\(UUID().uuidString)").path
        defer { unlink(errPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([CorpusPaths.binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, CorpusPaths.binary, &actions, nil, argv, envp)
        guard spawned == 0 else { throw NSError(domain: "spawn", code: Int(spawned)) }
        var status: Int32 = 0
        var usage = rusage()
        let start = Date()
        var timedOut = false
        while true {
            let done = wait4(pid, &status, WNOHANG, &usage)
            if done == pid { break }
            if done < 0 && errno != EINTR { throw NSError(domain: "wait4", code: Int(errno)) }
            if Date().timeIntervalSince(start) > timeout, !timedOut {
                timedOut = true
                kill(pid, SIGKILL)
            }
            usleep(5_000)
        }
        let signal = status & 0x7F
        let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        return ChildRun(status: signal == 0 ? (status >> 8) & 0xFF : nil, signal: signal,
                        peakRSS: Int(usage.ru_maxrss) * 1024, stderr: stderr, timedOut: timedOut)
    }
}
