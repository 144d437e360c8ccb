extension RenderOptions {
    /// The settings that change a render's pixels or bytes, as one line of
    /// text for `BatchStamps` (`--skip-unchanged`): format, the savers'
    /// options given (`settings`), dpi, max bytes, lenient, max pixels, strict,
    /// debug layout, fast. Not the output path, the variables (stamped on
    /// their own), the thread count (output bytes do not depend on it) or
    /// the progress callback.
    var stampText: String {
        func text<T>(_ value: T?) -> String { value.map { "\($0)" } ?? "-" }
        let budget = maxBytes.map { ["max-bytes=\($0)"] } ?? []
        let saverOptions = settings.keys.sorted().map { "\($0)=" + settings[$0]! }
        let fields = ["format=" + text(format?.name)] + saverOptions + ["dpi=" + text(dpi)] + budget
            + ["lenient=\(lenient)", "max-pixels=" + text(maxPixels), "strict=\(strict)",
               "debug-layout=\(debugLayout)", "fast=\(fast)"]
        return fields.joined(separator: " ")
    }
}
