#if canImport(Glibc)
import Glibc
#endif

/// Waits for changes to a set of files with inotify(7) (`collage watch`).
///
/// It watches the folder of each file (and of its symlink target) rather
/// than the file itself, so editors that save by writing a new file and
/// renaming it over the old one are seen as well as in-place writes. Events
/// for other names in those folders (the output's temporary file, say) are
/// ignored.
public final class FileWatcher {
    private let fd: Int32
    private var folders: [Int32: String] = [:]
    private var names: Set<String> = []

    /// - Throws: `CollageError.diagnostics` (`.render`) when inotify is unavailable.
    public init() throws(CollageError) {
        fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { throw .failure(.render, "cannot watch files: inotify: \(String(cString: strerror(errno)))") }
    }

    deinit { close(fd) }

    /// Replaces the watched set with `files` (absolute paths). Folders
    /// watched before and still needed keep their watch, so a change already
    /// queued for them (made while the caller was rendering) is not lost.
    public func watch(_ files: [String]) {
        var paths = Set(files)
        for file in files { if let target = PathPolicy.realPath(file) { paths.insert(target) } }
        names = paths
        let needed = Set(paths.map(Self.folder(of:)))
        for (wd, folder) in folders where !needed.contains(folder) {
            inotify_rm_watch(fd, wd)
            folders[wd] = nil
        }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB)
        let watched = Set(folders.values)
        for folder in needed.sorted() where !watched.contains(folder) {
            let wd = inotify_add_watch(fd, folder, mask)
            if wd >= 0 { folders[wd] = folder }
        }
    }

    /// Blocks until a watched file changes, then waits until the watched
    /// folders have been quiet for `quietMilliseconds` (editors save in
    /// several steps) and returns the changed paths, sorted.
    public func waitForChange(quietMilliseconds: Int32 = 150) -> [String] {
        var changed = Set<String>()
        while changed.isEmpty { changed.formUnion(readEvents(timeout: -1) ?? []) }
        while let more = readEvents(timeout: quietMilliseconds) { changed.formUnion(more) }
        return changed.sorted()
    }

    /// Reads the pending events, waiting up to `timeout` ms (-1: forever).
    /// Returns nil when none arrived, else the watched paths they concern
    /// (possibly none: other files in the same folders).
    private func readEvents(timeout: Int32) -> Set<String>? {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, timeout) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        var result = Set<String>()
        var offset = 0
        // struct inotify_event: wd (Int32), mask, cookie, len (UInt32), then len bytes of name.
        let headerSize = MemoryLayout<inotify_event>.size
        buffer.withUnsafeBytes { raw in
            while offset + headerSize <= count {
                let wd = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let nameStart = offset + headerSize
                var nameBytes = Array(raw[nameStart..<min(count, nameStart + length)])
                while nameBytes.last == 0 { nameBytes.removeLast() }
                if let folder = folders[wd] {
                    let path = (folder == "/" ? "" : folder) + "/" + String(decoding: nameBytes, as: UTF8.self)
                    if names.contains(path) { result.insert(path) }
                }
                offset = nameStart + length
            }
        }
        return result
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
