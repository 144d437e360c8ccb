import CollageCodecs
import CollageRaster

/// Feeds `SceneRenderer` from image files through `CollageCodecs`, each
/// decoded no larger than its draws need (DCT shrink-on-load for JPEG).
struct CodecImageProvider: ImageProvider {
    /// A decode failure, tagged with the scene image it concerns.
    struct Failure: Error {
        var image: Int
        var error: ImageError
    }

    /// Absolute path of each scene image, by index.
    let paths: [String]

    func decode(image index: Int, minimumSize: Size) throws -> Pixmap {
        do {
            return try ImageDecoder.decode(path: paths[index], minimumSize: minimumSize)
        } catch {
            throw Failure(image: index, error: error)
        }
    }
}
