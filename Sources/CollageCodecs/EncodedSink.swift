#if canImport(Glibc)
import Glibc
#endif

/// Where a streamed encoder (`RowEncoder`, `JPEGBandEncoder`) puts the
/// bytes of the file as it produces them, front to back: into memory (the
/// default, `bytes`), or through a small buffer to a writer such as a file
/// descriptor, so the encoded file is never held whole.
///
/// The first write failure is kept (`failure`); later bytes are dropped and
/// the encoder's `finish()` reports it. Not thread-safe: one encoder writes
/// at a time (`JPEGBandEncoder` appends under its lock).
public final class EncodedSink: @unchecked Sendable {
    /// Writes all of the given bytes somewhere; returns 0, or the errno(3)
    /// code of a failure.
    public typealias Writer = (UnsafeRawBufferPointer) -> Int32

    private let writer: Writer?
    private let chunkBytes: Int
    private var buffer: [UInt8] = []
    /// Bytes appended so far (written or buffered).
    public private(set) var byteCount = 0
    /// The errno code of the first failed write, nil while none failed.
    public private(set) var failure: Int32?

    /// A sink that keeps the whole file in memory (`bytes`).
    public init() {
        writer = nil
        chunkBytes = 0
    }

    /// A sink that hands `writer` the bytes in chunks of `chunkBytes` (1 MiB
    /// by default; the last one shorter, at `flush()`), in order. An append
    /// of at least `chunkBytes` goes to `writer` directly, not copied.
    public init(chunkBytes: Int = 1 << 20, writer: @escaping Writer) {
        self.writer = writer
        self.chunkBytes = max(chunkBytes, 1)
        buffer.reserveCapacity(self.chunkBytes)
    }

    /// True when the bytes go to a writer, not into memory.
    public var writesThrough: Bool { writer != nil }

    /// Appends `bytes` after those appended before.
    public func append(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        byteCount += bytes.count
        guard let writer else {
            buffer.append(contentsOf: bytes)
            return
        }
        guard failure == nil else { return }
        if buffer.count + bytes.count <= chunkBytes {
            buffer.append(contentsOf: bytes)
            if buffer.count == chunkBytes { flush() }
            return
        }
        flush()
        if bytes.count >= chunkBytes {
            if failure == nil { record(writer(bytes)) }
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// Appends `bytes`.
    public func append(_ bytes: some Collection<UInt8>) {
        if let done = bytes.withContiguousStorageIfAvailable({ append(UnsafeRawBufferPointer($0)) }) { return done }
        let copy = Array(bytes)
        copy.withUnsafeBytes { append($0) }
    }

    /// Hands the buffered bytes to the writer (nothing for a memory sink).
    public func flush() {
        guard let writer, !buffer.isEmpty else { return }
        if failure == nil { buffer.withUnsafeBytes { record(writer($0)) } }
        buffer.removeAll(keepingCapacity: true)
    }

    /// A memory sink's bytes, handed over (the sink is empty afterwards); a
    /// writer's sink has none.
    public func takeBytes() -> [UInt8] {
        guard writer == nil else { return [] }
        defer { buffer = [] }
        return buffer
    }

    private func record(_ code: Int32) {
        if code != 0 && failure == nil { failure = code }
    }
}

extension ImageError {
    /// The error of an encoder whose `EncodedSink` writer failed with errno
    /// `code`: kind `.encodeFailed`, path "<output>", reason "writing failed:
    /// <strerror>".
    public static func writeFailed(_ code: Int32) -> ImageError {
        ImageError(path: "<output>", reason: "writing failed: \(String(cString: strerror(code)))", kind: .encodeFailed)
    }
}
