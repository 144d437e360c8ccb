#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files into memory for the decoders (photos are a few MB;
/// libjpeg and libpng then read from memory), or only their first bytes for
/// a header probe.
enum FileBytes {
    /// Larger files are refused before reading: 1 GiB, far above any photo.
    static let maximumLength = 1 << 30

    /// The file's bytes.
    ///
    /// A regular file is read straight into an array of its `st_size` bytes
    /// (no growth copy); one more small read confirms the end. A file that
    /// turns out longer (it grew) or has no size (a pipe) is read on in
    /// 64 KiB steps.
    /// - Throws: `ImageError(kind: .unreadable)` with the system's reason,
    ///   `.tooLarge` for a file over `maximumLength`.
    static func read(_ path: String) throws(ImageError) -> [UInt8] {
        let file = try OpenFile(path)
        defer { close(file.descriptor) }
        return try file.readAll()
    }

    /// The file's bytes in memory that never moves, read as `read(_:)` reads
    /// them, for a decoder that keeps a pointer into them between calls
    /// (`JPEGRowStream`) without copying the file a second time.
    /// - Throws: as `read(_:)`.
    static func readStable(_ path: String) throws(ImageError) -> StableBytes {
        let file = try OpenFile(path)
        defer { close(file.descriptor) }
        // One spare byte: the read that finds the end needs room, and a
        // full block would be grown (copied) for nothing.
        var capacity = Swift.max(file.size + 1, 1 << 16)
        guard var base = malloc(capacity)?.assumingMemoryBound(to: UInt8.self) else {
            throw ImageError(path: path, reason: "out of memory", kind: .tooLarge)
        }
        var count = 0
        while true {
            if count == capacity {
                // The file grew, or it is a pipe: read on into a larger block.
                guard capacity < maximumLength,
                      let larger = realloc(base, Swift.min(capacity * 2, maximumLength))?.assumingMemoryBound(to: UInt8.self)
                else {
                    free(base)
                    throw ImageError(path: path, reason: "file too large", kind: .tooLarge)
                }
                base = larger
                capacity = Swift.min(capacity * 2, maximumLength)
            }
            let got = Glibc.read(file.descriptor, base + count, capacity - count)
            if got < 0 {
                if errno == EINTR { continue }
                free(base)
                throw file.failure("cannot read")
            }
            if got == 0 { break }
            count += got
        }
        return StableBytes(base: base, count: count)
    }

    /// Bytes owned by this object at a fixed address, freed with it.
    final class StableBytes {
        let base: UnsafeMutablePointer<UInt8>
        let count: Int
        init(base: UnsafeMutablePointer<UInt8>, count: Int) { self.base = base; self.count = count }
        deinit { free(base) }
        var raw: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }
    }

    /// Reads the first `length` bytes of the file and hands them to `parse`
    /// with `isWhole` false; when `parse` returns nil (it needs more), or
    /// when the file is no longer than `length` or not a regular file (a
    /// pipe cannot be read twice), the whole file is read and `parse` gets it
    /// with `isWhole` true, where it must return a value or throw.
    /// - Throws: as `read(_:)`, and whatever `parse` throws.
    static func read<T>(_ path: String, prefix length: Int,
                        _ parse: (_ bytes: [UInt8], _ isWhole: Bool) throws(ImageError) -> T?) throws(ImageError) -> T {
        let file = try OpenFile(path)
        defer { close(file.descriptor) }
        if file.isRegular && file.size > length {
            let prefix = try file.read(count: length)
            if prefix.count == length, let value = try parse(prefix, false) { return value }
            if lseek(file.descriptor, 0, SEEK_SET) != 0 { throw file.failure("cannot read") }
        }
        guard let value = try parse(try file.readAll(), true) else {
            throw ImageError(path: path, reason: "cannot read the header", kind: .corrupt)
        }
        return value
    }

    /// An open file descriptor with its `fstat` facts.
    private struct OpenFile {
        let path: String
        let descriptor: Int32
        /// `st_size`: the length in bytes of a regular file (0 for a pipe).
        let size: Int
        let isRegular: Bool

        /// Opens `path` for reading and refuses directories and files over `maximumLength`.
        init(_ path: String) throws(ImageError) {
            self.path = path
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            if descriptor < 0 { throw ImageError(path: path, reason: "cannot open: \(errnoText())", kind: .unreadable) }
            var info = stat()
            if fstat(descriptor, &info) != 0 {
                let error = ImageError(path: path, reason: "cannot read: \(errnoText())", kind: .unreadable)
                close(descriptor)
                throw error
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                close(descriptor)
                throw ImageError(path: path, reason: "is a directory, not an image file", kind: .unreadable)
            }
            size = max(Int(info.st_size), 0)
            isRegular = (info.st_mode & S_IFMT) == S_IFREG
            if size > maximumLength {
                close(descriptor)
                throw ImageError(path: path, reason: "file too large (\(size >> 20) MiB)", kind: .tooLarge)
            }
        }

        func failure(_ what: String) -> ImageError {
            ImageError(path: path, reason: "\(what): \(errnoText())", kind: .unreadable)
        }

        /// Up to `count` bytes from the current offset; fewer only at the end of the file.
        func read(count: Int) throws(ImageError) -> [UInt8] {
            var failed = false
            let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                initialized = 0
                while initialized < count {
                    let got = Glibc.read(descriptor, buffer.baseAddress! + initialized, count - initialized)
                    if got < 0 {
                        if errno == EINTR { continue }
                        failed = true
                        break
                    }
                    if got == 0 { break }
                    initialized += got
                }
            }
            if failed { throw failure("cannot read") }
            return bytes
        }

        /// Everything from the current offset to the end of the file.
        func readAll() throws(ImageError) -> [UInt8] {
            var bytes = size > 0 ? try read(count: size) : []
            // Confirm the end (or go on: the file grew, or it is a pipe).
            var step = [UInt8](repeating: 0, count: bytes.count < size ? 0 : 1 << 16)
            while !step.isEmpty {
                let got = step.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
                if got < 0 {
                    if errno == EINTR { continue }
                    throw failure("cannot read")
                }
                if got == 0 { break }
                if bytes.count + got > maximumLength {
                    throw ImageError(path: path, reason: "file too large", kind: .tooLarge)
                }
                bytes.append(contentsOf: step[..<got])
            }
            return bytes
        }
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
