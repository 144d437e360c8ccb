import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// Golden-image comparison (README "Rules": Tests): straight-alpha RGBA8, pixels
/// transparent in both images are skipped, a pixel differs when any channel
/// differs by more than `channelTolerance`; the differing count must not
/// exceed `budget` (0 unless a case states a reason). A failure writes
/// `expected | diff | actual` to `.build/golden-failures/NAME.png`.
/// `COLLAGE_RECORD=1` rewrites the golden and fails the test.
enum GoldenImage {
    static let channelTolerance = 1

    static var recording: Bool { ProcessInfo.processInfo.environment["COLLAGE_RECORD"] == "1" }

    static func assertMatches(_ actual: Pixmap, golden name: String, budget: Int = 0,
                              file: StaticString = #filePath, line: UInt = #line) throws {
        let goldenURL = TestPaths.goldens.appendingPathComponent("\(name).png")
        if recording || !FileManager.default.fileExists(atPath: goldenURL.path) {
            try Data(try ImageEncoder.encode(actual, as: .png)).write(to: goldenURL)
            XCTFail("recorded golden \(goldenURL.lastPathComponent) (\(actual.width)x\(actual.height)); " +
                    "check it by eye and run again without COLLAGE_RECORD", file: file, line: line)
            return
        }
        let expected = try ImageDecoder.decode(path: goldenURL.path)
        guard expected.width == actual.width, expected.height == actual.height else {
            try writeFailure(name: name, expected: expected, actual: actual)
            XCTFail("\(name): size \(actual.width)x\(actual.height), golden \(expected.width)x\(expected.height)",
                    file: file, line: line)
            return
        }
        let differing = PixelMetrics.differingPixels(expected, actual, tolerance: channelTolerance)
        if differing > budget {
            let path = try writeFailure(name: name, expected: expected, actual: actual)
            XCTFail("\(name): \(differing) pixels differ by more than \(channelTolerance) (budget \(budget)); see \(path)",
                    file: file, line: line)
        }
    }

    /// Writes expected | diff | actual side by side; returns the file's path.
    @discardableResult
    static func writeFailure(name: String, expected: Pixmap, actual: Pixmap) throws -> String {
        let w = max(expected.width, actual.width), h = max(expected.height, actual.height)
        var sheet = Pixmap(width: w * 3, height: h, color: Color(red: 128, green: 128, blue: 128))
        for y in 0..<h {
            for x in 0..<w {
                let e = x < expected.width && y < expected.height ? expected[x, y] : nil
                let a = x < actual.width && y < actual.height ? actual[x, y] : nil
                if let e { sheet[x, y] = e }
                if let a { sheet[2 * w + x, y] = a }
                // Diff: red where pixels differ, a faded copy of the expected image elsewhere.
                if let e, let a {
                    sheet[w + x, y] = PixelMetrics.differ(e, a, tolerance: channelTolerance) ? Color(red: 255, green: 0, blue: 0)
                        : Color(red: 192 + e.red / 4, green: 192 + e.green / 4, blue: 192 + e.blue / 4)
                } else {
                    sheet[w + x, y] = Color(red: 255, green: 0, blue: 255)
                }
            }
        }
        try FileManager.default.createDirectory(at: TestPaths.failures, withIntermediateDirectories: true)
        let url = TestPaths.failures.appendingPathComponent("\(name).png")
        try Data(try ImageEncoder.encode(sheet, as: .png)).write(to: url)
        return url.path
    }
}
