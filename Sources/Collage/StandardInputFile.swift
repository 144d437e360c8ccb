import CollageSpec
#if canImport(Glibc)
import Glibc
#endif

/// Standard input copied to a temporary file, for readers that take a path
/// (`collage convert -`: the decoders read files). The file is created with
/// mkstemp(3) in `$TMPDIR` (else /tmp), mode 0600, removed by `remove()` or,
/// on SIGINT/SIGTERM/SIGHUP, by `InterruptCleanup` once the program has
/// installed its handlers.
public struct StandardInputFile: Sendable {
    /// The temporary file's absolute path.
    public let path: String
    private let cleanupSlot: Int?

    /// Reads all of standard input into a new temporary file.
    /// - Throws: `CollageError.failure(.missingFile, ...)` when standard input
    ///   cannot be read or the file cannot be written.
    public static func read() throws(CollageError) -> StandardInputFile {
        let folder = FileSystem.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(folder)/collage-stdin-XXXXXX".utf8CString)
        let (fd, slot) = InterruptCleanup.deferringInterrupts {
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { return (fd, Int?.none) }
            return (fd, InterruptCleanup.register(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }))
        }
        guard fd >= 0 else {
            throw .failure(.missingFile, "cannot read standard input: cannot create a temporary file in '\(folder)': \(String(cString: strerror(errno)))")
        }
        let file = StandardInputFile(path: template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) },
                                     cleanupSlot: slot)
        defer { close(fd) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                file.remove()
                throw .failure(.missingFile, "cannot read standard input: \(reason)")
            }
            if n == 0 { break }
            let failed = chunk.withUnsafeBytes { FileSystem.writeAll(UnsafeRawBufferPointer(rebasing: $0[0..<n]), to: fd) }
            if failed != 0 {
                file.remove()
                throw .failure(.missingFile, "cannot read standard input: writing '\(file.path)': \(String(cString: strerror(failed)))")
            }
        }
        return file
    }

    /// Deletes the temporary file.
    public func remove() {
        unlink(path)
        if let cleanupSlot { InterruptCleanup.unregister(cleanupSlot) }
    }
}
