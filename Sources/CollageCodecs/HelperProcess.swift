import CImageShim
import CollageRaster
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A helper process for work that cannot be interrupted (issue 37): librsvg's
/// render of an SVG and libheif's decode of a HEIF or AVIF run in a child
/// that is killed at the deadline, so a hostile file cannot hold a render
/// past it. Used for every such call when a decode has a `DecodeIsolation`
/// (a deadline is set: `--timeout`, `DocumentRenderer.Configuration.timeout`).
///
/// The helper is an executable that calls `HelperProcess.serveIfAsked()`
/// first thing in its `main` (`collage` does); it is started as
/// `EXECUTABLE --collage-helper` (posix_spawn), gets the request and the
/// file's bytes in one anonymous memory file and writes the pixels into
/// another (memfd, no copy through a pipe), sets its own `RLIMIT_AS` and
/// `RLIMIT_CPU` before reading the data, and dies with the thread that
/// started it (`PR_SET_PDEATHSIG`). `executable()` finds one:
/// `COLLAGE_HELPER`, else this program when it serves helpers, else a
/// `collage` beside it.
public enum HelperProcess {
    /// The argument a helper is started with.
    public static let argument = COLLAGE_HELPER_ARGUMENT

    private static let serves = Atomic<Bool>(false)

    /// Serves one helper request and exits when this process was started as
    /// a helper (`arguments` is `[program, "--collage-helper"]`); else
    /// returns at once, marking this program as one that serves helpers (so
    /// `executable()` may name it). Call it first in `main`.
    public static func serveIfAsked(_ arguments: [String] = CommandLine.arguments) {
        if arguments.count == 2, arguments[1] == argument { exit(collage_helper_serve()) }
        serves.store(true, ordering: .relaxed)
    }

    /// The helper executable: the `COLLAGE_HELPER` environment variable when
    /// set, else this program when it called `serveIfAsked()`, else
    /// `collage` in this program's folder; nil when there is none.
    public static func executable() -> String? {
        if let named = getenv("COLLAGE_HELPER"), named.pointee != 0 { return String(cString: named) }
        guard let me = currentExecutable() else { return nil }
        if serves.load(ordering: .relaxed) { return me }
        let beside = me.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/") + "/collage"
        return access(beside, X_OK) == 0 ? beside : nil
    }

    /// /proc/self/exe resolved.
    private static func currentExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Runs `request` on `data` in a helper, its result into `result`.
    /// - Throws: `ImageError` naming `path`: `.timedOut` at the deadline,
    ///   else the helper's own error (`.corrupt`) or why it could not run.
    static func run(_ request: collage_helper_request, data: UnsafeBufferPointer<UInt8>, result: UnsafeMutableRawBufferPointer,
                    isolation: DecodeIsolation, path: String) throws(ImageError) {
        var request = request
        request.data_length = UInt64(data.count)
        request.address_space = UInt64(isolation.addressSpace + 2 * result.count + 2 * data.count)
        request.cpu_seconds = UInt64(isolation.deadline.remaining.rounded(.up)) + 1
        var message = [CChar](repeating: 0, count: Int(COLLAGE_MESSAGE_MAX))
        let status = collage_helper_run(isolation.executable, &request, data.baseAddress,
                                        result.baseAddress?.assumingMemoryBound(to: UInt8.self), result.count,
                                        isolation.deadline.remaining, &message)
        if status == 0 { return }
        if status == 1 || isolation.deadline.hasPassed {
            throw ImageError(path: path, reason: "stopped at the deadline (\(Deadline.format(isolation.deadline.seconds)) s)",
                             kind: .timedOut)
        }
        let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw ImageError(path: path, reason: reason, kind: .corrupt)
    }
}

/// How a decode runs its uninterruptible work (`DecodeOptions.isolation`):
/// in a `HelperProcess`, killed at `deadline`.
public struct DecodeIsolation: Sendable, Hashable {
    /// When the helper is killed.
    public var deadline: Deadline
    /// The helper executable (`HelperProcess.executable()`).
    public var executable: String
    /// The helper's `RLIMIT_AS` besides twice its data and result: 2 GiB by
    /// default (librsvg's and libheif's libraries, threads and caches).
    public var addressSpace: Int

    public init(deadline: Deadline, executable: String, addressSpace: Int = 2 << 30) {
        self.deadline = deadline; self.executable = executable; self.addressSpace = addressSpace
    }
}
