import CollageLayout
import CollageRaster
import Dispatch
import Synchronization
import CollageText

/// Loads the fontconfig configuration (`FontLibrary.warmUp()`, a few
/// milliseconds) on a background thread while the document is parsed and
/// the photo headers are read, at most once per process;
/// `CollageRenderer.prepare` joins it before laying out any text. A second
/// background task builds the sRGB encode table (`SRGBTransfer.encodeTable`,
/// 16 385 `pow` calls, about a millisecond) that the renderer's workers
/// would otherwise build while the other one waits; it is not joined (the
/// table's lazy initialisation makes a worker wait for it if it is early).
enum FontWarmUp {
    /// The warm-up, once started.
    private static let started = Mutex<DispatchGroup?>(nil)

    /// Starts the warm-up of `FontLibrary.shared` unless one was started before.
    static func start() {
        started.withLock { group in
            guard group == nil else { return }
            let warming = DispatchGroup()
            DispatchQueue.global(qos: .userInitiated).async(group: warming) { FontLibrary.shared.warmUp() }
            DispatchQueue.global(qos: .userInitiated).async { _ = SRGBTransfer.encodeTable.count }
            group = warming
        }
    }

    /// Returns once the warm-up has finished (at once when none was started).
    static func wait() {
        started.withLock { $0 }?.wait()
    }
}
