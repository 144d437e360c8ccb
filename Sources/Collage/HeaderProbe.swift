import CollageCodecs
import Dispatch

/// Reads the headers of several image files at once (`ImageDecoder.header`
/// on concurrent threads), each result at its file's index, so diagnostics
/// built from them keep the files' order.
enum HeaderProbe {
    /// The header of each of `paths`, or the error reading it threw, in
    /// `paths` order. A single path is read on the calling thread.
    static func headers(of paths: [String]) -> [Result<ImageHeader, ImageError>] {
        guard paths.count > 1 else { return paths.map(header) }
        let slots = Slots(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            slots.buffer[index] = header(paths[index])
        }
        return slots.buffer.map { $0! }
    }

    private static func header(_ path: String) -> Result<ImageHeader, ImageError> {
        Result { () throws(ImageError) in try ImageDecoder.header(path: path) }
    }

    /// One result slot per path: each is written by exactly one iteration
    /// and read only after `concurrentPerform` has returned.
    private final class Slots: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Result<ImageHeader, ImageError>?>
        init(count: Int) { buffer = .allocate(capacity: count); buffer.initialize(repeating: nil) }
        deinit { buffer.deinitialize().deallocate() }
    }
}
