import XCTest
import CollageRaster
@testable import CollageCodecs

/// Every image file in the corpus either decodes or fails with an ImageError
/// naming it: no crash, no hang, no other error type.
final class CorpusSweepTests: XCTestCase {
    func testEveryCorpusImageDecodesOrFailsCleanly() throws {
        let root = try Corpus.path("MANIFEST.md").replacingOccurrences(of: "/MANIFEST.md", with: "")
        let extensions: Set<String> = ["jpg", "jpeg", "png", "heic", "heif", "avif", "webp"]
        guard let walker = FileManager.default.enumerator(atPath: root) else { return XCTFail("cannot list \(root)") }
        var decoded = 0, rejected = 0
        for case let relative as String in walker where extensions.contains((relative as NSString).pathExtension.lowercased()) {
            let path = root + "/" + relative
            do {
                let header = try ImageDecoder.header(path: path)
                let result = try ImageDecoder.decode(path: path, options: DecodeOptions())
                XCTAssertEqual(result.pixmap.size, header.size, relative)
                decoded += 1
            } catch {
                XCTAssertEqual(error.path, path)
                XCTAssertFalse(error.reason.isEmpty, relative)
                rejected += 1
            }
        }
        // 276 files. Rejected (34): 3 HEIF (corrupted, truncated, empty), the 14
        // PngSuite x*.png, 6 other corrupt PNG/JPEG files, 1 non-JPEG .jpg,
        // 4 truncated JPEGs (one is the 1:163 file), 3 unsupported JPEG
        // variants (12-bit, lossless, DNL) and 3 bombs. Update these counts
        // when a format gains support.
        XCTAssertEqual(decoded + rejected, 276)
        XCTAssertEqual(decoded, 242)
        XCTAssertEqual(rejected, 34)
    }
}
