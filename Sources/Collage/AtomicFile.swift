#if canImport(Glibc)
import Glibc
#endif

/// Writes a file whole or not at all (DESIGN.md "Rendering rules"): the bytes
/// go to a temporary file beside the target, created with the umask's mode,
/// and are renamed over the target only when completely written and synced.
/// On any failure the temporary file is removed and the target is untouched;
/// on SIGINT, SIGTERM or SIGHUP too (`InterruptCleanup`).
enum AtomicFile {
    struct WriteError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot write '\(path)': \(reason)" }
    }

    static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
        let directory: String
        let name: String
        if let slash = path.lastIndex(of: "/") {
            directory = slash == path.startIndex ? "/" : String(path[..<slash])
            name = String(path[path.index(after: slash)...])
        } else {
            directory = "."
            name = path
        }
        guard !name.isEmpty else { throw WriteError(path: path, reason: "the output path names a folder") }
        var template = Array("\(directory)/.\(name).tmp-XXXXXX".utf8CString)
        let (fd, createError, cleanupSlot) = InterruptCleanup.deferringInterrupts {
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { return (fd, errno, Int?.none) }
            return (fd, 0, InterruptCleanup.register(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }))
        }
        guard fd >= 0 else {
            if createError == ENOENT || createError == ENOTDIR {
                throw WriteError(path: path, reason: "the folder '\(directory)' does not exist; create it first (mkdir -p \(directory))")
            }
            throw WriteError(path: path, reason: String(cString: strerror(createError)))
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
        var written = 0
        let result: Int32 = bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 { if errno == EINTR { continue }; return errno }
                written += n
            }
            return fsync(fd) == 0 ? 0 : errno
        }
        if close(fd) != 0 && result == 0 { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        guard result == 0 else { throw WriteError(path: path, reason: String(cString: strerror(result))) }
        guard rename(tempPath, path) == 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        ok = true
    }
}
