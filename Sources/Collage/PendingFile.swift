import CollageCodecs
import CollageSpec
#if canImport(Glibc)
import Glibc
#endif

/// A regular file being written whole or not at all (`AtomicFile`): its
/// bytes go to a temporary file `.NAME.tmp-XXXXXX` beside the target,
/// created with the umask's mode and registered with `InterruptCleanup`, and
/// `commit()` syncs it and renames it over the target. Until then the target
/// is untouched; a pending file released without `commit()` (a failed or
/// abandoned render) removes its temporary file, and so does an interrupt
/// when the program installed `InterruptCleanup`'s handlers.
///
/// A streamed render writes the encoder's bytes here as they are produced
/// (`sink`), so the encoded file is never held in memory. One thread writes
/// at a time.
final class PendingFile: @unchecked Sendable {
    /// The path the caller gave (for messages).
    let shownPath: String
    /// The file replaced on `commit()` (symbolic links resolved).
    let target: String
    private let tempPath: String
    private var fd: Int32
    private let cleanupSlot: Int?
    private var committed = false
    /// Bytes written so far.
    private(set) var byteCount = 0

    /// Creates the temporary file for `target`, a regular file or a path
    /// that does not exist yet (`OutputDestination.file`).
    /// - Throws: `AtomicFile.WriteError` naming `shownPath`: a missing folder
    ///   ("the folder 'D' does not exist; create it first (mkdir -p D)"), a
    ///   folder that cannot hold new files, a path that names a folder.
    init(replacing target: String, reportingAs shownPath: String) throws(AtomicFile.WriteError) {
        self.shownPath = shownPath
        self.target = target
        let directory: String
        let name: String
        if let slash = target.lastIndex(of: "/") {
            directory = slash == target.startIndex ? "/" : String(target[..<slash])
            name = String(target[target.index(after: slash)...])
        } else {
            directory = "."
            name = target
        }
        guard !name.isEmpty else { throw .init(path: shownPath, reason: "the output path names a folder") }
        var template = Array("\(directory)/.\(name).tmp-XXXXXX".utf8CString)
        let (fd, createError, cleanupSlot) = InterruptCleanup.deferringInterrupts {
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { return (fd, errno, Int?.none) }
            return (fd, 0, InterruptCleanup.register(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }))
        }
        guard fd >= 0 else {
            // ENOENT also comes from a folder that exists but cannot hold
            // new files (/proc): only a missing folder is called missing.
            if (createError == ENOENT || createError == ENOTDIR) && FileSystem.kind(of: directory) == .missing {
                throw .init(path: shownPath, reason: "the folder '\(directory)' does not exist; create it first (mkdir -p \(directory))")
            }
            throw .init(path: shownPath, reason: "cannot create a file in the folder '\(directory)' (\(String(cString: strerror(createError))))")
        }
        self.fd = fd
        self.cleanupSlot = cleanupSlot
        tempPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // mkstemp creates 0600; give the file the mode a plain create would.
        let mask = umask(0); umask(mask)
        fchmod(fd, 0o666 & ~mask)
    }

    deinit {
        guard !committed else { return }
        if fd >= 0 { close(fd) }
        unlink(tempPath)
        if let cleanupSlot { InterruptCleanup.unregister(cleanupSlot) }
    }

    /// Appends `bytes` to the temporary file; returns 0 or the errno code.
    func write(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        guard fd >= 0, !committed else { return EBADF }
        let result = FileSystem.writeAll(bytes, to: fd)
        if result == 0 { byteCount += bytes.count }
        return result
    }

    /// An encoder's sink that appends to this file in chunks of
    /// `chunkBytes` (default 1 MiB).
    func sink(chunkBytes: Int = 1 << 20) -> EncodedSink {
        EncodedSink(chunkBytes: chunkBytes) { [unowned self] bytes in self.write(bytes) }
    }

    /// Syncs and closes the temporary file and renames it over the target.
    /// On failure the temporary file is removed (when the pending file is
    /// released) and the target is untouched.
    /// - Throws: `AtomicFile.WriteError` naming `shownPath` with strerror(3).
    func commit() throws(AtomicFile.WriteError) {
        guard fd >= 0, !committed else { throw .init(path: shownPath, reason: "internal error: written twice") }
        var result: Int32 = 0
        if fsync(fd) != 0 { result = errno }
        let closed = close(fd)
        let closeError = errno
        fd = -1
        if closed != 0 && result == 0 { result = closeError }
        guard result == 0 else { throw .init(path: shownPath, reason: String(cString: strerror(result))) }
        guard rename(tempPath, target) == 0 else { throw .init(path: shownPath, reason: String(cString: strerror(errno))) }
        committed = true
        if let cleanupSlot { InterruptCleanup.unregister(cleanupSlot) }
    }
}
