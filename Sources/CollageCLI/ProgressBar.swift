#if canImport(Glibc)
import Glibc
#endif

/// A one-line progress bar on stderr, redrawn in place; only on a terminal
/// (logs and pipes stay quiet).
enum ProgressBar {
    /// `[########            ] 4/9 photos`, 30 cells wide.
    static func line(done: Int, total: Int, unit: String) -> String {
        let width = 30
        let filled = total == 0 ? width : min(width, done * width / total)
        let cells = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        return "[\(cells)] \(done)/\(total) \(unit)"
    }

    /// A progress callback for `RenderOptions.progress` that draws the bar
    /// when stderr is a terminal; nil otherwise.
    static func forPhotos(onTerminal: Bool = isatty(2) == 1) -> (@Sendable (Int, Int) -> Void)? {
        guard onTerminal else { return nil }
        return { done, total in Console.err("\r\u{1B}[K" + line(done: done, total: total, unit: "photos")) }
    }

    /// Clears the bar's line (after the render ends, whatever its outcome).
    static func clear(onTerminal: Bool = isatty(2) == 1) {
        if onTerminal { Console.err("\r\u{1B}[K") }
    }
}
