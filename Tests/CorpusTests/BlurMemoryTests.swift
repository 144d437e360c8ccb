import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// Peak memory of a blurred full-canvas background (issue 18's closing
/// note): a 2048 x 2048 canvas whose background image is blurred with
/// `blur: 1000` (σ = 1000, reach 3000 px on every side). The blur passes
/// run over the output padded by the reach without materialising it
/// (`GaussianBlur.blur(_:picture:sigma:edges:output:)`): the padded
/// rectangle held as floats took 8048² x 16 bytes = 988 MiB (1.2 GB peak);
/// now the picture's rows (64 MiB), the picture (64 MiB), the result
/// (64 MiB), the canvas (16 MiB) and strips of scratch. Measured like
/// `CollageMemoryTests`: the child's own `ru_maxrss`.
final class BlurMemoryTests: XCTestCase {
    /// Well under the padded rectangle alone (988 MiB), above what the
    /// unpadded passes need (232 MiB measured in the debug build, 2 threads;
    /// the padded one 1149 MiB).
    static let bound = 400 << 20

    func testBlurredFullCanvasBackgroundPeakRSSIsBoundedByThePicture() throws {
        let scratch = try TestPackage.temporaryDirectory(self)
        var checker = Pixmap(width: 64, height: 64)
        for y in 0 ..< 64 {
            for x in 0 ..< 64 { checker[x, y] = (x / 8 + y / 8) % 2 == 0 ? .white : Color(red: 20, green: 60, blue: 200) }
        }
        let image = scratch.appendingPathComponent("checker.png")
        try Data(try ImageEncoder.encode(checker, as: .png)).write(to: image)
        let document = scratch.appendingPathComponent("blur.yaml")
        try Data("""
            version: 1
            canvas: {width: 2048, height: 2048, background: {image: "\(image.path)", blur: 1000}}
            """.utf8).write(to: document)
        let output = scratch.appendingPathComponent("blur.png")
        let run = try ChildRun.collage(["render", document.path, "-o", output.path, "--threads", "2"], timeout: 300)
        print("PEAKRSS render 2048² background blur 1000: status \(run.status.map(String.init) ?? "signal") "
              + "peak \(run.peakRSS >> 20) MiB")
        XCTAssertEqual(run.status, 0, run.stderr)
        // More than the blurred picture as floats, so the measurement sees the blur.
        XCTAssertGreaterThan(run.peakRSS, 2048 * 2048 * 16)
        XCTAssertLessThan(run.peakRSS, Self.bound, "peak RSS \(run.peakRSS >> 20) MiB")
        // Blurred that far, the checker is a mix of its two colours, opaque to the canvas edges.
        let blurred = try ImageDecoder.decode(path: output.path)
        XCTAssertGreaterThan(blurred[1024, 1024].red, 60)
        XCTAssertLessThan(blurred[1024, 1024].red, 240)
        for (x, y) in [(0, 0), (2047, 0), (0, 2047), (2047, 2047), (1024, 0)] {
            XCTAssertEqual(blurred[x, y].alpha, 255, "(\(x), \(y))")
        }
    }
}
