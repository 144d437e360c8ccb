import Glibc

/// The process's working directory (absolute, as `getcwd` gives it).
public enum WorkingDirectory {
    /// `path` made absolute against the working directory, with `.` and
    /// `..` removed lexically (symlinks are not followed).
    public static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : WorkingDirectory.path + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The working directory; "/" if it cannot be determined.
    public static var path: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// The few file-system questions the pipeline asks, answered with POSIX
/// calls. Foundation is not used anywhere in the `collage` binary: loading
/// it (and its ICU) costs about 3 ms at every start of the process.
public enum FileSystem {
    /// What is at a path (symlinks followed).
    public enum Kind: Sendable { case missing, regularFile, folder, other }

    public static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regularFile
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    /// Writes all of `bytes` to `fd`, retrying short and interrupted
    /// writes; returns 0, or the errno of the write that failed.
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Int32 {
        var written = 0
        while written < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + written, bytes.count - written)
            if n < 0 { if errno == EINTR { continue }; return errno }
            written += n
        }
        return 0
    }

    /// The whole file, or nil when it cannot be opened or read.
    public static func contents(of path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if got == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<got])
        }
    }

    /// Why `contents(of:)` failed, as a short phrase for a diagnostic:
    /// "no such file", "it is a folder" or "permission denied".
    public static func unreadableReason(_ path: String) -> String {
        switch kind(of: path) {
        case .missing: return "no such file"
        case .folder: return "it is a folder"
        default: return "permission denied"
        }
    }

    /// The folder part of `path` ("/a/b" for "/a/b/c.yaml", "/" for "/c.yaml",
    /// "." for "c.yaml").
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The process environment.
    public static var environment: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }
}
