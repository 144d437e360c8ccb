import XCTest
@testable import CollageCodecs

/// Magic-byte sniffing (never the extension).
final class FormatSnifferTests: XCTestCase {
    private func sniff(_ bytes: [UInt8]) -> FormatSniffer.Verdict {
        bytes.withUnsafeBytes { FormatSniffer.sniff($0) }
    }

    private func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
        let size = 16 + 4 * compatible.count
        return [0, 0, 0, UInt8(size)] + Array("ftyp\(major)".utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) }
    }

    func testVerdicts() {
        XCTAssertEqual(sniff([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]), .format(.jpeg))
        XCTAssertEqual(sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), .format(.png))
        XCTAssertEqual(sniff(Array("RIFF".utf8) + [0x10, 0, 0, 0] + Array("WEBPVP8 ".utf8)), .format(.webp))
        XCTAssertEqual(sniff(ftyp("heic", ["mif1", "heic"])), .heif(brand: "heic"))
        XCTAssertEqual(sniff(ftyp("mif1", ["avif", "miaf"])), .heif(brand: "avif"))
        XCTAssertEqual(sniff(ftyp("isom", ["mp41"])), .unknown, "an MP4 is not an image")
        XCTAssertEqual(sniff([]), .empty)
        XCTAssertEqual(sniff([0xFF, 0x00, 0x12]), .unknown)
        XCTAssertEqual(sniff(Array("GIF89a".utf8)), .unknown)
    }
}
