import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// Issue 44 through the `collage` binary: `-o x.pdf` writes the scene as a
/// PDF that `qpdf --check` accepts, whose pages `pdftoppm` renders close to
/// collage's own PNG of the same document, with print boxes, whole JPEGs
/// copied byte for byte, and the same bytes every run. The parity scenes
/// are opaque: translucent paint composites in linear light in the raster
/// until `compositing: css` (issue 36) and in sRGB values in PDF.
final class PDFOutputTests: XCTestCase, PhotoFolderTest {
    var directory: URL!

    override func setUpWithError() throws {
        try makePhotoFolder()
    }

    /// Renders `document` to `name`.pdf and `name`.png (when `png`), checks
    /// the PDF with qpdf; the PDF's path and the PNG.
    @discardableResult
    func render(_ document: String, name: String = "doc", png: Bool = true, _ extra: [String] = [],
                        environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line) throws -> (pdf: String, png: Pixmap?) {
        try write("\(name).yaml", document)
        let result = try runCollage(["render", "\(name).yaml", "-o", "\(name).pdf"] + extra, in: directory, environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        try PDFTools.assertValid(url("\(name).pdf").path, file: file, line: line)
        guard png else { return (url("\(name).pdf").path, nil) }
        let raster = try runCollage(["render", "\(name).yaml", "-o", "\(name).png"], in: directory)
        XCTAssertEqual(raster.status, 0, raster.stderr, file: file, line: line)
        return (url("\(name).pdf").path, try ImageDecoder.decode(path: url("\(name).png").path))
    }

    /// `pdftoppm` of page 1 at `dpi` against `png`: the PSNR (RGB, dB), at least `floor`.
    @discardableResult
    func assertParity(_ pdf: String, _ png: Pixmap?, dpi: Int, atLeast floor: Double,
                              file: StaticString = #filePath, line: UInt = #line) throws -> Double {
        let png = try XCTUnwrap(png)
        // pdftoppm rounds a page of fractional points up to whole pixels: one more at most.
        let page = try PDFTools.render(pdf, dpi: dpi, file: file, line: line).cropped(to: png.size)
        XCTAssertEqual([page.width, page.height], [png.width, png.height], "pdftoppm's page size", file: file, line: line)
        guard page.width == png.width, page.height == png.height else { return 0 }
        let psnr = PixelMetrics.psnr(page, png)
        print("PDF parity \(name): \(String(format: "%.2f", psnr)) dB")
        XCTAssertGreaterThanOrEqual(psnr, floor, "PSNR of pdftoppm -r \(dpi) against the PNG", file: file, line: line)
        return psnr
    }

    /// Shapes (a rounded rectangle, an ellipse, a dashed line, a star path),
    /// an opaque linear and radial gradient, a multiply blend and text, all
    /// as vectors: at least 30 dB against the raster.
    func testShapesGradientsAndBlendMatchTheRaster() throws {
        let (pdf, png) = try render("""
            version: 1
            canvas:
              width: 480
              height: 320
              background: {gradient: {angle: 120, stops: ["#14213d", ["#3a0ca3", "60%"], "#7209b7"], space: oklab}}
            overlays:
              - shape: ellipse
                anchor: topLeft
                offset: [300, 20]
                width: 160
                height: 160
                fill: {gradient: {kind: radial, stops: ["#f72585", "#3a0ca3"]}}
              - shape: rect
                anchor: topLeft
                offset: [30, 40]
                width: 160
                height: 40
                cornerRadius: 20
                fill: {gradient: {angle: 90, stops: ["#ffd166", "#f8961e"]}}
              - text: "Vectors"
                anchor: topLeft
                offset: [30, 110]
                font: {family: "DejaVu Sans", size: 40, weight: bold}
                color: "#ffffff"
              - shape: line
                points: [[30, 200], [260, 200]]
                stroke: {width: 4, dash: [12, 8], cap: round, color: "#ffffff"}
              - shape: rect
                anchor: topLeft
                offset: [320, 140]
                width: 120
                height: 140
                fill: "#20c0a0"
                blend: multiply
              - shape: rect
                anchor: topLeft
                offset: [40, 240]
                width: 200
                height: 50
                fill: "#ffffff"
                stroke: {width: 3, color: "#000000"}
                rotation: 8
            """)
        let psnr = try assertParity(pdf, png, dpi: 72, atLeast: 30)
        XCTAssertLessThan(psnr, 200, "a real comparison")
        // The vectors stay vectors: no image in the file.
        XCTAssertEqual(try PDFTools.images(pdf), [])
    }

    /// A page of photos (PNG and JPEG, cover crops, an EXIF-rotated JPEG)
    /// with a caption: at least 35 dB over the page.
    func testPhotoPageMatchesTheRaster() throws {
        let (pdf, png) = try render("""
            version: 1
            canvas: {width: 600, height: 400, background: "#ffffff"}
            photos: [photos/quadrants.png, photos/gradient.jpg, photos/rotated6.jpg, photos/stripes.png]
            layout: {kind: grid, columns: 2, gap: 8, padding: 8}
            overlays:
              - text: "Photos"
                anchor: bottom
                offset: [0, -20]
                font: {family: "DejaVu Sans", size: 32}
                color: "#000000"
            """)
        try assertParity(pdf, png, dpi: 72, atLeast: 35)
    }

    /// A print document: MediaBox holds bleed and slug, TrimBox and
    /// BleedBox as `qpdf --json` reads them, in points at canvas.dpi.
    func testPrintBoxesAndPageCount() throws {
        let (pdf, _) = try render("""
            version: 1
            canvas: {width: 4in, height: 6in, dpi: 100, background: "#ffffff"}
            print: {bleed: 0.125in, marks: [crop]}
            overlays:
              - shape: rect
                anchor: topLeft
                offset: [-13, -13]
                width: 426
                height: 300
                fill: "#3060a0"
            """, png: false)
        let pages = try PDFTools.pageBoxes(pdf)
        XCTAssertEqual(pages.count, 1)
        let page = try XCTUnwrap(pages.first)
        // 4 x 6 in trim = 288 x 432 pt; the bleed 0.125 in = 9 pt (12.5 px at 100 dpi: 13 px = 9.36 pt).
        let media = try XCTUnwrap(page["/MediaBox"]), trim = try XCTUnwrap(page["/TrimBox"]), bleed = try XCTUnwrap(page["/BleedBox"])
        XCTAssertEqual(trim[2] - trim[0], 288, accuracy: 0.01)
        XCTAssertEqual(trim[3] - trim[1], 432, accuracy: 0.01)
        XCTAssertEqual(trim[0] - bleed[0], bleed[2] - trim[2], accuracy: 0.01)
        XCTAssertGreaterThan(trim[0] - bleed[0], 8.9)
        XCTAssertLessThan(trim[0] - bleed[0], 9.5)
        XCTAssertGreaterThan(bleed[0], media[0], "the slug lies outside the bleed")
        XCTAssertEqual(media[0], 0)
        XCTAssertEqual(media[2] - trim[2], trim[0] - media[0], accuracy: 0.01, "the trim is centred")
    }

    /// Two runs, and one and four threads, give the same bytes; no date
    /// without SOURCE_DATE_EPOCH, its date with it.
    func testDeterministicBytesAndSourceDateEpoch() throws {
        let document = """
            version: 1
            canvas: {width: 300, height: 200, background: "#ffeedd"}
            photos: [photos/quadrants.png, photos/gradient.jpg]
            layout: {kind: auto, gap: 4}
            overlays:
              - text: "Same bytes"
                font: {family: "DejaVu Sans", size: 24}
                color: "#102030"
            """
        try render(document, name: "a", png: false, ["--threads", "1"])
        try render(document, name: "b", png: false, ["--threads", "4"])
        let a = try Data(contentsOf: url("a.pdf")), b = try Data(contentsOf: url("b.pdf"))
        XCTAssertEqual(a, b, "the same document gives the same PDF on any thread count")
        XCTAssertFalse(String(decoding: a, as: UTF8.self).contains("/CreationDate"))
        try render(document, name: "c", png: false, environment: ["SOURCE_DATE_EPOCH": "1700000000"])
        let dated = String(decoding: try Data(contentsOf: url("c.pdf")), as: UTF8.self)
        XCTAssertTrue(dated.contains("/CreationDate (D:20231114221320Z)"), "SOURCE_DATE_EPOCH 1700000000 is 2023-11-14 22:13:20 UTC")
        XCTAssertNotEqual(a, try Data(contentsOf: url("c.pdf")))
        // A date past 9999 (a PDF date's year has four digits) or not a number gives none.
        for bad in ["253402300800", "abc"] {
            try render(document, name: "d", png: false, environment: ["SOURCE_DATE_EPOCH": bad])
            XCTAssertEqual(try Data(contentsOf: url("d.pdf")), a, bad)
        }
        try render(document, name: "e", png: false, environment: ["SOURCE_DATE_EPOCH": "253402300799"])
        XCTAssertTrue(String(decoding: try Data(contentsOf: url("e.pdf")), as: UTF8.self).contains("/CreationDate (D:99991231235959Z)"))
    }

    /// A JPEG placed whole within the cap is stored as itself (pdfimages
    /// lists it as jpeg; the extracted bytes equal the file's), its EXIF
    /// rotation applied by the matrix; a cropped photo is re-encoded as DCT
    /// at the capped density.
    func testWholeJPEGIsCopiedAndCroppedPhotoIsResampledAtTheCap() throws {
        // 640 x 480 JPEG placed whole (contain) in a 320 x 240 cell at 100 dpi: 200 ppi, within the cap of 300.
        let (pdf, png) = try render("""
            version: 1
            canvas: {width: 336, height: 256, dpi: 100, background: "#ffffff"}
            photos: [{src: photos/gradient.jpg, fit: contain}]
            layout: {kind: auto, padding: 8}
            """, name: "whole")
        let listed = try PDFTools.images(pdf)
        XCTAssertEqual(listed.count, 1)
        XCTAssertEqual(listed.first?.encoding, "jpeg")
        XCTAssertEqual(listed.first.map { [$0.width, $0.height] }, [640, 480])
        XCTAssertEqual(listed.first?.xppi, 200)
        let extracted = try PDFTools.extractImages(pdf, into: url("extracted"))
        XCTAssertEqual(extracted.count, 1)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: extracted[0])), try Data(contentsOf: url("photos/gradient.jpg")),
                       "the JPEG's own bytes")
        try assertParity(pdf, png, dpi: 100, atLeast: 35)

        // The EXIF-rotated JPEG is copied too, turned upright by the matrix.
        let (turned, turnedPNG) = try render("""
            version: 1
            canvas: {width: 150, height: 200, background: "#ffffff"}
            photos: [photos/rotated6.jpg]
            layout: {kind: auto}
            """, name: "turned", ["--pdf-max-ppi", "1000"])
        XCTAssertEqual(try PDFTools.images(turned).map(\.encoding), ["jpeg"])
        try assertParity(turned, turnedPNG, dpi: 72, atLeast: 35)

        // Cropped by cover into a 100 x 200 px cell at 600 dpi, capped at 150 ppi: 25 x 50 px, DCT.
        let (cropped, _) = try render("""
            version: 1
            canvas: {width: 100, height: 200, dpi: 600, background: "#ffffff"}
            photos: [photos/gradient.jpg]
            layout: {kind: auto}
            """, name: "cropped", png: false, ["--pdf-max-ppi", "150"])
        let crop = try PDFTools.images(cropped)
        XCTAssertEqual(crop.map(\.encoding), ["jpeg"])
        XCTAssertEqual(crop.map { [$0.width, $0.height, $0.xppi] }, [[25, 50, 150]])
        XCTAssertNotEqual(try PDFTools.extractImages(cropped, into: url("cropped-images")).first.map { try Data(contentsOf: URL(fileURLWithPath: $0)) },
                          try Data(contentsOf: url("photos/gradient.jpg")))
    }

    /// `--format pdf` and `.pdf` name the format; a contradiction is a usage error.
    func testFormatFlagAndExtension() throws {
        try write("d.yaml", "version: 1\ncanvas: {width: 20, height: 10, background: \"#ff0000\"}\n")
        let flagged = try runCollage(["render", "d.yaml", "-o", "out.bin", "--format", "pdf"], in: directory)
        XCTAssertEqual(flagged.status, 0, flagged.stderr)
        XCTAssertEqual(try Data(contentsOf: url("out.bin")).prefix(8), Data("%PDF-1.6".utf8))
        let contradicted = try runCollage(["render", "d.yaml", "-o", "out.png", "--format", "pdf"], in: directory)
        XCTAssertEqual(contradicted.status, 64, contradicted.stderr)
    }

    /// The camera photos of the corpus (MANIFEST.md, "Real camera photographs").
    static let cameraPhotos = ["Issue_525", "Canon_PowerShot_G11", "Issue_266", "Kodak_PIXPRO_FZ201", "Kodak_PIXPRO_SP360",
                               "Oppo_R7_Plus", "Nokia_Lumia_800", "Canon_EOS_5D", "Blackberry_Z10", "Canon_EOS_1000D",
                               "Apple_iPhone_5"].map { "metadata-extractor-images/photo_\($0).jpg" }

    /// A 24-page book of camera JPEGs placed whole (`contain`) with a high
    /// `--pdf-max-ppi`: one file of 24 pages, every photo stored as its own
    /// bytes (EXIF orientations by the matrix), at most 1.05x the JPEGs.
    func testPhotoBookOfCameraJPEGsStaysWithinTheirSize() throws {
        let photos = try Self.cameraPhotos.map { try TestPackage.corpusFile($0) }
        let pages = (0 ..< 24).map { photos[$0 % photos.count] }
        let list = pages.map { "  - photos: [{src: \"\($0)\", fit: contain}]" }.joined(separator: "\n")
        try write("book.yaml", """
            version: 1
            canvas: {size: 6x6in, dpi: 150, background: "#ffffff"}
            print: {bleed: 3mm}
            layout: {kind: grid, columns: 1, padding: 40}
            pages:
            \(list)
            """)
        let result = try runCollage(["render", "book.yaml", "-o", "book.pdf", "--pdf-max-ppi", "10000"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let pdf = url("book.pdf").path
        try PDFTools.assertValid(pdf)
        let boxes = try PDFTools.pageBoxes(pdf)
        XCTAssertEqual(boxes.count, 24, "every page in one file")
        XCTAssertEqual(boxes.first?["/TrimBox"].map { $0[2] - $0[0] } ?? 0, 432, accuracy: 0.01, "6 in")
        let images = try PDFTools.images(pdf)
        XCTAssertEqual(images.count, 24)
        XCTAssertEqual(Set(images.map(\.encoding)), ["jpeg"])
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: pdf)[.size] as? Int)
        let placed = try pages.map { try XCTUnwrap(FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int) }.reduce(0, +)
        let distinct = try Set(pages).map { try XCTUnwrap(FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int) }.reduce(0, +)
        print("PDF book: \(size) bytes; 24 placed JPEGs \(placed) bytes (ratio \(Double(size) / Double(placed))); "
              + "the \(Set(pages).count) distinct files \(distinct) bytes (ratio \(Double(size) / Double(distinct)))")
        XCTAssertLessThanOrEqual(Double(size), 1.05 * Double(placed))
        // A file placed twice is stored once: within 1.05x of the distinct files too.
        XCTAssertLessThanOrEqual(Double(size), 1.05 * Double(distinct))
    }

    /// `-o - --format pdf` of a document of several pages writes the whole
    /// PDF to standard output (it once wrote nothing and exited 0); the
    /// bytes are the file's.
    func testAPDFOfSeveralPagesGoesToStandardOutput() throws {
        try write("two.yaml", """
            version: 1
            canvas: {width: 200, height: 100, background: "#ffffff"}
            pages:
              - overlays: [{shape: rect, width: 50, height: 50, fill: "#ff0000"}]
              - overlays: [{shape: ellipse, width: 50, height: 50, fill: "#0000ff"}]
            """)
        let piped = try runCollage(["render", "two.yaml", "-o", "-", "--format", "pdf"], in: directory)
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(Array(piped.stdout.prefix(5)), Array("%PDF-".utf8))
        try piped.stdout.write(to: url("piped.pdf"))
        try PDFTools.assertValid(url("piped.pdf").path)
        XCTAssertEqual(try PDFTools.pageBoxes(url("piped.pdf").path).count, 2)
        XCTAssertEqual(try runCollage(["render", "two.yaml", "-o", "file.pdf"], in: directory).status, 0)
        XCTAssertEqual(try Data(contentsOf: url("file.pdf")), piped.stdout)
        // A raster format holds one page: -o - then asks which (not "-o '--${page}'").
        let png = try runCollage(["render", "two.yaml", "-o", "-", "--format", "png"], in: directory)
        XCTAssertEqual(png.status, 64)
        XCTAssertTrue(png.stderr.hasPrefix("error: two.yaml has 2 pages and -o - writes one image: choose it with --set page=N"),
                      png.stderr)
    }

    /// What PDF cannot express is rasterised over its node alone, never the
    /// page: a photo's blurred shadow becomes one image with an SMask about
    /// the size of the print plus the blur's reach; the photo itself stays
    /// the JPEG's own bytes and the rounded corners a clip path.
    func testBlurredShadowIsRasterisedOverItsNodeOnly() throws {
        let (pdf, _) = try render("""
            version: 1
            canvas: {width: 400, height: 300, dpi: 72, background: "#ffffff"}
            photos:
              - src: photos/gradient.jpg
                frame: {x: 80, y: 60, width: 240, height: 180}
                cornerRadius: 16
                shadow: {offset: [0, 8], blur: 16, color: "#00000099"}
            layout: {kind: free}
            """, png: false, ["--pdf-max-ppi", "1000"])
        let images = try PDFTools.images(pdf)
        XCTAssertEqual(images.filter { $0.type == "image" }.count, 2, "\(images)")
        let photo = try XCTUnwrap(images.first { $0.encoding == "jpeg" })
        XCTAssertEqual([photo.width, photo.height], [640, 480], "the whole JPEG, not a crop of the page")
        let shadow = try XCTUnwrap(images.first { $0.type == "image" && $0.encoding != "jpeg" })
        // The print (240 x 180) grown by 3 sigma (sigma = 8) and the offset on each side, inside the canvas.
        XCTAssertGreaterThan(shadow.width, 240)
        XCTAssertLessThan(shadow.width, 400, "not the whole page")
        XCTAssertTrue(images.contains { $0.type == "smask" && $0.width == shadow.width && $0.height == shadow.height })
    }
}

extension PDFOutputTests {
    /// `convert` writes one photo's pixels: a PDF is a usage error (exit 64) naming `render`.
    func testConvertToPDFIsAUsageError() throws {
        let result = try runCollage(["convert", "photos/gradient.jpg", "-o", "photo.pdf"], in: directory)
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("error: convert writes a photo's pixels (jpeg, png, webp or avif); a PDF comes from render"),
                      result.stderr)
        XCTAssertFalse(exists("photo.pdf"))
        // Its help and flags are the raster savers' only.
        let flag = try runCollage(["convert", "photos/gradient.jpg", "-o", "photo.jpg", "--pdf-max-ppi", "200"], in: directory)
        XCTAssertEqual(flag.status, 64, flag.stderr)
        XCTAssertFalse(exists("photo.jpg"))
        let help = try runCollage(["convert", "--help"], in: directory)
        XCTAssertFalse(String(decoding: help.stdout, as: UTF8.self).contains("pdf"))
    }

    /// `impose` composes sheets of pixels: a PDF sheet is a usage error
    /// (exit 64) before any item is read, naming `render`.
    func testImposeToPDFIsAUsageError() throws {
        for arguments in [["-o", "sheet.pdf"], ["-o", "sheet.png", "--format", "pdf"]] {
            let result = try runCollage(["impose", "photos/gradient.jpg"] + arguments, in: directory)
            XCTAssertEqual(result.status, 64, result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("error: impose writes sheets of pixels (jpeg, png, webp or avif); "
                                                  + "for a PDF, render a document with pages"), result.stderr)
        }
        XCTAssertFalse(exists("sheet.pdf")); XCTAssertFalse(exists("sheet.png"))
        let help = try runCollage(["impose", "--help"], in: directory)
        XCTAssertFalse(String(decoding: help.stdout, as: UTF8.self).contains("|pdf"))
    }
}
