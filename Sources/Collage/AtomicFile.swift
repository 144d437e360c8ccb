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
        let directory: String
        let name: String
        if let slash = path.lastIndex(of: "/") {
            directory = slash == path.startIndex ? "/" : String(path[..<slash])
            name = String(path[path.index(after: slash)...])
        } else {
            directory = "."
            name = path
        }
        guard !name.isEmpty else { throw WriteError(path: shownPath, reason: "the output path names a folder") }
        var template = Array("\(directory)/.\(name).tmp-XXXXXX".utf8CString)
        let (fd, createError, cleanupSlot) = InterruptCleanup.deferringInterrupts {
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { return (fd, errno, Int?.none) }
            return (fd, 0, InterruptCleanup.register(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }))
        }
        guard fd >= 0 else {
            if createError == ENOENT || createError == ENOTDIR {
                throw WriteError(path: shownPath, reason: "the folder '\(directory)' does not exist; create it first (mkdir -p \(directory))")
            }
            throw WriteError(path: shownPath, reason: String(cString: strerror(createError)))
        }
        let tempPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var ok = false
        defer {
            if !ok { unlink(tempPath) }
            if let cleanupSlot { InterruptCleanup.unregister(cleanupSlot) }
        }
        // mkstemp creates 0600; give the file the mode a plain create would.
        let mask = umask(0); umask(mask)
        fchmod(fd, 0o666 & ~mask)
        var result = writeAll(bytes, to: fd)
        if result == 0 && fsync(fd) != 0 { result = errno }
        if close(fd) != 0 && result == 0 { throw WriteError(path: shownPath, reason: String(cString: strerror(errno))) }
        guard result == 0 else { throw WriteError(path: shownPath, reason: String(cString: strerror(result))) }
        guard rename(tempPath, path) == 0 else { throw WriteError(path: shownPath, reason: String(cString: strerror(errno))) }
        ok = true
    }
}
