import Collage
#if canImport(Glibc)
import Glibc
#endif

/// `--timeout`'s backstop for the commands that end with their one render
/// (`render`, `convert`, `grid`): a thread that, a quarter second after the
/// deadline the library stops at (`RenderOptions.timeout`), removes the
/// temporary output file, prints the timeout error and exits 1, whatever
/// the render is doing (helper processes die with it: `HelperProcess`).
/// `batch` and `watch` keep going after a render, so they rely on the
/// library's deadline alone. A POSIX thread: the binary loads no Foundation.
enum Watchdog {
    /// The grace after the deadline, in seconds: the library reports first.
    static let grace = 0.25

    private final class Alarm {
        let seconds: Double
        let message: [UInt8]
        init(seconds: Double, message: [UInt8]) { self.seconds = seconds; self.message = message }
    }

    /// Arms the watchdog for `seconds` from now; nil does nothing.
    static func arm(_ seconds: Double?) {
        guard let seconds else { return }
        let alarm = Alarm(seconds: seconds + grace, message: Array("error: \(CollageError.timedOutMessage(seconds))\n".utf8))
        let context = Unmanaged.passRetained(alarm).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { raw in
            let alarm = Unmanaged<Alarm>.fromOpaque(raw!).takeRetainedValue()
            var left = alarm.seconds
            while left > 0 {
                let step = Swift.min(left, 1000)
                usleep(UInt32(step * 1_000_000))
                left -= step
            }
            InterruptCleanup.removeTemporaryFiles()
            alarm.message.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
            _exit(1)
        }, context)
        if started == 0 { pthread_detach(thread) } else { Unmanaged<Alarm>.fromOpaque(context).release() }
    }
}
