import CollageRaster
import Foundation
import XCTest

/// The tests' readers of a PDF through Debian's tools (issue 44): `qpdf
/// --check`, `qpdf --json` (pages and boxes), `pdftoppm` (a page rendered
/// to pixels, for parity with collage's own PNG) and `pdfimages` (the
/// images as stored). Each tool is found by `TestPackage.requireTool`: a
/// missing one skips loudly, and fails under `CI=true`.
public enum PDFTools {
    /// Runs `tool` with `arguments`; its standard output, standard error and status.
    public static func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:])
        throws -> (status: Int32, output: Data, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let error = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, output, String(decoding: error, as: UTF8.self))
    }

    /// `qpdf --check` on `path`: fails the test unless it exits 0 and reports no errors.
    public static func assertValid(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let qpdf = try TestPackage.requireTool("qpdf", package: "qpdf", file: file, line: line)
        let result = try run(qpdf, ["--check", path])
        let text = String(decoding: result.output, as: UTF8.self)
        XCTAssertEqual(result.status, 0, "qpdf --check \(path): \(text)\(result.error)", file: file, line: line)
        XCTAssertTrue(text.contains("No syntax or stream encoding errors found"), text, file: file, line: line)
    }

    /// Each page's boxes (`/MediaBox`, `/TrimBox`, `/BleedBox`: [llx, lly, urx, ury] in points), read by `qpdf --json`.
    public static func pageBoxes(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: [Double]]] {
        let qpdf = try TestPackage.requireTool("qpdf", package: "qpdf", file: file, line: line)
        let result = try run(qpdf, ["--json=2", "--json-key=pages", "--json-key=qpdf", path])
        guard result.status == 0, let json = try JSONSerialization.jsonObject(with: result.output) as? [String: Any],
              let pages = json["pages"] as? [[String: Any]], let qpdfPart = json["qpdf"] as? [Any], qpdfPart.count > 1,
              let objects = qpdfPart[1] as? [String: Any] else {
            XCTFail("qpdf --json \(path): \(result.error)", file: file, line: line)
            return []
        }
        return pages.map { page in
            let reference = (page["object"] as? String) ?? ""
            let dictionary = (objects["obj:" + reference] as? [String: Any])?["value"] as? [String: Any] ?? [:]
            var boxes: [String: [Double]] = [:]
            for key in ["/MediaBox", "/TrimBox", "/BleedBox"] {
                if let values = dictionary[key] as? [Any] { boxes[key] = values.compactMap { ($0 as? NSNumber)?.doubleValue } }
            }
            return boxes
        }
    }

    /// The content stream of page `page` (1-based) of `path`, decoded
    /// (`qpdf --show-object --filtered-stream-data` of each of the page's
    /// `/Contents`, in order): the page's operators as text.
    public static func pageContent(_ path: String, page: Int = 1, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let qpdf = try TestPackage.requireTool("qpdf", package: "qpdf", file: file, line: line)
        let result = try run(qpdf, ["--json=2", "--json-key=pages", path])
        guard result.status == 0, let json = try JSONSerialization.jsonObject(with: result.output) as? [String: Any],
              let pages = json["pages"] as? [[String: Any]], pages.indices.contains(page - 1),
              let contents = pages[page - 1]["contents"] as? [String] else {
            XCTFail("qpdf --json \(path): no page \(page): \(result.error)", file: file, line: line)
            return ""
        }
        var text = ""
        for reference in contents {
            let number = reference.split(separator: " ").first.map(String.init) ?? ""
            let stream = try run(qpdf, ["--show-object=\(number)", "--filtered-stream-data", path])
            XCTAssertEqual(stream.status, 0, stream.error, file: file, line: line)
            text += String(decoding: stream.output, as: UTF8.self)
        }
        return text
    }

    /// Page `page` (1-based) of `path` rendered by `pdftoppm` at `dpi`,
    /// RGBA8 (opaque).
    public static func render(_ path: String, page: Int = 1, dpi: Int, file: StaticString = #filePath, line: UInt = #line) throws -> Pixmap {
        let pdftoppm = try TestPackage.requireTool("pdftoppm", package: "poppler-utils", file: file, line: line)
        let result = try run(pdftoppm, ["-r", String(dpi), "-f", String(page), "-l", String(page), path])
        XCTAssertEqual(result.status, 0, result.error, file: file, line: line)
        return try XCTUnwrap(ppm([UInt8](result.output)), "pdftoppm wrote no P6 image", file: file, line: line)
    }

    /// A binary PPM (P6, maxval 255) as RGBA8; nil for anything else.
    public static func ppm(_ bytes: [UInt8]) -> Pixmap? {
        var fields: [Int] = [], at = 2
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "6") else { return nil }
        while fields.count < 3, at < bytes.count {
            while at < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[at]) { at += 1 }
            if at < bytes.count, bytes[at] == UInt8(ascii: "#") { while at < bytes.count, bytes[at] != 0x0A { at += 1 }; continue }
            var value = 0
            while at < bytes.count, (0x30...0x39).contains(bytes[at]) { value = value * 10 + Int(bytes[at] - 0x30); at += 1 }
            fields.append(value)
        }
        at += 1
        let (width, height) = (fields[0], fields[1])
        guard fields.count == 3, fields[2] == 255, bytes.count >= at + width * height * 3 else { return nil }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0 ..< width * height {
            pixels[i * 4] = bytes[at + i * 3]; pixels[i * 4 + 1] = bytes[at + i * 3 + 1]; pixels[i * 4 + 2] = bytes[at + i * 3 + 2]
        }
        return Pixmap(width: width, height: height, pixels: pixels)
    }

    /// One line of `pdfimages -list`: the image's type ("image", "smask"),
    /// size, colour space, encoding ("jpeg", "image") and pixels per inch.
    public struct ListedImage: Equatable {
        public var type: String
        public var width: Int, height: Int
        public var color: String
        public var encoding: String
        public var xppi: Int, yppi: Int
    }

    /// `pdfimages -list` of `path`.
    public static func images(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> [ListedImage] {
        let tool = try TestPackage.requireTool("pdfimages", package: "poppler-utils", file: file, line: line)
        let result = try run(tool, ["-list", path])
        XCTAssertEqual(result.status, 0, result.error, file: file, line: line)
        return String(decoding: result.output, as: UTF8.self).split(separator: "\n").dropFirst(2).compactMap { row in
            let f = row.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard f.count >= 14, let w = Int(f[3]), let h = Int(f[4]), let x = Int(f[12]), let y = Int(f[13]) else { return nil }
            return ListedImage(type: f[2], width: w, height: h, color: f[5], encoding: f[8], xppi: x, yppi: y)
        }
    }

    /// The files `pdfimages -all` extracts from `path` into `folder` (their paths, sorted).
    public static func extractImages(_ path: String, into folder: URL, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let tool = try TestPackage.requireTool("pdfimages", package: "poppler-utils", file: file, line: line)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let result = try run(tool, ["-all", path, folder.appendingPathComponent("img").path])
        XCTAssertEqual(result.status, 0, result.error, file: file, line: line)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { folder.appendingPathComponent($0).path }
    }
}

extension Pixmap {
    /// The top-left `size` of the pixmap (itself when it is not larger).
    public func cropped(to size: Size) -> Pixmap {
        guard size.width < width || size.height < height, size.width <= width, size.height <= height else { return self }
        var out = [UInt8](); out.reserveCapacity(size.width * size.height * 4)
        for y in 0 ..< size.height { out += pixels[(y * width * 4) ..< (y * width * 4 + size.width * 4)] }
        return Pixmap(width: size.width, height: size.height, pixels: out)
    }
}
