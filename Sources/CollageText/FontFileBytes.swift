import CText
import Glibc

/// A font file read whole into memory, for faces opened with
/// `FT_New_Memory_Face`.
///
/// FreeType maps a file it opens by path (`FT_New_Face`). A document's own
/// `font.file` may be rewritten in place while `watch` or `batch` runs
/// (`cp new.ttf font.ttf` truncates and rewrites the same inode): the mapping
/// then changes under FreeType, which reads garbage or faults past the new
/// end. A face over these bytes cannot change. Fonts that fontconfig finds
/// are installed files, replaced by rename, and stay mapped.
final class FontFileBytes {
    /// The largest font file read into memory, bytes (the largest Noto CJK
    /// collection is about 120 MB).
    static let limit = 512 << 20

    let base: UnsafeMutableRawPointer
    let count: Int

    private init(base: UnsafeMutableRawPointer, count: Int) { self.base = base; self.count = count }

    deinit { base.deallocate() }

    /// Reads `path` whole.
    /// - Throws: `FontError.unreadable` with the system's reason (missing,
    ///   permission denied, a folder, larger than `limit`).
    static func read(_ path: String) throws(FontError) -> FontFileBytes {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FontError.unreadable(path, String(cString: strerror(errno))) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw FontError.unreadable(path, String(cString: strerror(errno))) }
        guard st.st_mode & S_IFMT == S_IFREG else { throw FontError.unreadable(path, "not a regular file") }
        let size = Int(st.st_size)
        guard size <= limit else { throw FontError.unreadable(path, "larger than \(limit >> 20) MiB") }
        let base = UnsafeMutableRawPointer.allocate(byteCount: max(size, 1), alignment: 16)
        var done = 0
        while done < size {
            let n = Glibc.read(fd, base + done, size - done)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let reason = n < 0 ? String(cString: strerror(errno)) : "the file shrank while it was read"
                base.deallocate()
                throw FontError.unreadable(path, reason)
            }
            done += n
        }
        return FontFileBytes(base: base, count: size)
    }
}

/// What identifies one version of a file: device, inode, size and
/// modification time (ns). A face cached under an older version is not used
/// for a file changed since (`watch`, `batch`).
struct FileVersion: Hashable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64

    /// The file's current version, following symbolic links; nil when it
    /// cannot be stat'ed (opening it then reports why).
    init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        device = UInt64(st.st_dev); inode = UInt64(st.st_ino); size = Int64(st.st_size)
        modified = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
    }
}

extension FontError {
    /// FreeType's reason for an error code of `FT_New_Face`/`FT_New_Memory_Face`
    /// (fterrdef.h), in words a user can act on.
    static func freeTypeOpenReason(_ code: FT_Error) -> String {
        switch code {
        case 1: "cannot open the file"
        case 6: "the face index is not in the file"
        default: "not a font FreeType can read, or a broken one (FreeType error \(code)); use a TrueType, OpenType, TTC/OTC, WOFF, Type 1 or bitmap font"
        }
    }
}
