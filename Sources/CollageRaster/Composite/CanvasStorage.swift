import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// The bytes of a streamed canvas (RGBA8, `width * 4` bytes a row, rows top
/// to bottom, no padding) in one contiguous anonymous mapping whose rows go
/// back to the operating system once they have been handed to the consumer.
///
/// The mapping is `mmap(MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE)`: a page
/// costs memory only from its first write, so the resident canvas is the
/// rows the render has written and not released yet, not `width * height * 4`
/// bytes. Every draw path addresses it like the whole-canvas pixmap (one
/// base pointer, cross-row steps included), so the bytes are the same by
/// construction. `release(rows:)` marks rows consumed and returns the
/// maximal whole pages of consumed rows around them (`madvise(MADV_DONTNEED)`);
/// after that nothing may read or write those rows.
///
/// Transparent huge pages: a render whose canvas fits its memory budget
/// (`MemoryBudget.fitsWhole`, e.g. the 2048x2048 reference job) asks for
/// them as the whole-canvas `Pixmap(unfilledWidth:height:)` does
/// (`adviseHugePages()`: first writes fault once per 2 MiB); a render
/// within the budget does not, so that a page straddling a released row
/// is not kept whole (measured: a 16384x16384 poster peaks lower without).
///
/// Thread-safe for `release(rows:)` from several threads (an internal lock).
final class CanvasStorage: @unchecked Sendable {
    /// Canvas size in pixels.
    let width: Int
    let height: Int
    /// The first byte of row 0; `width * height * 4` bytes (none for an empty canvas).
    let base: UnsafeMutablePointer<UInt8>
    private let byteCount: Int
    private let mapped: UnsafeMutableRawPointer?
    private let pageSize: Int
    private let lock = DispatchQueue(label: "collage.raster.canvas-storage")
    /// Per row: handed to the consumer.
    private var consumed: [Bool]
    /// Rows above this are all consumed (the lowest unconsumed row).
    private var lowestUnconsumed = 0

    /// Maps a canvas of `width` x `height` pixels; nil when the system
    /// refuses the mapping (the caller then renders into a `Pixmap`).
    init?(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0)
        self.width = width
        self.height = height
        byteCount = width * height * 4
        pageSize = Swift.max(4096, Int(sysconf(Int32(_SC_PAGESIZE))))
        consumed = [Bool](repeating: false, count: height)
        if byteCount == 0 {
            mapped = nil
            base = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
            return
        }
        let pointer = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        guard let pointer, pointer != MAP_FAILED else { return nil }
        mapped = pointer
        base = pointer.assumingMemoryBound(to: UInt8.self)
    }

    deinit {
        if let mapped { munmap(mapped, byteCount) } else { base.deallocate() }
    }

    /// Asks for the mapping's whole 2 MiB pages as transparent huge pages
    /// (`Pixmap.adviseHugePages`); before anything is written.
    func adviseHugePages() {
        guard let mapped else { return }
        Pixmap.adviseHugePages(UnsafeMutableRawBufferPointer(start: mapped, count: byteCount))
    }

    /// The view the render's threads draw through.
    var pixels: CanvasPixels { CanvasPixels(base: base, width: width, height: height) }

    /// The lowest row not consumed yet (`height` once all are).
    var lowestUnreleasedRow: Int { lock.sync { lowestUnconsumed } }

    /// Canvas `rows` (y down) have been handed to the consumer and will not
    /// be read or written again: the whole pages inside the maximal run of
    /// consumed rows around them that meet `rows` go back to the system.
    func release(rows: Range<Int>) {
        guard !rows.isEmpty, let mapped else { return }
        let rowBytes = width * 4
        let range: Range<Int>? = lock.sync {
            for y in rows { consumed[y] = true }
            while lowestUnconsumed < height && consumed[lowestUnconsumed] { lowestUnconsumed += 1 }
            // The consumed run around `rows`, only as far as the pages meeting `rows` reach.
            let reachLow = (rows.lowerBound * rowBytes) / pageSize * pageSize
            let reachHigh = Swift.min(byteCount, (rows.upperBound * rowBytes + pageSize - 1) / pageSize * pageSize)
            var low = rows.lowerBound
            while low > 0 && consumed[low - 1] && low * rowBytes > reachLow { low -= 1 }
            var high = rows.upperBound
            while high < height && consumed[high] && high * rowBytes < reachHigh { high += 1 }
            // Whole pages only: a page shared with an unconsumed row stays.
            let start = (Swift.max(low * rowBytes, reachLow) + pageSize - 1) / pageSize * pageSize
            var end = Swift.min(high * rowBytes, reachHigh) / pageSize * pageSize
            if high == height { end = Swift.min(byteCount, reachHigh) }
            return start < end ? start ..< end : nil
        }
        guard let range else { return }
        _ = madvise(mapped + range.lowerBound, range.count, MADV_DONTNEED)
    }
}
