import Collage
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `--timeout`'s backstop for the commands that end with their one render
/// (`render`, `convert`, `grid`): a thread that, a quarter second after the
/// deadline the library stops at (`RenderOptions.timeout`), removes the
/// temporary output file, prints the timeout error and exits 1, whatever
/// the render is doing (helper processes die with it: `HelperProcess`).
/// `batch` and `watch` keep going after a render, so they rely on the
/// library's deadline alone.
enum Watchdog {
    /// The grace after the deadline, in seconds: the library reports first.
    static let grace = 0.25

    /// Arms the watchdog for `seconds` from now; nil does nothing.
    static func arm(_ seconds: Double?) {
        guard let seconds else { return }
        let message = Array("error: \(CollageError.timedOutMessage(seconds))\n".utf8)
        Thread.detachNewThread {
            var left = seconds + grace
            while left > 0 {
                let step = Swift.min(left, 1000)
                usleep(UInt32(step * 1_000_000))
                left -= step
            }
            InterruptCleanup.removeTemporaryFiles()
            message.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
            _exit(1)
        }
    }
}
