import XCTest
import CollageTestSupport
import Dispatch
import CollageRaster
@testable import CollageCodecs

/// The pipeline decodes photos in parallel (README "Rules": Resampler): concurrent decodes
/// give exactly the sequential results.
final class ConcurrencyTests: XCTestCase {
    final class Results: @unchecked Sendable {
        var pixmaps: [Pixmap?]
        let lock = NSLock()
        init(count: Int) { pixmaps = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ pixmap: Pixmap?) { lock.lock(); pixmaps[index] = pixmap; lock.unlock() }
    }

    func testParallelDecodesEqualSequentialOnes() throws {
        // EXIF orientations, ICC profiles (P3, XYB, CMYK), PNG, HEIF and WebP in one batch.
        let files = try ["exif-orientation-examples/Landscape_6.jpg", "exif-orientation-examples/Portrait_8.jpg",
                         "nuke/image-p3.jpg", "libvips/sample-xyb.jpg", "metadata-extractor-images/Multiple_ICC_segments.jpg",
                         "sharp/p3.png", "pillow/pil123p.png", "nuke/progressive.jpeg", "nuke/img_751.heic",
                         "pillow-heif/RGBA_8__128x128.heif", "pillow/transparent.webp", "pillow/flower2.webp"].map { try TestPackage.corpusFile($0) }
        let sequential = try files.map { try ImageDecoder.decode(path: $0, minimumSize: Size(width: 200, height: 200)) }
        let results = Results(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count * 3) { i in
            let index = i % files.count
            let pixmap = try? ImageDecoder.decode(path: files[index], minimumSize: Size(width: 200, height: 200))
            if i >= files.count * 2 { results.set(index, pixmap) }
        }
        for (index, expected) in sequential.enumerated() {
            XCTAssertEqual(results.pixmaps[index], expected, files[index])
        }
    }
}
