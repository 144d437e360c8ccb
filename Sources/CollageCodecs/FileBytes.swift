#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files into memory for the decoders (photos are a few MB;
/// libjpeg and libpng then read from memory).
enum FileBytes {
    /// The file's bytes.
    /// - Throws: `ImageError(kind: .unreadable)` with the system's reason.
    static func read(_ path: String) throws(ImageError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw ImageError(path: path, reason: "cannot open: \(errnoText())", kind: .unreadable) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) != 0 { throw ImageError(path: path, reason: "cannot read: \(errnoText())", kind: .unreadable) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw ImageError(path: path, reason: "is a directory, not an image file", kind: .unreadable) }
        var bytes = [UInt8]()
        bytes.reserveCapacity(Int(info.st_size) > 0 ? Int(info.st_size) : 65536)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw ImageError(path: path, reason: "cannot read: \(errnoText())", kind: .unreadable)
            }
            if got == 0 { break }
            bytes.append(contentsOf: chunk[0 ..< got])
        }
        return bytes
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
