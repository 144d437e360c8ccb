/// A file that cannot be read, decoded or encoded: names the path and the
/// library's reason (README "Rules": Errors: the path and the library's reason).
public struct ImageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, so callers and tests can branch without parsing `reason`.
    public enum Kind: String, Sendable, Hashable {
        /// The file could not be opened or read (missing, a directory, I/O error).
        case unreadable
        /// The magic bytes are not JPEG, PNG, HEIF/HEIC/AVIF or WebP, or the file is empty.
        case unsupportedFormat
        /// A JPEG the 8-bit libjpeg-turbo 2.1 API cannot decode (12-bit, lossless (SOF3), DNL height), or an animated WebP.
        case unsupportedVariant
        /// The library rejected the data.
        case corrupt
        /// The data ends early (libjpeg "Premature end of JPEG file", a short PNG).
        case truncated
        /// Over the decoded-pixel budget or the library memory cap; rejected before allocating pixels.
        case tooLarge
        /// An SVG over the pre-scan's bounds (`SVGPrescan`: elements after
        /// reference expansion, `<use>` instances, filter work) or declaring an
        /// external entity; refused before librsvg reads it.
        case tooComplex
        /// The work did not finish before its deadline (`Deadline`).
        case timedOut
        /// Encoding failed.
        case encodeFailed
    }

    public var path: String
    public var reason: String
    public var kind: Kind
    public init(path: String, reason: String, kind: Kind = .corrupt) {
        self.path = path; self.reason = reason; self.kind = kind
    }
    /// "path: reason".
    public var description: String { "\(path): \(reason)" }
}
