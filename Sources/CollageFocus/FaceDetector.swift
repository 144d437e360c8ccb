import CollageRaster
import Dispatch
import Glibc
import Synchronization

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
/// `scripts/face-fixtures`), on the `AnalysisImage` (long side 320 px):
/// frontal scaleFactor 1.2, minNeighbors 3, minSize 45 (its window);
/// profile on the analysis image halved (`profileImage(of:)`, 2x2 means by
/// OpenCV's linear resize), scaleFactor 1.2, minNeighbors 4, minSize 20
/// (its window), boxes doubled back. So the smallest face found is 45
/// analysis pixels wide frontal (14% of the photo's long side), 40 in
/// profile (12.5%).
public final class FaceDetector: @unchecked Sendable {
    public static let frontalFile = "lbpcascades/lbpcascade_frontalface_improved.xml"
    public static let profileFile = "haarcascades/haarcascade_profileface.xml"
    /// Where the files are looked for: `$COLLAGE_CASCADES` alone when set
    /// and not empty (a folder holding `lbpcascades/` and `haarcascades/`),
    /// else Debian's `opencv-data` folders (an empty value counts as unset).
    public static var searchFolders: [String] {
        if let env = getenv("COLLAGE_CASCADES"), env[0] != 0 { return [String(cString: env)] }
        return ["/usr/share/opencv4", "/usr/share/opencv"]
    }

    public static let frontalParameters = DetectionParameters(scaleFactor: 1.2, minNeighbors: 3, minSize: 45)
    /// On `profileImage(of:)`, the analysis image halved.
    public static let profileParameters = DetectionParameters(scaleFactor: 1.2, minNeighbors: 4, minSize: 20)

    /// The image the profile cascade scans: `image` halved, (width + 1) / 2
    /// x (height + 1) / 2, by `GreyImage.resizedLinear` (OpenCV's
    /// `resize(INTER_LINEAR_EXACT)`: at an even size each pixel the mean of
    /// 2x2). Its 20-px window is then 40 analysis pixels, and the scan
    /// visits every second position at the first levels (OpenCV's step
    /// rule below scale 2), a quarter of the windows of minSize 40 on the image itself.
    public static func profileImage(of image: GreyImage) -> GreyImage {
        image.resizedLinear(width: (image.width + 1) / 2, height: (image.height + 1) / 2)
    }

    public let frontal: Cascade
    public let profile: Cascade
    /// The two cascades laid out for the scan, once.
    let frontalScan: ScanCascade, profileScan: ScanCascade

    public convenience init(frontal: Cascade, profile: Cascade) {
        self.init(frontal: frontal, profile: profile, frontalScan: ScanCascade(frontal), profileScan: ScanCascade(profile))
    }

    init(frontal: Cascade, profile: Cascade, frontalScan: ScanCascade, profileScan: ScanCascade) {
        self.frontal = frontal; self.profile = profile
        self.frontalScan = frontalScan; self.profileScan = profileScan
    }

    /// The detector with the installed cascades, read once per process
    /// (the first call's `searchFolders`).
    /// - Throws: `CascadeError` naming what to install when the files are
    ///   missing, or why a file could not be read.
    public static func shared() throws(CascadeError) -> FaceDetector { try loaded.get() }

    /// The two files read and laid out at once (the profile's 830 KB on its own thread).
    private static let loaded: Result<FaceDetector, CascadeError> = {
        let read = Mutex<[Result<(Cascade, ScanCascade), CascadeError>?]>([nil, nil])
        DispatchQueue.concurrentPerform(iterations: 2) { i in
            let outcome = Result { () throws(CascadeError) -> (Cascade, ScanCascade) in
                let cascade = try load(i == 0 ? frontalFile : profileFile)
                return (cascade, ScanCascade(cascade))
            }
            read.withLock { $0[i] = outcome }
        }
        let both = read.withLock { $0 }
        do throws(CascadeError) {
            guard let frontal = try both[0]?.get(), let profile = try both[1]?.get() else {
                throw CascadeError(path: frontalFile, reason: "the face cascades were not read; reinstall Debian's opencv-data (apt-get install --reinstall opencv-data)")
            }
            return .success(FaceDetector(frontal: frontal.0, profile: profile.0, frontalScan: frontal.1, profileScan: profile.1))
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

    /// Every face: frontal detections, then profile ones (`profileImage(of:)`
    /// and its mirror, boxes doubled and mirrored back) that overlap no face
    /// already kept (IoU ≤ 0.3 and not inside one); sorted largest first,
    /// then top-left first. The three scans run at once (on up to 3
    /// threads); the result is the same on any number.
    public func faces(in image: GreyImage) -> [DetectedFace] {
        let found = Mutex<[[Box]]>([[], [], []])
        let frontalScan = frontalScan, profileScan = profileScan
        let half = Self.profileImage(of: image)
        DispatchQueue.concurrentPerform(iterations: 3) { run in
            let boxes: [Box] = switch run {
            case 0: CascadeDetector.detect(frontalScan, in: image, parameters: Self.frontalParameters)
            case 1: CascadeDetector.detect(profileScan, in: half, parameters: Self.profileParameters)
            default: CascadeDetector.detect(profileScan, in: half.mirrored, parameters: Self.profileParameters)
            }
            found.withLock { $0[run] = boxes }
        }
        let boxes = found.withLock { $0 }
        var faces = boxes[0].map { DetectedFace(box: $0, source: .frontal) }
        let left = boxes[1].map { DetectedFace(box: Box(x: 2 * $0.x, y: 2 * $0.y, width: 2 * $0.width, height: 2 * $0.height), source: .profile) }
        let right = boxes[2].map {
            DetectedFace(box: Box(x: 2 * (half.width - $0.x - $0.width), y: 2 * $0.y, width: 2 * $0.width, height: 2 * $0.height),
                         source: .profileMirrored)
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
