import Collage
#if canImport(Glibc)
import Glibc
#endif

/// Standard output and error (unbuffered writes to fd 1 and 2), with colour
/// only on a terminal that can show it: never under `NO_COLOR` (no-color.org)
/// and never when `TERM` is unset, empty or `dumb`. A failed write to
/// standard output is remembered and turns the exit status into 1
/// (`Console+StandardOutput.swift`); a failed write to standard error cannot
/// be reported anywhere and is ignored.
enum Console {
    static func out(_ text: String) { write(text, to: 1) }
    static func err(_ text: String) { write(text, to: 2) }

    /// Writes all of `bytes`, retrying short writes. On fd 1, the first
    /// failure is recorded (`standardOutputFailure`) and later writes to fd 1
    /// are skipped.
    static func write<Bytes: Collection<UInt8>>(bytes: Bytes, to fd: Int32) {
        if fd == 1 && standardOutputFailure != 0 { return }
        let failure = Array(bytes).withUnsafeBytes { FileSystem.writeAll($0, to: fd) }
        if fd == 1 && failure != 0 { recordStandardOutputFailure(failure) }
    }

    private static func write(_ text: String, to fd: Int32) { write(bytes: text.utf8, to: fd) }

    /// True when stderr is a terminal, `NO_COLOR` is unset or empty and
    /// `TERM` names a terminal other than `dumb`.
    static var colorOnStderr: Bool {
        if let value = getenv("NO_COLOR"), value.pointee != 0 { return false }
        guard let term = getenv("TERM"), term.pointee != 0, String(cString: term) != "dumb" else { return false }
        return isatty(2) == 1
    }
}
