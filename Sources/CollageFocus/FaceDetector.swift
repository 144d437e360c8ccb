import Glibc
import CollageRaster

/// One face found by `FaceDetector`.
public struct DetectedFace: Sendable, Hashable {
    public enum Source: String, Sendable, Hashable {
        /// `lbpcascade_frontalface_improved.xml`.
        case frontal
        /// `haarcascade_profileface.xml` on the image (a face turned to its left, the viewer's right)...
        case profile
        /// ... or on its mirror (turned the other way).
        case profileMirrored = "profile-mirrored"
    }
    /// Analysis pixels.
    public var box: Box
    public var source: Source
    public init(box: Box, source: Source) { self.box = box; self.source = source }
}

/// The face detector of `focus: faces`: Debian `opencv-data`'s frontal LBP
/// cascade and profile Haar cascade (the latter run on the image and its
/// mirror), read and run by collage's own code (`Cascade`,
/// `CascadeDetector`).
///
/// Parameters (the same the OpenCV fixtures were made with,
/// `scripts/face-fixtures`): frontal scaleFactor 1.1, minNeighbors 3,
/// minSize 45 (its window); profile scaleFactor 1.1, minNeighbors 4,
/// minSize 40. So the smallest face found is 45 analysis pixels wide
/// frontal, 40 in profile.
public final class FaceDetector: @unchecked Sendable {
    public static let frontalFile = "lbpcascades/lbpcascade_frontalface_improved.xml"
    public static let profileFile = "haarcascades/haarcascade_profileface.xml"
    /// Where the files are looked for: `$COLLAGE_CASCADES` alone when set
    /// (a folder holding `lbpcascades/` and `haarcascades/`), else Debian's
    /// `opencv-data` folders.
    public static var searchFolders: [String] {
        if let env = getenv("COLLAGE_CASCADES") { return [String(cString: env)] }
        return ["/usr/share/opencv4", "/usr/share/opencv"]
    }

    public static let frontalParameters = DetectionParameters(scaleFactor: 1.1, minNeighbors: 3, minSize: 45)
    public static let profileParameters = DetectionParameters(scaleFactor: 1.1, minNeighbors: 4, minSize: 40)

    public let frontal: Cascade
    public let profile: Cascade

    public init(frontal: Cascade, profile: Cascade) { self.frontal = frontal; self.profile = profile }

    /// The detector with the installed cascades, read once per process
    /// (the first call's `searchFolders`).
    /// - Throws: `CascadeError` naming what to install when the files are
    ///   missing, or why a file could not be read.
    public static func shared() throws(CascadeError) -> FaceDetector { try loaded.get() }

    private static let loaded: Result<FaceDetector, CascadeError> = {
        do throws(CascadeError) {
            return .success(FaceDetector(frontal: try load(frontalFile), profile: try load(profileFile)))
        } catch { return .failure(error) }
    }()

    /// Reads `file` (relative to a folder) from the first of `folders` that holds it.
    /// - Throws: `CascadeError` saying what to install when none does.
    public static func load(_ file: String, folders: [String] = FaceDetector.searchFolders) throws(CascadeError) -> Cascade {
        for folder in folders {
            let path = folder + "/" + file
            guard let bytes = readFile(path) else { continue }
            return try Cascade.read(bytes: bytes, path: path)
        }
        throw CascadeError(path: file, reason: "not found in \(folders.joined(separator: ", ")): "
            + "focus: faces reads OpenCV's face cascades; install Debian's opencv-data (apt-get install opencv-data)")
    }

    static func readFile(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n <= 0 { break }
            bytes += chunk[0..<n]
            if bytes.count > 64 << 20 { return nil }
        }
        return bytes
    }

    /// Every face: frontal detections, then profile ones (the image and its
    /// mirror, boxes mirrored back) that overlap no face already kept
    /// (IoU ≤ 0.3 and not inside one); sorted largest first, then top-left first.
    public func faces(in image: GreyImage) -> [DetectedFace] {
        var faces = CascadeDetector.detect(frontal, in: image, parameters: Self.frontalParameters)
            .map { DetectedFace(box: $0, source: .frontal) }
        let left = CascadeDetector.detect(profile, in: image, parameters: Self.profileParameters)
            .map { DetectedFace(box: $0, source: .profile) }
        let right = CascadeDetector.detect(profile, in: image.mirrored, parameters: Self.profileParameters).map {
            DetectedFace(box: Box(x: image.width - $0.x - $0.width, y: $0.y, width: $0.width, height: $0.height), source: .profileMirrored)
        }
        for candidate in left + right where !faces.contains(where: { Self.overlaps($0.box, candidate.box) }) {
            faces.append(candidate)
        }
        return faces.sorted { a, b in
            a.box.area != b.box.area ? a.box.area > b.box.area : (a.box.y, a.box.x) < (b.box.y, b.box.x)
        }
    }

    static func overlaps(_ a: Box, _ b: Box) -> Bool {
        if a.iou(b) > 0.3 { return true }
        let small = a.area <= b.area ? a : b, large = a.area <= b.area ? b : a
        let cx = small.x + small.width / 2, cy = small.y + small.height / 2
        return cx >= large.x && cx < large.x + large.width && cy >= large.y && cy < large.y + large.height
    }
}
