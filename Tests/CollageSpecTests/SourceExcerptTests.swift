import XCTest
@testable import CollageSpec

/// The quoted line under a diagnostic: control bytes escaped, long lines cut
/// around the caret (SourceExcerpt, DiagnosticFormatter).
final class SourceExcerptTests: XCTestCase {
    func testControlCharactersAreEscapedAndTheCaretFollows() {
        let source = SourceText(file: "bin.yaml", bytes: [0x01, 0x1B, 0x5B, 0x33, 0x31, 0x6D, 0x61, 0x3A, 0x7F, 0x62])
        let d = Diagnostic(.syntax, at: SourceLocation(file: "bin.yaml", line: 1, column: 7), "m")
        XCTAssertEqual(DiagnosticFormatter().format(d, source: source),
                       "bin.yaml:1:7: error: m\n\\x01\\x1B[31ma:\\x7Fb\n            ^\n")
    }

    func testALongLineIsCutAroundTheCaretWithEllipses() {
        let line = String(repeating: "a", count: 100_000) + "XY" + String(repeating: "b", count: 100_000)
        let excerpt = SourceExcerpt(line: line, column: 100_001)
        XCTAssertEqual(excerpt.line, "…" + String(repeating: "a", count: 60) + "XY" + String(repeating: "b", count: 58) + "…")
        XCTAssertEqual(excerpt.caretPrefix, String(repeating: " ", count: 61))
        // The caret is under the X: the prefix is exactly as wide as the text before it.
        XCTAssertEqual(Array(excerpt.line)[excerpt.caretPrefix.count], "X")
    }

    func testCutOnOneSideOnlyNearTheEnds() {
        let line = String(repeating: "c", count: 300)
        let start = SourceExcerpt(line: line, column: 3)
        XCTAssertEqual(start.line, String(repeating: "c", count: 120) + "…")
        XCTAssertEqual(start.caretPrefix, "  ")
        let end = SourceExcerpt(line: line, column: 300)
        XCTAssertEqual(end.line, "…" + String(repeating: "c", count: 120))
        XCTAssertEqual(end.caretPrefix, String(repeating: " ", count: 120))
    }

    func testShortLinesAreUnchanged() {
        XCTAssertEqual(SourceExcerpt(line: "canvas: 5", column: 9), SourceExcerpt(line: "canvas: 5", column: 9))
        XCTAssertEqual(SourceExcerpt(line: "canvas: 5", column: 9).line, "canvas: 5")
        XCTAssertEqual(SourceExcerpt(line: "canvas: 5", column: 9).caretPrefix, String(repeating: " ", count: 8))
    }

    func testImagesGivenAsDocumentsAreRecognised() {
        XCTAssertEqual(ImageSignature.format(of: [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]), "JPEG")
        XCTAssertEqual(ImageSignature.format(of: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]), "PNG")
        XCTAssertEqual(ImageSignature.format(of: Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)), "WebP")
        XCTAssertEqual(ImageSignature.format(of: [0, 0, 0, 0x18] + Array("ftypheic".utf8)), "HEIF")
        XCTAssertNil(ImageSignature.format(of: Array("version: 1\n".utf8)))
        XCTAssertThrowsError(try DocumentLoader.load(text: [0xFF, 0xD8, 0xFF, 0xDB, 0x00], file: "IMG_1.jpg",
                                                     baseDirectory: "/")) { error in
            let list = error as! DiagnosticList
            XCTAssertEqual(list.diagnostics.map(\.description), [
                "error: cannot read document 'IMG_1.jpg': this looks like an image (JPEG), not a document; "
                + "give a .yaml or .json collage document that lists the photo under 'photos:'"])
        }
    }
}
