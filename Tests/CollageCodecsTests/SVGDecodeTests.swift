import CollageRaster
import Foundation
import XCTest
import CollageTestSupport
@testable import CollageCodecs

/// SVG and SVGZ: sniffing by content, intrinsic sizes, the pixel budget,
/// bad input, drawing through librsvg and cairo (docs/format.md "SVG images").
final class SVGDecodeTests: XCTestCase {
    private func sniff(_ text: String) -> FormatSniffer.Verdict { sniff(Array(text.utf8)) }
    private func sniff(_ bytes: [UInt8]) -> FormatSniffer.Verdict { bytes.withUnsafeBytes { FormatSniffer.sniff($0) } }

    private func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-c", "-n"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(bytes))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Array(data)
    }

    private func svg(_ attributes: String, _ body: String = "") -> [UInt8] {
        Array("<svg xmlns=\"http://www.w3.org/2000/svg\" \(attributes)>\(body)</svg>".utf8)
    }

    func testSniffedByContentNotName() throws {
        XCTAssertEqual(sniff("<svg xmlns=\"http://www.w3.org/2000/svg\"/>"), .format(.svg))
        XCTAssertEqual(sniff("\u{FEFF}\n  <svg>"), .format(.svg), "byte order mark and white space first")
        XCTAssertEqual(sniff("""
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <!-- Created with a drawing program -->
            <?xml-stylesheet href="a.css"?>
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
              <!ENTITY ns "http://www.w3.org/2000/svg">
            ]>
            <svg
              width="10" height="10">
            """), .format(.svg))
        XCTAssertEqual(sniff("<svg:svg xmlns:svg=\"http://www.w3.org/2000/svg\">"), .format(.svg))
        XCTAssertEqual(sniff("<?xml version=\"1.0\"?><html><svg/></html>"), .unknown, "the root must be svg")
        XCTAssertEqual(sniff("<svgfoo/>"), .unknown)
        XCTAssertEqual(sniff("<!-- never closed <svg>"), .unknown)
        XCTAssertEqual(sniff("svg"), .unknown)
        XCTAssertEqual(sniff(try gzip(svg("width=\"4\" height=\"4\""))), .format(.svg), "SVGZ")
        XCTAssertEqual(sniff(try gzip(Array("<html></html>".utf8))), .unknown, "gzip of something else")
    }

    func testIntrinsicSizes() throws {
        func size(_ bytes: [UInt8]) throws -> Size { try ImageDecoder.header(bytes: bytes).storedSize }
        XCTAssertEqual(try size(svg("width=\"120\" height=\"80\"")), Size(width: 120, height: 80))
        XCTAssertEqual(try size(svg("width=\"120px\" height=\"80\" viewBox=\"0 0 10 10\"")), Size(width: 120, height: 80),
                       "width and height win over the viewBox")
        // 40 mm = 151.18 px and 3 cm = 113.39 px at 96 px to the inch; 1 in = 96 px, 72 pt = 96 px.
        XCTAssertEqual(try size(svg("width=\"40mm\" height=\"3cm\"")), Size(width: 151, height: 113))
        XCTAssertEqual(try size(svg("width=\"1in\" height=\"72pt\"")), Size(width: 96, height: 96))
        XCTAssertEqual(try size(svg("viewBox=\"0 0 64 48\"")), Size(width: 64, height: 48), "viewBox only")
        XCTAssertEqual(try size(svg("width=\"50%\" height=\"100%\" viewBox=\"-5 -5 30 20\"")), Size(width: 30, height: 20),
                       "percentages: the viewBox's size")
        XCTAssertEqual(try size(svg("width=\"12.5\" height=\"7.4\"")), Size(width: 13, height: 7), "half away from zero")
        XCTAssertEqual(try size(svg("width=\"0.2\" height=\"9\"")), Size(width: 1, height: 9), "at least 1 px")
        let header = try ImageDecoder.header(bytes: try gzip(svg("viewBox=\"0 0 33 22\"")))
        XCTAssertEqual(header.format, .svg)
        XCTAssertEqual(header.size, Size(width: 33, height: 22))
        XCTAssertEqual(header.orientation, .up)
    }

    func testBadSVGsAreErrorsWithTheReason() throws {
        func failure(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) -> ImageError? {
            do { _ = try ImageDecoder.decode(bytes: bytes, name: "bad.svg", options: options); return nil } catch { return error }
        }
        let malformed = failure(svg("width=\"10\" height=\"10\"", "<rect width=\"5\""))
        XCTAssertEqual(malformed?.kind, .corrupt)
        XCTAssertEqual(malformed?.path, "bad.svg")
        XCTAssertTrue(malformed?.reason.hasPrefix("invalid SVG: ") == true, "\(String(describing: malformed))")
        XCTAssertGreaterThan(malformed?.reason.count ?? 0, "invalid SVG: ".count + 5, "librsvg's message is quoted")
        XCTAssertEqual(failure(svg("width=\"0\" height=\"10\""))?.reason, "invalid SVG: zero size: the root <svg> is 0 px wide or high")
        XCTAssertEqual(failure(svg("", "<rect width=\"5\" height=\"5\"/>"))?.reason,
                       "invalid SVG: no intrinsic size: the root <svg> has no width and height in absolute units and no viewBox")
        let truncated = failure(Array(try gzip(svg("width=\"10\" height=\"10\"", String(repeating: "<g/>", count: 50))).dropLast(30)))
        XCTAssertEqual(truncated?.kind, .corrupt, "\(String(describing: truncated))")
        let huge = failure(svg("width=\"100000\" height=\"100000\""))
        XCTAssertEqual(huge?.kind, .tooLarge)
        XCTAssertEqual(huge?.reason, "image too large: 100000x100000 (10000.0 megapixels), over the limit of 100 megapixels "
                       + "(the SVG's intrinsic size)")
        XCTAssertEqual(failure(svg("width=\"40\" height=\"30\""), options: DecodeOptions(maxPixels: 1199))?.kind, .tooLarge)
        XCTAssertNil(failure(svg("width=\"40\" height=\"30\""), options: DecodeOptions(maxPixels: 1200)))
        // Absurd sizes do not trap on the way to the budget (librsvg itself refuses 1e300).
        XCTAssertEqual(failure(svg("width=\"4e9\" height=\"10\""))?.kind, .tooLarge)
        let absurd = failure(svg("width=\"1e300\" height=\"1e300\""))
        XCTAssertTrue(absurd?.kind == .tooLarge || absurd?.kind == .corrupt, "\(String(describing: absurd))")
    }

    /// A decode to pixels draws the document at its intrinsic size, straight alpha.
    func testDecodeDrawsAtTheIntrinsicSize() throws {
        let result = try ImageDecoder.decode(bytes: svg("width=\"20\" height=\"10\"", """
            <rect width="10" height="10" fill="#ff0000"/><rect x="10" width="10" height="10" fill="#0000ff" fill-opacity="0.5"/>
            """))
        XCTAssertEqual(result.pixmap.size, Size(width: 20, height: 10))
        XCTAssertEqual(Array(result.pixmap.pixels[(5 * 20 + 2) * 4 ..< (5 * 20 + 2) * 4 + 4]), [255, 0, 0, 255])
        XCTAssertEqual(Array(result.pixmap.pixels[(5 * 20 + 15) * 4 ..< (5 * 20 + 15) * 4 + 4]), [0, 0, 255, 128])
    }

    /// No external reference is read: an <image> naming a file beside the
    /// SVG (which exists) draws nothing.
    func testExternalReferencesAreNotResolved() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        let red = Pixmap(width: 4, height: 4, color: Color(red: 255, green: 0, blue: 0))
        try Data(try ImageEncoder.encode(red, as: .png)).write(to: directory.appendingPathComponent("red.png"))
        let path = directory.appendingPathComponent("ref.svg").path
        try Data(svg("width=\"4\" height=\"4\"", "<image href=\"red.png\" width=\"4\" height=\"4\"/>")).write(to: URL(fileURLWithPath: path))
        let image = try ImageDecoder.decode(path: path)
        XCTAssertEqual(image.size, Size(width: 4, height: 4))
        XCTAssertTrue(image.pixels.allSatisfy { $0 == 0 }, "the referenced PNG must not be drawn")
    }

    /// svg_render.c declares librsvg's and cairo's functions itself (rsvg.h
    /// needs glib's include folders); compiled against the real headers of
    /// librsvg2-dev, each declaration must have exactly the header's type.
    func testDeclarationsMatchLibrsvgHeaders() throws {
        let flags = Process()
        flags.executableURL = URL(fileURLWithPath: "/usr/bin/pkg-config")
        flags.arguments = ["--cflags", "librsvg-2.0"]
        let pipe = Pipe()
        flags.standardOutput = pipe
        try flags.run()
        let cflags = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        flags.waitUntilExit()
        XCTAssertEqual(flags.terminationStatus, 0, "pkg-config librsvg-2.0 (librsvg2-dev, scripts/debian-packages)")
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/usr/bin/cc")
        let shim = TestPackage.root.appendingPathComponent("Sources/CImageShim")
        let include: [String] = ["-I", shim.appendingPathComponent("include").path]
        let headerFlags: [String] = cflags.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        var arguments: [String] = ["-fsyntax-only", "-DCOLLAGE_SVG_CHECK_HEADERS"]
        arguments += include
        arguments += headerFlags
        arguments.append(shim.appendingPathComponent("svg_render.c").path)
        compile.arguments = arguments
        let errors = Pipe()
        compile.standardError = errors
        try compile.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        compile.waitUntilExit()
        XCTAssertEqual(compile.terminationStatus, 0, message)
    }

    /// The document drawn at a scale and rotation through `VectorPicture`
    /// puts the picture where the transform says: a 10 x 10 red square
    /// scaled by 3 and turned 90° about (15, 15) covers canvas x 0..<30.
    func testDrawsAtTheGivenTransform() throws {
        let document = try SVGDocument(bytes: svg("width=\"10\" height=\"10\"", "<rect width=\"10\" height=\"5\" fill=\"#f00\"/>"), path: "t.svg")
        XCTAssertEqual(document.size, Size(width: 10, height: 10))
        var pixels = [UInt32](repeating: 0, count: 30 * 30)
        let transform = Affine.scale(3, 3).then(.rotation(degrees: 90, about: 15, 15))
        try pixels.withUnsafeMutableBufferPointer {
            try document.draw(viewport: document.size, transform: transform, width: 30, height: 30, into: $0)
        }
        // The top half (y 0..<5) turned clockwise is the right half: x 15..<30.
        XCTAssertEqual(pixels[10 * 30 + 25], 0xFFFF_0000)
        XCTAssertEqual(pixels[10 * 30 + 5], 0)
        XCTAssertEqual(pixels[29 * 30 + 15], 0xFFFF_0000)
    }
}
