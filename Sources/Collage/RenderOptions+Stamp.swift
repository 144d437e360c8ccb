extension RenderOptions {
    /// The settings that change a render's pixels or bytes, as one line of
    /// text for `BatchStamps` (`--skip-unchanged`): format, quality,
    /// subsampling, progressive, dpi, lossless, lenient, max pixels, strict,
    /// debug layout, fast. Not the output path, the variables (stamped on
    /// their own), the thread count (output bytes do not depend on it) or
    /// the progress callback.
    var stampText: String {
        func text<T>(_ value: T?) -> String { value.map { "\($0)" } ?? "-" }
        return ["format=" + text(format?.name), "quality=" + text(quality), "subsampling=" + text(subsampling?.rawValue),
                "progressive=" + text(progressive), "dpi=" + text(dpi), "lossless=" + text(lossless),
                "lenient=\(lenient)", "max-pixels=" + text(maxPixels), "strict=\(strict)",
                "debug-layout=\(debugLayout)", "fast=\(fast)"].joined(separator: " ")
    }
}
