import CollageSpec
#if canImport(Glibc)
import Glibc
#endif

/// Writes a file whole or not at all (outputs appear whole or not at all; an
/// existing output is replaced only on success): the bytes
/// go to a temporary file beside the target, created with the umask's mode,
/// and are renamed over the target only when completely written and synced.
/// On any failure the temporary file is removed and the target is untouched;
/// on SIGINT, SIGTERM or SIGHUP too when the program installed
/// `InterruptCleanup`'s handlers (the library installs none itself).
///
/// What the output path names decides how it is written (`OutputDestination`):
/// a symbolic link to a file replaces the file it resolves to and stays a
/// link; a character or block device or a FIFO (`/dev/null`, a named pipe)
/// is written through directly, without temporary file or rename, and so is
/// not whole-or-nothing: a failure can leave part of the bytes written.
enum AtomicFile {
    struct WriteError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot write '\(path)': \(reason)" }
    }

    /// Writes `bytes` to `path` as `OutputDestination` says.
    /// - Throws: `WriteError` naming `path` with the reason (strerror(3) or
    ///   what the path is: a folder, a socket, a dangling symbolic link).
    static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
        switch try OutputDestination.of(path) {
        case .file(let target): try replace(target, with: bytes, reportingAs: path)
        case .stream: try writeThrough(bytes, to: path)
        }
    }

    /// Writes `bytes` through an open(2) of the device or FIFO at `path`
    /// (blocking until a FIFO has a reader, as a shell redirection does); no
    /// fsync, which devices and pipes do not support. A path that turns out
    /// to be a regular file once opened is replaced atomically instead.
    private static func writeThrough(_ bytes: [UInt8], to path: String) throws(WriteError) {
        var fd: Int32
        repeat { fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        var info = stat()
        if fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFREG {
            close(fd)
            guard case .file(let target) = try OutputDestination.of(path) else {
                throw WriteError(path: path, reason: "it changed between a device and a file while being opened")
            }
            return try replace(target, with: bytes, reportingAs: path)
        }
        let result = writeAll(bytes, to: fd)
        if close(fd) != 0 && result == 0 && errno != EINTR { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        guard result == 0 else { throw WriteError(path: path, reason: String(cString: strerror(result))) }
    }

    /// Writes all of `bytes` to `fd` (`FileSystem.writeAll`).
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32 {
        bytes.withUnsafeBytes { FileSystem.writeAll($0, to: fd) }
    }

    /// The atomic replacement of the regular file (or new file) `path`;
    /// errors name `shownPath`, the path the caller gave.
    private static func replace(_ path: String, with bytes: [UInt8], reportingAs shownPath: String) throws(WriteError) {
        let file = try PendingFile(replacing: path, reportingAs: shownPath)
        let result = bytes.withUnsafeBytes { file.write($0) }
        guard result == 0 else { throw WriteError(path: shownPath, reason: String(cString: strerror(result))) }
        try file.commit()
    }

    /// The file a streamed render writes `path` through, as it encodes:
    /// a `PendingFile` for a path `OutputDestination` replaces atomically
    /// (`commit()` puts it in place), nil for a device or FIFO, which gets
    /// the bytes whole through `write(_:to:)` once they are all encoded.
    /// - Throws: `WriteError` as `write(_:to:)` does.
    static func pending(_ path: String) throws(WriteError) -> PendingFile? {
        guard case .file(let target) = try OutputDestination.of(path) else { return nil }
        return try PendingFile(replacing: target, reportingAs: path)
    }
}
