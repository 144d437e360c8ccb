import CollageRaster
import Foundation
import XCTest

/// The tests' readers of a PDF's text (issue 45) through poppler and qpdf:
/// `pdffonts` (each font's type and whether it is embedded, subset and
/// has a ToUnicode map), `pdftotext` (the text as a reader copies it) and
/// the embedded font programs' sizes (`qpdf`). Tools are found by
/// `TestPackage.requireTool` (skip loudly, fail under `CI=true`); runs go
/// through `PDFTools.run`.
public enum PDFTextTools {
    /// One row of `pdffonts`.
    public struct ListedFont: Equatable {
        public var name: String
        /// "CID TrueType", "CID Type 0C (OT)"…
        public var type: String
        public var encoding: String
        public var embedded: Bool, subset: Bool, unicode: Bool
    }

    /// `pdffonts` of `path`: every font of every page.
    public static func fonts(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> [ListedFont] {
        let tool = try TestPackage.requireTool("pdffonts", package: "poppler-utils", file: file, line: line)
        let result = try PDFTools.run(tool, [path])
        XCTAssertEqual(result.status, 0, result.error, file: file, line: line)
        return String(decoding: result.output, as: UTF8.self).split(separator: "\n").dropFirst(2).compactMap { row in
            // name type… encoding emb sub uni object generation
            let f = row.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard f.count >= 8 else { return nil }
            let n = f.count
            return ListedFont(name: f[0], type: f[1 ..< n - 6].joined(separator: " "), encoding: f[n - 6],
                              embedded: f[n - 5] == "yes", subset: f[n - 4] == "yes", unicode: f[n - 3] == "yes")
        }
    }

    /// `pdftotext -enc UTF-8` of `path` (all pages; `raw`: in content
    /// stream order, `-raw`), with form feeds removed.
    public static func text(_ path: String, raw: Bool = false, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let tool = try TestPackage.requireTool("pdftotext", package: "poppler-utils", file: file, line: line)
        let result = try PDFTools.run(tool, ["-enc", "UTF-8"] + (raw ? ["-raw"] : []) + [path, "-"])
        XCTAssertEqual(result.status, 0, result.error, file: file, line: line)
        return String(decoding: result.output, as: UTF8.self).replacingOccurrences(of: "\u{0C}", with: "")
    }

    /// The decoded size in bytes of each embedded font program (`/FontFile`,
    /// `/FontFile2`, `/FontFile3` of the font descriptors), read with
    /// `qpdf --json` and `qpdf --show-object --filtered-stream-data`.
    public static func fontProgramSizes(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> [Int] {
        let qpdf = try TestPackage.requireTool("qpdf", package: "qpdf", file: file, line: line)
        let result = try PDFTools.run(qpdf, ["--json=2", "--json-key=qpdf", path])
        guard result.status == 0, let json = try JSONSerialization.jsonObject(with: result.output) as? [String: Any],
              let part = json["qpdf"] as? [Any], part.count > 1, let objects = part[1] as? [String: Any] else {
            XCTFail("qpdf --json \(path): \(result.error)", file: file, line: line)
            return []
        }
        var programs: [Int] = []
        for (_, object) in objects {
            guard let value = (object as? [String: Any])?["value"] as? [String: Any],
                  value["/Type"] as? String == "/FontDescriptor" else { continue }
            for key in ["/FontFile", "/FontFile2", "/FontFile3"] {
                if let reference = value[key] as? String, let number = reference.split(separator: " ").first { programs.append(Int(number) ?? 0) }
            }
        }
        return try programs.sorted().map { number in
            let data = try PDFTools.run(qpdf, ["--show-object=\(number)", "--filtered-stream-data", path])
            XCTAssertEqual(data.status, 0, data.error, file: file, line: line)
            return data.output.count
        }
    }

    /// Each Type0 font's ToUnicode CMap, decoded (`qpdf --json` finds the
    /// `/ToUnicode` streams, `qpdf --show-object --filtered-stream-data`
    /// reads them), one string a distinct stream.
    public static func toUnicodeMaps(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let qpdf = try TestPackage.requireTool("qpdf", package: "qpdf", file: file, line: line)
        let result = try PDFTools.run(qpdf, ["--json=2", "--json-key=qpdf", path])
        guard result.status == 0, let json = try JSONSerialization.jsonObject(with: result.output) as? [String: Any],
              let part = json["qpdf"] as? [Any], part.count > 1, let objects = part[1] as? [String: Any] else {
            XCTFail("qpdf --json \(path): \(result.error)", file: file, line: line)
            return []
        }
        var streams = Set<Int>()
        for (_, object) in objects {
            guard let value = (object as? [String: Any])?["value"] as? [String: Any],
                  let reference = value["/ToUnicode"] as? String, let number = reference.split(separator: " ").first else { continue }
            streams.insert(Int(number) ?? 0)
        }
        return try streams.sorted().map { number in
            let data = try PDFTools.run(qpdf, ["--show-object=\(number)", "--filtered-stream-data", path])
            XCTAssertEqual(data.status, 0, data.error, file: file, line: line)
            return String(decoding: data.output, as: UTF8.self)
        }
    }

    /// Page 1 of `path` rendered by `pdftoppm` at `factor` times `dpi`,
    /// each `factor` x `factor` block averaged into one pixel: a box filter
    /// on the 8-bit sRGB values as poppler writes them (no linearisation),
    /// rounded to nearest; RGBA8, opaque. What the text parity checks
    /// compare with collage's raster render (at 8 x 72 dpi poppler's
    /// snapping of each glyph to a whole device pixel is an eighth of a
    /// point).
    public static func renderSupersampled(_ path: String, dpi: Int, factor: Int, file: StaticString = #filePath,
                                          line: UInt = #line) throws -> Pixmap {
        let large = try PDFTools.render(path, dpi: dpi * factor, file: file, line: line)
        let width = large.width / factor, height = large.height / factor
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0 ..< height {
            for x in 0 ..< width {
                for c in 0 ..< 3 {
                    var sum = 0
                    for dy in 0 ..< factor {
                        for dx in 0 ..< factor { sum += Int(large.pixels[((y * factor + dy) * large.width + x * factor + dx) * 4 + c]) }
                    }
                    pixels[(y * width + x) * 4 + c] = UInt8((sum + factor * factor / 2) / (factor * factor))
                }
            }
        }
        return Pixmap(width: width, height: height, pixels: pixels)
    }
}
