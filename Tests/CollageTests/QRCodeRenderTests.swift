import Collage
import CollageCodecs
import Foundation
import XCTest
import CollageTestSupport

/// The qrcode overlay kind end to end (issue 34): what collage draws, read
/// back by zbarimg (Debian zbar-tools), is exactly the text, at every
/// error-correction level, upright and turned by `rotation: 30`.
final class QRCodeRenderTests: XCTestCase {
    private func decoded(level: QRCodeLevel, rotation: Double, text: String, zbarimg: String) throws -> String {
        let dir = try TestPackage.temporaryDirectory(self)
        var document = CollageDocument(canvas: .init(width: 480, height: 480, background: "#d0d8e0"))
        document.overlays = [.init(.qrcode(.init(text, level: level, module: 6)), rotation: rotation,
                                   shadow: .init(offsetX: 3, offsetY: 3, blur: 4))]
        let image = try DocumentRenderer(configuration: .init(threads: 2))
            .render(.document(document, baseDirectory: dir.path), format: .png)
        let png = dir.appendingPathComponent("code.png")
        try Data(image.bytes).write(to: png)
        // Standard output only: zbarimg may complain on stderr (no D-Bus here).
        let result = try Pipeline.run("/bin/sh", ["-c", "\"$0\" --raw -q -Sdisable -Sqrcode.enable \"$1\" 2>/dev/null", zbarimg, png.path],
                                      in: dir)
        XCTAssertEqual(result.status, 0, "zbarimg found no code at level \(level), rotation \(rotation): \(result.output)")
        return result.output.hasSuffix("\n") ? String(result.output.dropLast()) : result.output
    }

    func testZbarimgReadsEveryLevelUprightAndTurned() throws {
        let zbarimg = try TestPackage.requireTool("zbarimg", package: "zbar-tools")
        for level in QRCodeLevel.allCases {
            let text = "https://example.com/collage?level=\(level.rawValue)&kind=qrcode"
            for rotation in [0.0, 30] {
                XCTAssertEqual(try decoded(level: level, rotation: rotation, text: text, zbarimg: zbarimg), text,
                               "level \(level), rotation \(rotation)")
            }
        }
    }

    /// Unturned, every module is whole pixels of exactly `color` or `background`.
    func testUprightModulesArePixelExact() throws {
        let dir = try TestPackage.temporaryDirectory(self)
        let document = CollageDocument(canvas: .init(width: 100, height: 100, background: "#ff0000"),
                                       overlays: [.init(.qrcode(.init("A", level: .L, module: 3, margin: 1)), anchor: .topLeft,
                                                        offset: (x: 5, y: 7))])
        let image = try DocumentRenderer().render(.document(document, baseDirectory: dir.path), format: .png)
        let symbol = try QRCodeSymbol(encoding: "A", level: .L)
        let decodedImage = try ImageDecoder.decode(bytes: image.bytes).pixmap
        XCTAssertEqual(decodedImage.width, 100)
        let side = (symbol.side + 2) * 3
        for y in 0..<100 {
            for x in 0..<100 {
                let inside = (5..<5 + side).contains(x) && (7..<7 + side).contains(y)
                var expected: [UInt8] = [255, 0, 0, 255]
                if inside {
                    let column = (x - 5) / 3 - 1, row = (y - 7) / 3 - 1
                    let dark = (0..<symbol.side).contains(column) && (0..<symbol.side).contains(row)
                        && symbol.isDark(column: column, row: row)
                    expected = dark ? [0, 0, 0, 255] : [255, 255, 255, 255]
                }
                let i = (y * 100 + x) * 4
                XCTAssertEqual(Array(decodedImage.pixels[i..<i + 4]), expected, "pixel \(x), \(y)")
                if Array(decodedImage.pixels[i..<i + 4]) != expected { return }
            }
        }
    }
}
