#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files into memory for the decoders (photos are a few MB;
/// libjpeg and libpng then read from memory).
enum FileBytes {
    /// Larger files are refused before reading: 1 GiB, far above any photo.
    static let maximumLength = 1 << 30

    /// The file's bytes.
    /// - Throws: `ImageError(kind: .unreadable)` with the system's reason,
    ///   `.tooLarge` for a file over `maximumLength`.
    static func read(_ path: String) throws(ImageError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw ImageError(path: path, reason: "cannot open: \(errnoText())", kind: .unreadable) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) != 0 { throw ImageError(path: path, reason: "cannot read: \(errnoText())", kind: .unreadable) }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw ImageError(path: path, reason: "is a directory, not an image file", kind: .unreadable)
        }
        let expected = Int(info.st_size)
        if expected > maximumLength {
            throw ImageError(path: path, reason: "file too large (\(expected >> 20) MiB)", kind: .tooLarge)
        }
        var bytes = [UInt8](repeating: 0, count: max(expected, 0))
        var length = 0
        while true {
            if length == bytes.count {
                // The file grew, or its size was unknown (a pipe): read on in 64 KiB steps.
                if bytes.count >= maximumLength {
                    throw ImageError(path: path, reason: "file too large", kind: .tooLarge)
                }
                bytes.append(contentsOf: repeatElement(0, count: 1 << 16))
            }
            let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + length, $0.count - length) }
            if got < 0 {
                if errno == EINTR { continue }
                throw ImageError(path: path, reason: "cannot read: \(errnoText())", kind: .unreadable)
            }
            if got == 0 { break }
            length += got
        }
        bytes.removeSubrange(length...)
        return bytes
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
