#if canImport(Glibc)
import Glibc
#endif

/// What an output path names, and so how `AtomicFile.write` writes it.
///
/// - A path that does not exist yet, or a regular file: replaced whole or not
///   at all (temporary file beside it, fsync, rename).
/// - A symbolic link to a regular file: the file it resolves to (realpath(3))
///   is replaced the same way, in that file's folder, so the link stays a link.
/// - A character device, block device or FIFO (`/dev/null`, a terminal, a
///   named pipe, `/proc/self/fd/1`), directly or through symbolic links: the
///   bytes are written through an ordinary open(2); nothing can be renamed
///   over a device, so such an output is not whole-or-nothing.
///
/// Folders, sockets (open(2) cannot open them) and symbolic links whose
/// target does not exist (as GNU `cp` refuses to write through a dangling
/// link) are errors. The kind is looked at once, before writing: a path that
/// another process changes meanwhile is not guarded against, except that a
/// "device" found to be a regular file once opened is written atomically.
enum OutputDestination: Equatable {
    /// A regular file to replace atomically, at `path` (symbolic links resolved).
    case file(path: String)
    /// A device or FIFO to write through, opened by the given path.
    case stream

    /// Classifies `path` by lstat(2) and stat(2).
    /// - Throws: `AtomicFile.WriteError` for a folder, a socket, a dangling
    ///   or looping symbolic link, or a path that cannot be examined.
    static func of(_ path: String) throws(AtomicFile.WriteError) -> OutputDestination {
        var link = stat()
        guard lstat(path, &link) == 0 else {
            // Missing (the usual case) or unreachable: the temporary file's
            // creation reports why it cannot be written.
            return .file(path: path)
        }
        let isLink = link.st_mode & S_IFMT == S_IFLNK
        var target = link
        if isLink {
            guard stat(path, &target) == 0 else {
                let code = errno
                if code == ENOENT {
                    throw .init(path: path, reason: "it is a symbolic link to a file that does not exist ('\(linkText(path))'); create the file or remove the link")
                }
                throw .init(path: path, reason: String(cString: strerror(code)))
            }
        }
        switch target.st_mode & S_IFMT {
        case S_IFDIR:
            throw .init(path: path, reason: "the output path names a folder")
        case S_IFSOCK:
            throw .init(path: path, reason: "it is a socket, which cannot be opened as a file")
        case S_IFCHR, S_IFBLK, S_IFIFO:
            return .stream
        default:
            guard isLink else { return .file(path: path) }
            guard let resolved = realpath(path, nil) else {
                throw .init(path: path, reason: String(cString: strerror(errno)))
            }
            defer { free(resolved) }
            return .file(path: String(cString: resolved))
        }
    }

    /// The text of the symbolic link at `path` (for messages).
    private static func linkText(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: 4097)
        let n = readlink(path, &buffer, 4096)
        guard n > 0 else { return "?" }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
