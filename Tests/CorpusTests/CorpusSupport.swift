import Foundation
import XCTest
import CollageTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// One run of the `collage` binary, measured by `wait4`.
///
/// The child is started by a small Python parent (python3 is installed by
/// scripts/install-deps): Linux carries the peak RSS of the memory a process
/// had before `execve` into its `ru_maxrss`, so a child spawned straight from
/// this large test process would report the test's own footprint. The
/// Python parent forks and execs `collage`, waits for it with `os.wait4`
/// and prints its status, signal and `ru_maxrss`.
struct ChildRun {
    /// Exit status, or nil when a signal ended the process.
    var status: Int32?
    /// The signal that ended it (0 when it exited).
    var signal: Int32
    /// Peak resident set size of `collage` itself, in bytes (`ru_maxrss`).
    var peakRSS: Int
    var stderr: String
    var timedOut: Bool

    static let python = "/usr/bin/python3"
    /// argv: timeout, the binary, its arguments. Prints "status signal maxrss_kib timed_out".
    static let supervisor = """
        import os, sys, time, signal
        timeout = float(sys.argv[1]); argv = sys.argv[2:]
        pid = os.fork()
        if pid == 0:
            devnull = os.open("/dev/null", os.O_WRONLY); os.dup2(devnull, 1)
            try: os.execv(argv[0], argv)
            finally: os._exit(127)
        start = time.monotonic(); timed_out = 0
        while True:
            done, status, usage = os.wait4(pid, os.WNOHANG)
            if done == pid: break
            if time.monotonic() - start > timeout and not timed_out:
                timed_out = 1; os.kill(pid, signal.SIGKILL)
            time.sleep(0.005)
        code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -1
        sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else 0
        print(code, sig, usage.ru_maxrss, timed_out)
        """

    /// Runs `collage arguments` (absolute paths only) with NO_COLOR set;
    /// a child still running after `timeout` seconds is killed and reported.
    static func collage(_ arguments: [String], timeout: Double = 120) throws -> ChildRun {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("python3 missing: run scripts/install-deps") }
            throw XCTSkip("python3 missing: run scripts/install-deps")
        }
        let errPath = FileManager.default.temporaryDirectory.appendingPathComponent("collage-err-\(UUID().uuidString)").path
        let outPath = errPath + ".report"
        defer { unlink(errPath); unlink(outPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([python, "-c", supervisor, "\(timeout)", TestPackage.binary.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, python, &actions, nil, argv, envp)
        guard spawned == 0 else { throw NSError(domain: "spawn", code: Int(spawned)) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        let report = ((try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "").split(separator: " ")
            .compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard report.count == 4 else {
            throw NSError(domain: "supervisor", code: Int(status), userInfo: [NSLocalizedDescriptionKey: stderr])
        }
        return ChildRun(status: report[0] >= 0 ? Int32(report[0]) : nil, signal: Int32(report[1]),
                        peakRSS: report[2] * 1024, stderr: stderr, timedOut: report[3] != 0)
    }
}
