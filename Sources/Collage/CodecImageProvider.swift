import CollageCodecs
import CollageRaster
import Synchronization

/// Feeds `SceneRenderer` from image files through `CollageCodecs`, each
/// decoded no larger than its draws need (DCT shrink-on-load for JPEG),
/// within the decoded-pixel budget. The decoders' warnings (a dropped ICC
/// profile, corrupt-but-readable data) are kept per image for the report
/// and for `--strict`.
final class CodecImageProvider: ImageProvider {
    /// A decode failure, tagged with the scene image it concerns.
    struct Failure: Error {
        var image: Int
        var error: ImageError
    }

    /// Absolute path of each scene image, by index.
    let paths: [String]
    /// Limits and truncation policy; `minimumSize` is set per call.
    let options: DecodeOptions
    /// Warnings by image index (decodes run concurrently).
    private let collected = Mutex<[Int: [String]]>([:])

    init(paths: [String], options: DecodeOptions = DecodeOptions()) {
        self.paths = paths
        self.options = options
    }

    func decode(image index: Int, minimumSize: Size) throws -> Pixmap {
        var options = self.options
        options.minimumSize = minimumSize
        do {
            let result = try ImageDecoder.decode(path: paths[index], options: options)
            if !result.warnings.isEmpty {
                collected.withLock { $0[index, default: []] += result.warnings }
            }
            return result.pixmap
        } catch {
            throw Failure(image: index, error: error)
        }
    }

    /// Every warning so far, by ascending image index (deterministic
    /// whatever order the threads finished in).
    var warnings: [(image: Int, message: String)] {
        collected.withLock { all in
            all.keys.sorted().flatMap { index in all[index, default: []].map { (index, $0) } }
        }
    }
}
