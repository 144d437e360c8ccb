import CollageRaster

/// `--max-bytes` / `output.maxBytes`: the highest quality whose file fits a
/// size, found by re-encoding the held canvas (the render is never run
/// again) with a saver that `qualities` allows (JPEG, lossy WebP, AVIF).
///
/// File size is not strictly monotonic in quality, so the rule is stated
/// exactly: bisect the saver's quality range as if it were (the fitting
/// quality kept, the other half dropped), then step up from the quality
/// found while the next one also fits. The result fits, and one quality
/// step above it does not (or it is the range's top). Each quality is
/// encoded at most once.
public enum SizeBudget {
    /// A file that fits and the quality it was encoded at.
    public struct Fit: Sendable {
        public var bytes: [UInt8]
        public var quality: Int
    }

    /// Why a size budget cannot apply to `format` with `options` ("needs a
    /// quality to lower, and PNG has none: write JPEG, WebP or AVIF"), nil
    /// when the saver has qualities.
    public static func unavailable(_ format: OutputFormat, options: EncodeOptions) -> String? {
        guard format.saver.qualities(options) == nil else { return nil }
        // The saver's switches that are on say why it has none here ("WebP (lossless)").
        let on = format.options.filter { $0.kind == .boolean && options.boolean($0.key, in: format.options) }.map(\.key)
        let name = format.displayName + (on.isEmpty ? "" : " (" + on.joined(separator: ", ") + ")")
        return "needs a quality to lower, and \(name) has none: write \(OutputFormat.inProse(OutputFormat.requalifiable.map(\.displayName)))"
    }

    /// The file of `pixmap` as `format` with `options` at the highest
    /// quality (by the rule above) whose size is at most `maxBytes`.
    /// - Throws: `ImageError(kind: .encodeFailed)` with path "<output>":
    ///   the saver's errors; "cannot fit … bytes: PNG has no quality" for a
    ///   saver without qualities; and, when even the lowest quality is too
    ///   large, "even quality 1 gives N bytes, over --max-bytes M".
    public static func fit(_ pixmap: Pixmap, as format: OutputFormat, options: EncodeOptions,
                           maxBytes: Int) throws(ImageError) -> Fit {
        try ImageEncoder.checkSize(pixmap.size, format: format)
        guard let range = format.saver.qualities(options) else {
            throw ImageError(path: "<output>", reason: "--max-bytes " + (unavailable(format, options: options) ?? ""),
                             kind: .encodeFailed)
        }
        var sizes: [Int: [UInt8]] = [:]
        func encoded(_ quality: Int) throws(ImageError) -> [UInt8] {
            if let bytes = sizes[quality] { return bytes }
            var at = options
            at.quality = quality
            let bytes = try format.saver.encode(pixmap, options: at)
            sizes[quality] = bytes
            return bytes
        }
        var low = range.lowerBound, high = range.upperBound
        let lowest = try encoded(low)
        guard lowest.count <= maxBytes else {
            throw ImageError(path: "<output>", reason: "even quality \(low) gives \(lowest.count) bytes, over --max-bytes \(maxBytes)",
                             kind: .encodeFailed)
        }
        // Invariant: `low` fits; every quality above `high` is taken not to.
        while low < high {
            let middle = (low + high + 1) / 2
            if try encoded(middle).count <= maxBytes { low = middle } else { high = middle - 1 }
        }
        while low < range.upperBound, try encoded(low + 1).count <= maxBytes { low += 1 }
        return Fit(bytes: try encoded(low), quality: low)
    }
}
