#if canImport(Glibc)
import Glibc
#endif

/// Standard output and error (unbuffered writes to fd 1 and 2), with colour
/// only on a terminal and never under `NO_COLOR` (no-color.org).
enum Console {
    static func out(_ text: String) { write(text, to: 1) }
    static func err(_ text: String) { write(text, to: 2) }

    /// Writes all of `bytes`, retrying short writes.
    static func write<Bytes: Collection<UInt8>>(bytes: Bytes, to fd: Int32) {
        let array = Array(bytes)
        array.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 { if errno == EINTR { continue }; return }
                offset += n
            }
        }
    }

    private static func write(_ text: String, to fd: Int32) { write(bytes: text.utf8, to: fd) }

    /// True when stderr is a terminal and `NO_COLOR` is unset or empty.
    static var colorOnStderr: Bool {
        if let value = getenv("NO_COLOR"), value.pointee != 0 { return false }
        return isatty(2) == 1
    }
}
