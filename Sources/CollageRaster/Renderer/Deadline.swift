#if canImport(Glibc)
import Glibc
#endif

/// When a render must stop (issue 37: `--timeout`,
/// `DocumentRenderer.Configuration.timeout`), on the monotonic clock.
/// Checked cooperatively between images and their draws
/// (`SceneRenderOptions.deadline`), between decoded rows of a streamed JPEG
/// and between encoded bands; work that cannot be interrupted (librsvg's
/// render, libheif's decode) runs in a helper process killed at the deadline.
public struct Deadline: Sendable, Hashable {
    /// The moment, in `CLOCK_MONOTONIC` nanoseconds.
    public let nanoseconds: UInt64
    /// The timeout it was set from, in seconds (for messages).
    public let seconds: Double

    /// The deadline `seconds` from now (a negative or NaN count is now).
    public init(seconds: Double) {
        self.seconds = seconds
        let span = seconds.isFinite ? Swift.min(Swift.max(seconds, 0), 1e9) : (seconds > 0 ? 1e9 : 0)
        nanoseconds = Deadline.now() &+ UInt64(span * 1e9)
    }

    /// The monotonic clock now, nanoseconds.
    public static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// True once the moment has come.
    public var hasPassed: Bool { Deadline.now() >= nanoseconds }

    /// Seconds left, 0 once passed.
    public var remaining: Double {
        let now = Deadline.now()
        return now >= nanoseconds ? 0 : Double(nanoseconds - now) / 1e9
    }

    /// Seconds as a person writes them: "10", "1.5".
    public static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && Swift.abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }

    /// - Throws: `DeadlineExceeded` once the moment has come.
    public func check() throws(DeadlineExceeded) {
        if hasPassed { throw DeadlineExceeded(seconds: seconds) }
    }
}

/// The error of work stopped at its `Deadline`.
public struct DeadlineExceeded: Error, Sendable, Hashable {
    /// The timeout that ran out, seconds.
    public var seconds: Double
    public init(seconds: Double) { self.seconds = seconds }
}
