import CollageCodecs
import CollageRaster
import Synchronization

/// Feeds `SceneRenderer` from image files through `CollageCodecs`, each
/// decoded no larger than its draws need (DCT shrink-on-load for JPEG),
/// within the decoded-pixel budget, keeping the decoders' warnings.
struct CodecImageProvider: ImageProvider {
    /// A decode failure, tagged with the scene image it concerns.
    struct Failure: Error {
        var image: Int
        var error: ImageError
    }

    /// Absolute path of each scene image, by index.
    let paths: [String]
    /// Limits and truncation policy; `minimumSize` is set per call.
    let options: DecodeOptions
    /// Each image's decoder warnings, filled from several threads.
    let warnings = WarningLog()

    init(paths: [String], options: DecodeOptions = DecodeOptions()) {
        self.paths = paths
        self.options = options
    }

    func decode(image index: Int, minimumSize: Size) throws -> Pixmap {
        var options = self.options
        options.minimumSize = minimumSize
        do {
            let result = try ImageDecoder.decode(path: paths[index], options: options)
            if !result.warnings.isEmpty { warnings.record(result.warnings, for: index) }
            return result.pixmap
        } catch {
            throw Failure(image: index, error: error)
        }
    }

    /// Warnings by image index, safe to record from any thread.
    final class WarningLog: Sendable {
        private let storage = Mutex<[Int: [String]]>([:])

        func record(_ messages: [String], for image: Int) {
            storage.withLock { $0[image] = messages }
        }

        /// Every image's warnings, by index.
        var all: [Int: [String]] { storage.withLock { $0 } }
    }
}
