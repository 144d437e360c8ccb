#if canImport(Glibc)
import Glibc
#endif

/// An encoded result's bytes in pages of their own (`mmap`), shared by the
/// result cache and every response that sends them: libmicrohttpd sends
/// straight from these pages (`HTTPServer.send`, no copy per request), each
/// response holding a reference until it is sent. The pages are returned to
/// the system (`munmap`) when the last reference goes, so the memory the
/// cache counts (`count` bytes, rounded up to whole pages) is the memory it
/// holds: no allocator arena keeps an evicted result's bytes.
final class ResponseBody: @unchecked Sendable {
    /// The bytes' start; read-only once made.
    let base: UnsafeMutableRawPointer?
    let count: Int
    private let mapped: Int

    /// A copy of `bytes`.
    init(_ bytes: [UInt8]) {
        let count = bytes.count
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let mapped = count == 0 ? 0 : (count + page - 1) / page * page
        self.count = count
        guard mapped > 0, let pages = mmap(nil, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              pages != MAP_FAILED else {
            base = nil
            self.mapped = 0
            return
        }
        bytes.withUnsafeBytes { pages.copyMemory(from: $0.baseAddress!, byteCount: count) }
        base = pages
        self.mapped = mapped
    }

    deinit {
        if let base { munmap(base, mapped) }
    }

    /// Bytes held in memory: `count` rounded up to whole pages.
    var footprint: Int { mapped }

    /// Whether the bytes are there (an empty body, or pages refused by the system, are not).
    var isValid: Bool { base != nil }

    /// A copy of the bytes (tests).
    var bytes: [UInt8] {
        guard let base else { return [] }
        return Array(UnsafeRawBufferPointer(start: base, count: count))
    }
}
