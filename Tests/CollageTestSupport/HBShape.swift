import Foundation
import XCTest

/// `hb-shape` (Debian package libharfbuzz-bin), HarfBuzz's own command-line
/// shaper: what collage's shaping is compared with (glyph ids and positions).
public enum HBShape {
    /// One glyph of `hb-shape --output-format=json`: id, offsets and
    /// advances in 26.6 pixels (1/64 px; y up).
    public struct Glyph: Decodable, Equatable {
        public var g: UInt32
        public var cl: Int
        public var dx: Int
        public var dy: Int
        public var ax: Int
        public var ay: Int
    }

    /// Shapes `text` with the face `index` of `file` at `scale` (26.6 pixels:
    /// the size in pixels × 64) in `direction` (`ltr`, `rtl`, `ttb`).
    /// - Throws: `XCTSkip` when hb-shape is missing (a failure under `CI=true`).
    public static func shape(_ text: String, file: String, index: Int, scale: Int, direction: String,
                             features: String? = nil) throws -> [Glyph] {
        let tool = try TestPackage.requireTool("hb-shape", package: "libharfbuzz-bin")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        var arguments = ["--direction=\(direction)", "--output-format=json", "--no-glyph-names",
                         "--font-size=\(scale)", "--face-index=\(index)"]
        if let features { arguments.append("--features=\(features)") }
        process.arguments = arguments + [file, text]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "hb-shape failed")
        return try JSONDecoder().decode([Glyph].self, from: data)
    }
}
