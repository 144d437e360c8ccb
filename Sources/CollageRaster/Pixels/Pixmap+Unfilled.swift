import Glibc

extension Pixmap {
    /// A pixmap whose bytes are not set (whatever the allocator returns):
    /// for a canvas every pixel of which is written before it is read
    /// (`BackgroundFill`). Saves writing 4 bytes a pixel once more. The
    /// whole 2 MiB pages inside a large one are asked for as transparent
    /// huge pages (`madvise(MADV_HUGEPAGE)`, a hint the kernel may ignore):
    /// their first writes then fault once per 2 MiB instead of per 4 KiB.
    init(unfilledWidth width: Int, height: Int) {
        precondition(width >= 0 && height >= 0)
        self.init(width: width, height: height,
                  pixels: [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
                      count = width * height * 4
                      Self.adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
                  })
    }

    /// Asks for the whole 2 MiB pages inside `buffer` (at least 4 MiB) as
    /// transparent huge pages (`madvise(MADV_HUGEPAGE)`, a hint).
    static func adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
        let huge = 2 << 20
        guard buffer.count >= 2 * huge, let base = buffer.baseAddress else { return }
        let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
        let end = (Int(bitPattern: base) + buffer.count) & ~(huge - 1)
        guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(pointer, end - start, MADV_HUGEPAGE)
    }
}
