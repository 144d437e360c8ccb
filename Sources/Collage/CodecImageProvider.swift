import CollageCodecs
import CollageRaster
import Synchronization

/// Feeds `SceneRenderer` from image files through `CollageCodecs`, each
/// decoded no larger than its draws need (DCT shrink-on-load for JPEG).
/// The decoders' warnings (a dropped ICC profile, corrupt-but-readable data)
/// are kept per image for the report and for `--strict`.
final class CodecImageProvider: ImageProvider {
    /// A decode failure, tagged with the scene image it concerns.
    struct Failure: Error {
        var image: Int
        var error: ImageError
    }

    /// Absolute path of each scene image, by index.
    let paths: [String]
    /// Warnings by image index (decodes run concurrently).
    private let collected = Mutex<[Int: [String]]>([:])

    init(paths: [String]) { self.paths = paths }

    func decode(image index: Int, minimumSize: Size) throws -> Pixmap {
        do {
            let result = try ImageDecoder.decode(path: paths[index], options: DecodeOptions(minimumSize: minimumSize))
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
