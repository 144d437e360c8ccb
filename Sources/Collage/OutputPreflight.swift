import CollageCodecs
import CollageRaster
import CollageSpec
#if canImport(Glibc)
import Glibc
#endif

/// The checks of an output made before any photo is read or decoded
/// (issue 13 §5), so a render that cannot be written fails at once, in
/// microseconds, however large the document: `render`, `grid` and `convert`
/// call `folder(of:)` before reading anything, then `request(...)` as soon as
/// the format and (when known) the size are.
public enum OutputPreflight {
    /// Checks that `output` can be created or replaced: not a folder (a usage
    /// error, as the format resolver says), and, for a path that would be
    /// written through a temporary file beside it (`OutputDestination`),
    /// that its folder exists and is writable. `-` (standard output) and
    /// devices or FIFOs pass.
    /// - Throws: `CollageError.usage` for a folder; `.failure(.render, ...)`
    ///   with the message the final write would give ("cannot write 'OUT':
    ///   the folder 'D' does not exist; create it first (mkdir -p D)",
    ///   "... the folder 'D' is not writable", a dangling link, a socket).
    public static func folder(of output: String) throws(CollageError) {
        guard output != "-" else { return }
        try OutputFormatResolver.refuseFolder(output)
        let destination: OutputDestination
        do { destination = try OutputDestination.of(output) } catch { throw .failure(.render, error.description) }
        guard case .file(let target) = destination else { return }
        let folder = FileSystem.folder(of: target)
        let problem: String
        switch FileSystem.kind(of: folder) {
        case .folder:
            guard access(folder, W_OK | X_OK) != 0 else { return }
            problem = "the folder '\(folder)' is not writable (\(String(cString: strerror(errno))))"
        case .missing:
            problem = "the folder '\(folder)' does not exist; create it first (mkdir -p \(folder))"
        default:
            problem = "'\(folder)' is not a folder"
        }
        throw .failure(.render, AtomicFile.WriteError(path: output, reason: problem).description)
    }

    /// The format the output will have (`OutputFormatResolver`: `--format`,
    /// the extension, the document's `output.format`), refused when it cannot
    /// hold `size` (canvas pixels; nil when not known yet): the encoders'
    /// limits (WebP 16383 px a side, JPEG 65500), `ImageEncoder.checkSize`.
    /// - Throws: `CollageError.usage` from the resolver; `.failure(.render, ...)` for a size.
    public static func format(flag: OutputFormat?, outputPath: String, document: OutputFormat?,
                              size: Size?) throws(CollageError) -> OutputFormat {
        let format = try OutputFormatResolver.resolve(flag: flag, outputPath: outputPath, document: document)
        if let size {
            do { try ImageEncoder.checkSize(size, format: format) } catch {
                throw .failure(.render, "cannot write '\(outputPath)': \(error.reason)")
            }
        }
        return format
    }

    /// The error for an image of `size` pixels that `format` cannot hold
    /// (a side over `OutputFormat.maximumSide`: WebP 16383 px, JPEG 65500),
    /// located at `location`: "<what> is W × H px; WebP holds at most 16383
    /// px a side", with `fix` as its note; nil when it fits. `render` and
    /// `check` report a document's canvas with it, `convert` its image.
    public static func sideLimit(_ size: Size, format: OutputFormat, what: String, at location: SourceLocation?,
                                 fix: String) -> Diagnostic? {
        guard max(size.width, size.height) > format.maximumSide else { return nil }
        return Diagnostic(.outOfRange, at: location,
            "\(what) is \(size.width) × \(size.height) px; \(format.displayName) holds at most \(format.maximumSide) px a side",
            notes: [fix])
    }
}
