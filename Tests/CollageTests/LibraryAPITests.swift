import Collage
import CollageCodecs
import CollageRaster
import Foundation
import Glibc
import Synchronization
import XCTest
import CollageTestSupport

/// The library API (issue 14, "A library for Swift applications"):
/// `DocumentRenderer` from a file, from text and from a `CollageDocument`,
/// to bytes and to a file; its errors, warnings, path policy and pixel
/// budget; and that it leaves the process's signal dispositions alone.
final class LibraryAPITests: XCTestCase {
    /// A folder holding `quadrants.png` (400x300, SyntheticPhotos.quadrants).
    private func photoFolder() throws -> URL {
        let dir = try TestPackage.temporaryDirectory(self)
        try Data(try ImageEncoder.encode(SyntheticPhotos.quadrants(), as: .png))
            .write(to: dir.appendingPathComponent("quadrants.png"))
        return dir
    }

    /// Two cells of a 2-column grid, both the quadrants photo, with a caption.
    private var twoCells: CollageDocument {
        CollageDocument(canvas: .init(width: 200, height: 100, background: "#000000"),
                        photos: [.init("quadrants.png", id: "a"), .init("quadrants.png", id: "b", fit: .contain)],
                        layout: .init(kind: .grid, gap: 10, padding: .percent(5), columns: 2),
                        overlays: [.text("ok", family: ["DejaVu Sans"], size: 20, color: "#ffffff", anchor: .bottom,
                                         offset: (x: 0, y: -4))])
    }

    func testBuiltDocumentIsWrittenAsTheEquivalentJSON() {
        XCTAssertEqual(twoCells.jsonText, """
            {
              "version": 1,
              "canvas": {
                "width": 200,
                "height": 100,
                "background": "#000000"
              },
              "photos": [
                {
                  "src": "quadrants.png",
                  "id": "a"
                },
                {
                  "src": "quadrants.png",
                  "id": "b",
                  "fit": "contain"
                }
              ],
              "layout": {
                "kind": "grid",
                "gap": 10,
                "padding": "5%",
                "columns": 2
              },
              "overlays": [
                {
                  "text": "ok",
                  "font": {
                    "family": [
                      "DejaVu Sans"
                    ],
                    "size": 20
                  },
                  "color": "#ffffff",
                  "anchor": "bottom",
                  "offset": [
                    0,
                    -4
                  ]
                }
              ]
            }

            """)
    }

    /// A built document, its YAML file and its text render the same bytes,
    /// and the pixels are the layout's: padding 5% of 100 = 5 px, gap 10, so
    /// cell a is x 5..<95 (cover: quadrants cropped to 90x90 about the centre).
    func testBuiltDocumentFileAndTextRenderTheSameBytes() throws {
        let dir = try photoFolder()
        let yaml = """
            version: 1
            canvas: {width: 200, height: 100, background: "#000000"}
            photos: [{src: quadrants.png, id: a}, {src: quadrants.png, id: b, fit: contain}]
            layout: {kind: grid, gap: 10, padding: 5%, columns: 2}
            overlays:
              - {text: ok, font: {family: [DejaVu Sans], size: 20}, color: "#ffffff", anchor: bottom, offset: [0, -4]}

            """
        try Data(yaml.utf8).write(to: dir.appendingPathComponent("doc.yaml"))
        let renderer = DocumentRenderer(configuration: .init(threads: 2))
        let built = try renderer.render(.document(twoCells, baseDirectory: dir.path))
        let file = try renderer.render(.file(dir.appendingPathComponent("doc.yaml").path))
        let text = try renderer.render(.text(yaml, baseDirectory: dir.path))
        XCTAssertEqual(built.format, .png)
        XCTAssertEqual([built.width, built.height], [200, 100])
        XCTAssertEqual(built.bytes, file.bytes)
        XCTAssertEqual(built.bytes, text.bytes)
        XCTAssertEqual(built.warnings, [])
        let pixels = try ImageDecoder.decode(bytes: built.bytes).pixmap
        XCTAssertEqual([pixels.width, pixels.height], [200, 100])
        XCTAssertEqual(pixels[2, 50], Color(red: 0, green: 0, blue: 0))          // padding
        XCTAssertEqual(pixels[99, 20], Color(red: 0, green: 0, blue: 0))         // gap
        XCTAssertEqual(pixels[20, 20], Color(red: 220, green: 30, blue: 30))     // a: top-left quadrant
        XCTAssertEqual(pixels[80, 80], Color(red: 240, green: 220, blue: 40))    // a: bottom-right quadrant
    }

    /// Rich-text spans built in code are the document's `text: [...]` list:
    /// a plain span is a string, one with settings a mapping; the build and
    /// the YAML render the same bytes.
    func testSpansAreWrittenAsTheTextList() throws {
        let dir = try photoFolder()
        let caption = CollageDocument.Text(spans: [.init("Bold ", weight: 700), .init("plain"),
                                                   .init(" 直", size: 14, color: "#ffd166", lang: "ja")],
                                           family: ["DejaVu Sans"], size: 20, color: "#ffffff")
        let document = CollageDocument(canvas: .init(width: 200, height: 100, background: "#000000"),
                                       photos: [.init("quadrants.png")],
                                       overlays: [.init(.text(caption), anchor: .bottom)])
        XCTAssertTrue(document.jsonText.contains("""
                  "text": [
                    {
                      "text": "Bold ",
                      "font": {
                        "weight": 700
                      }
                    },
                    "plain",
                    {
                      "text": " 直",
                      "font": {
                        "size": 14
                      },
                      "color": "#ffd166",
                      "lang": "ja"
                    }
                  ],
            """), document.jsonText)
        let yaml = """
            version: 1
            canvas: {width: 200, height: 100, background: "#000000"}
            photos: [quadrants.png]
            overlays:
              - text: [{text: "Bold ", font: {weight: 700}}, plain, {text: " 直", font: {size: 14}, color: "#ffd166", lang: ja}]
                font: {family: [DejaVu Sans], size: 20}
                color: "#ffffff"
                anchor: bottom

            """
        let renderer = DocumentRenderer(configuration: .init(threads: 2))
        let built = try renderer.render(.document(document, baseDirectory: dir.path))
        let text = try renderer.render(.text(yaml, baseDirectory: dir.path))
        XCTAssertEqual(built.bytes, text.bytes)
    }

    /// A span's ruby built in code is the document's `ruby` key.
    func testSpanRubyIsWrittenAsTheRubyKey() throws {
        let dir = try photoFolder()
        let caption = CollageDocument.Text(spans: [.init("東京の"), .init("紫陽花", ruby: "あじさい")],
                                           family: ["Noto Sans CJK JP"], size: 20)
        let document = CollageDocument(canvas: .init(width: 200, height: 100, background: "#ffffff"),
                                       photos: [.init("quadrants.png")],
                                       overlays: [.init(.text(caption), anchor: .bottom)])
        XCTAssertTrue(document.jsonText.contains("""
                      "text": "紫陽花",
                      "ruby": "あじさい"
            """), document.jsonText)
        let yaml = """
            version: 1
            canvas: {width: 200, height: 100, background: "#ffffff"}
            photos: [quadrants.png]
            overlays:
              - text: ["東京の", {text: 紫陽花, ruby: あじさい}]
                font: {family: [Noto Sans CJK JP], size: 20}
                anchor: bottom

            """
        let renderer = DocumentRenderer(configuration: .init(threads: 2))
        let built = try renderer.render(.document(document, baseDirectory: dir.path))
        let text = try renderer.render(.text(yaml, baseDirectory: dir.path))
        XCTAssertEqual(built.bytes, text.bytes)
    }

    /// A built document is validated as a file is: the same message, at the
    /// value's line in the JSON text.
    func testBuiltDocumentErrorsAreTheValidatorsDiagnostics() throws {
        let dir = try photoFolder()
        var document = twoCells
        document.layout.columns = nil
        XCTAssertThrowsError(try DocumentRenderer().render(.document(document, baseDirectory: dir.path))) { error in
            guard case CollageError.diagnostics(let list) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(list.diagnostics.count, 1)
            XCTAssertEqual(list.diagnostics.first?.severity, .error)
            XCTAssertEqual(list.diagnostics.first?.location?.file, "<document>")
            XCTAssertEqual(list.diagnostics.first?.location?.line, 19)   // `"layout": {` in jsonText
            XCTAssertTrue(list.source != nil)
            let yaml = "version: 1\ncanvas: {width: 200, height: 100}\nphotos: [quadrants.png]\nlayout: {kind: grid}\n"
            XCTAssertThrowsError(try DocumentRenderer().render(.text(yaml, baseDirectory: dir.path))) { fileError in
                guard case CollageError.diagnostics(let fileList) = fileError else { return XCTFail("\(fileError)") }
                XCTAssertEqual(fileList.diagnostics.map(\.message), list.diagnostics.map(\.message))
                XCTAssertEqual(fileList.diagnostics.map(\.kind), list.diagnostics.map(\.kind))
            }
        }
    }

    /// `write` writes the bytes `render` returns, picks the format by the
    /// extension, and refuses to overwrite an input (the photo is unchanged).
    func testWriteIsAtomicAndNeverOverwritesAnInput() throws {
        let dir = try photoFolder()
        let renderer = DocumentRenderer()
        let source = DocumentRenderer.Source.document(twoCells, baseDirectory: dir.path)
        let out = dir.appendingPathComponent("out.jpg").path
        let written = try renderer.write(source, to: out, quality: 80)
        XCTAssertEqual(written.format, .jpeg)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: out))), written.bytes)
        XCTAssertEqual(written.bytes, try renderer.render(source, format: .jpeg, quality: 80).bytes)
        let photo = dir.appendingPathComponent("quadrants.png")
        let before = try Data(contentsOf: photo)
        XCTAssertThrowsError(try renderer.write(source, to: photo.path, format: .png)) { error in
            guard case CollageError.usage(let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("is an input of this document"), message)
        }
        XCTAssertEqual(try Data(contentsOf: photo), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["out.jpg", "quadrants.png"])
    }

    /// The settings for documents of others: `root` refuses a photo outside
    /// it, `maxPixels` one over the budget (400x300 = 120 000 pixels).
    func testRootAndPixelBudget() throws {
        let dir = try photoFolder()
        let inner = dir.appendingPathComponent("inner")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        let outside = CollageDocument(canvas: .init(width: 40, height: 30), photos: [.init("../quadrants.png")])
        XCTAssertThrowsError(try DocumentRenderer(root: inner.path).render(.document(outside, baseDirectory: inner.path))) {
            guard case CollageError.diagnostics(let list) = $0 else { return XCTFail("\($0)") }
            XCTAssertEqual(list.diagnostics.map(\.kind), [.pathOutsideRoot])
        }
        XCTAssertNoThrow(try DocumentRenderer(root: dir.path).render(.document(outside, baseDirectory: inner.path)))
        XCTAssertThrowsError(try DocumentRenderer(root: dir.appendingPathComponent("missing").path)) {
            guard case CollageError.usage = $0 else { return XCTFail("\($0)") }
        }
        let budget = DocumentRenderer(configuration: .init(maxPixels: 100_000))
        XCTAssertThrowsError(try budget.render(.document(outside, baseDirectory: inner.path))) {
            guard case CollageError.diagnostics(let list) = $0 else { return XCTFail("\($0)") }
            XCTAssertEqual(list.diagnostics.map(\.kind), [.unreadableImage])
        }
        let roomy = DocumentRenderer(configuration: .init(maxPixels: 120_000))
        XCTAssertEqual(try roomy.render(.document(outside, baseDirectory: inner.path)).width, 40)
    }

    /// Warnings come back with the image (and are errors under `strict`).
    func testWarningsAreReturnedAndStrictRefusesThem() throws {
        let dir = try photoFolder()
        var document = twoCells
        document.overlays = [.text("ok", family: ["No Such Family 1234"], size: 20)]
        let rendering = try DocumentRenderer().render(.document(document, baseDirectory: dir.path))
        XCTAssertEqual(rendering.warnings.count, 1)
        XCTAssertEqual(rendering.warnings.first?.severity, .warning)
        XCTAssertTrue(rendering.warnings.first?.message.contains("No Such Family 1234") ?? false,
                      rendering.warnings.first?.message ?? "")
        XCTAssertThrowsError(try DocumentRenderer(configuration: .init(strict: true))
            .render(.document(document, baseDirectory: dir.path))) {
            guard case CollageError.diagnostics(let list) = $0 else { return XCTFail("\($0)") }
            XCTAssertEqual(list.diagnostics.map(\.severity), [.error])
        }
    }

    /// One renderer used by several threads at once renders what it renders alone.
    func testOneRendererFromManyThreads() throws {
        let dir = try photoFolder()
        let renderer = DocumentRenderer(configuration: .init(threads: 1))
        let source = DocumentRenderer.Source.document(twoCells, baseDirectory: dir.path)
        let expected = try renderer.render(source).bytes
        let results = Mutex<[[UInt8]]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let bytes = (try? renderer.render(source).bytes) ?? []
            results.withLock { $0.append(bytes) }
        }
        XCTAssertEqual(results.withLock { $0 }, Array(repeating: expected, count: 4))
    }

    /// Rendering to a file through the library installs no signal handler:
    /// SIGINT, SIGTERM and SIGHUP keep the disposition they had (sigaction
    /// query); the `collage` executable installs its own from `main`.
    func testWritingLeavesSignalDispositionsAlone() throws {
        let dir = try photoFolder()
        let signals = [SIGINT, SIGTERM, SIGHUP]
        var saved: [sigaction] = []
        for signalNumber in signals {
            var old = sigaction()
            XCTAssertEqual(sigaction(signalNumber, nil, &old), 0)
            saved.append(old)
            // A known disposition to compare with: the default action.
            var defaultAction = sigaction()
            defaultAction.__sigaction_handler.sa_handler = SIG_DFL
            sigemptyset(&defaultAction.sa_mask)
            XCTAssertEqual(sigaction(signalNumber, &defaultAction, nil), 0)
        }
        defer { for (signalNumber, old) in zip(signals, saved) { var old = old; sigaction(signalNumber, &old, nil) } }
        try DocumentRenderer().write(.document(twoCells, baseDirectory: dir.path),
                                     to: dir.appendingPathComponent("out.png").path)
        XCTAssertFalse(InterruptCleanup.handlersInstalled)
        for signalNumber in signals {
            var now = sigaction()
            XCTAssertEqual(sigaction(signalNumber, nil, &now), 0)
            XCTAssertEqual(unsafeBitCast(now.__sigaction_handler.sa_handler, to: Int.self), 0,
                           "signal \(signalNumber) no longer has its default action (SIG_DFL)")
        }
    }

    /// The README's "Using the library" example is the code of examples/library.
    func testReadmeExampleIsTheExamplePackagesCode() throws {
        let readme = try String(contentsOf: TestPackage.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = readme.components(separatedBy: "## Using the library\n")[1]
        let block = section.components(separatedBy: "```swift\n")[1].components(separatedBy: "\n```")[0]
        let code = block.components(separatedBy: "import Collage\n\n")[1]
        let main = try String(contentsOf: TestPackage.root.appendingPathComponent(
            "examples/library/Sources/LibraryExample/main.swift"), encoding: .utf8)
        XCTAssertGreaterThan(code.count, 500)
        XCTAssertTrue(main.contains(code), "README 'Using the library' differs from examples/library's main.swift")
        let manifest = try String(contentsOf: TestPackage.root.appendingPathComponent("examples/library/Package.swift"),
                                  encoding: .utf8)
        XCTAssertTrue(manifest.contains(#".package(name: "collage", path: "../..")"#))
        XCTAssertTrue(manifest.contains(#".product(name: "Collage", package: "collage")"#))
    }
}
