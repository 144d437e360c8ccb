@testable import Collage
import CollageCodecs
import CollageRaster
import CollageSpec
import CollageTestSupport
import Foundation
import XCTest

/// Issue 40's speed change: a raster render analyses its `focus: auto` /
/// `faces` photos inside the render, from its own decode (`DeferredFocus`,
/// `CodecImageProvider`), and must choose the window `layout` chooses.
final class DeferredFocusTests: XCTestCase {
    /// The corpus photos of the detector's agreement test and the astronaut.
    private func photoPaths() throws -> [String] {
        let corpus = try TestPackage.requireCorpus()
        return [TestPackage.root.appendingPathComponent("Tests/Fixtures/faces/astronaut.png").path]
            + ["exif-orientation-examples/Portrait_6.jpg", "metadata-extractor-images/Canon_EOS_7D.jpg",
               "metadata-extractor-images/photo_Blackberry_Z10.jpg", "metadata-extractor-images/photo_Canon_EOS_1000D.jpg",
               "pillow/hopper_gray.jpg", "pillow/jpeg_ff00_header.jpg"].map { corpus.appendingPathComponent($0).path }
    }

    private func requireCascades() throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/opencv4/lbpcascades/lbpcascade_frontalface_improved.xml") else {
            if TestPackage.isCI { XCTFail("opencv-data is not installed") }
            throw XCTSkip("opencv-data is not installed")
        }
    }

    /// A document with every photo in one row of cells of `cell` size
    /// (canvas pixels), `layout.focus: strategy`.
    private func spec(_ paths: [String], cell: (width: Int, height: Int), strategy: String) throws -> Spec {
        let photos = paths.map { "  - \(String(reflecting: $0))" }.joined(separator: "\n")
        let yaml = """
            version: 1
            canvas: {width: \(cell.width * paths.count), height: \(cell.height)}
            photos:
            \(photos)
            layout: {kind: grid, columns: \(paths.count), rows: 1, focus: \(strategy)}
            """
        return try DocumentLoader.load(text: Array(yaml.utf8), file: "doc.yaml", baseDirectory: NSTemporaryDirectory())
    }

    /// For each photo, cell aspect (1:1, 9:16, 16:9) and strategy: the
    /// window the render chooses from its own decode (the provider's
    /// `chosenWindow`) is exactly the crop `layout` reports, under `--fast`
    /// too, and the render defers every photo (none analysed before it).
    func testRenderChoosesTheLayoutsWindow() throws {
        try requireCascades()
        let paths = try photoPaths()
        var compared = 0, moved = 0
        for cell in [(width: 240, height: 240), (width: 180, height: 320), (width: 320, height: 180)] {
            for strategy in ["faces", "auto"] {
                let spec = try spec(paths, cell: cell, strategy: strategy)
                let laidOut = try CollageRenderer.LaidOut(spec)
                let deferred = try CollageRenderer.LaidOut(spec, deferFocus: true)
                XCTAssertEqual(deferred.deferredFocus.count, paths.count, "\(cell) \(strategy)")
                let provider = CodecImageProvider(deferred.layout, headers: deferred.headers, focus: deferred.deferredFocus)
                // Ends this "render" (the process counts renders decoding: `KeptDecodeMemoryTests`).
                defer { provider.noMoreImagesToDecode() }
                let scene = deferred.reserved.scene
                for (index, placement) in deferred.layout.photos.enumerated() {
                    let image = placement.image
                    // `auto` asks as a `--fast` render does (half the decode): the photo is still
                    // decoded at the standard scale, so the window is `layout`'s.
                    let needed = try XCTUnwrap(scene.minimumDecodeSize(ofImage: image, margin: strategy == "auto" ? 1 : 2))
                    guard case .pixels(let pixmap, let orientation, _) = try provider.stored(image: image, minimumSize: needed,
                                                                                          streaming: true) else {
                        return XCTFail("a deferred photo is decoded whole")
                    }
                    XCTAssertEqual(orientation.uprightSize(ofStored: pixmap.size), provider.decodedSize(image: image, minimumSize: needed))
                    let window = try XCTUnwrap(provider.chosenWindow(image: image))
                    XCTAssertEqual(window.provisional, placement.crop)
                    XCTAssertEqual(window.chosen, laidOut.layout.photos[index].crop, "\(paths[index]) \(cell) \(strategy)")
                    compared += 1
                    if window.chosen != window.provisional { moved += 1 }
                }
            }
        }
        XCTAssertEqual(compared, 42)
        // The comparison discriminates: the strategies move most windows off the provisional centre.
        XCTAssertGreaterThan(moved, 20)
    }

    /// The deferred render (`prepareAndEncode`) and the render of the
    /// document prepared first (every window chosen before the render) give
    /// the same bytes for 1 and 2 threads; the fixed centre focus does not.
    /// (Under `--fast` the bytes differ: a deferred photo is decoded at the
    /// standard scale, a prepared one at the fast one; the windows are the
    /// same, `testRenderChoosesTheLayoutsWindow`.)
    func testDeferredRenderGivesThePreparedBytes() throws {
        try requireCascades()
        let paths = try photoPaths()
        let directory = try TestPackage.temporaryDirectory(self)
        let spec = try spec(paths, cell: (width: 180, height: 320), strategy: "faces")
        let prepared = try CollageRenderer.prepare(spec: spec)
        let centre = try CollageRenderer.prepare(spec: try self.spec(paths, cell: (width: 180, height: 320), strategy: "[0.5, 0.5]"))
        for threads in [1, 2] {
            let options = RenderOptions(outputPath: directory.appendingPathComponent("out.png").path, threads: threads)
            XCTAssertTrue(DeferredFocus.defers(spec, options: options))
            let expected = try CollageRenderer.encode(prepared, inputs: [], options: options)
            let deferred = try CollageRenderer.prepareAndEncode(spec: spec, inputs: [], options: options).encoded
            XCTAssertEqual(deferred.bytes, expected.bytes, "threads \(threads)")
            XCTAssertNotEqual(try CollageRenderer.encode(centre, inputs: [], options: options).bytes, expected.bytes)
        }
    }

    /// A deferred photo is held whole while it is drawn: the memory the
    /// render budgets (`--max-memory`) for it is its whole decode at the
    /// analysis size, streamed or not, however small the render asks for
    /// (`--fast`), plus a JPEG's coefficients; a photo not deferred streams.
    func testDeferredPhotoIsBudgetedWhole() throws {
        let paths = try photoPaths()
        let spec = try spec(Array(paths[2...2]), cell: (width: 320, height: 180), strategy: "auto")
        let deferred = try CollageRenderer.LaidOut(spec, deferFocus: true)
        let focus = try XCTUnwrap(deferred.deferredFocus[0])
        let header = deferred.headers[0]
        XCTAssertEqual(header.format, .jpeg)
        let provider = CodecImageProvider(deferred.layout, headers: deferred.headers, focus: deferred.deferredFocus)
        let plain = CodecImageProvider(deferred.layout, headers: deferred.headers)
        let whole = header.decodedSize(minimumSize: focus.decodeSize)
        let expected = whole.width * whole.height * 4 + header.coefficientBytes
        let small = Size(width: 8, height: 8)
        XCTAssertEqual(provider.decodeMemory(image: 0, minimumSize: focus.decodeSize, streaming: true)?.bytes, expected)
        XCTAssertEqual(provider.decodeMemory(image: 0, minimumSize: small, streaming: false)?.bytes, expected)
        XCTAssertEqual(plain.decodeMemory(image: 0, minimumSize: focus.decodeSize, streaming: true)?.bytes,
                       whole.width * 4 * 48 + header.coefficientBytes)
    }

    /// What is not deferred: `--debug-layout` (its outlines show the layout's
    /// faces and windows), a PDF, `check --warn-cut-faces` (`LaidOut` with
    /// `warnCutFaces`: every photo analysed first), and a fixed focus.
    func testWhatIsNotDeferred() throws {
        let paths = try photoPaths()
        let spec = try spec(Array(paths[0...0]), cell: (width: 240, height: 240), strategy: "auto")
        var options = RenderOptions(outputPath: "out.jpg")
        XCTAssertTrue(DeferredFocus.defers(spec, options: options))
        options.debugLayout = true
        XCTAssertFalse(DeferredFocus.defers(spec, options: options))
        XCTAssertFalse(DeferredFocus.defers(spec, options: RenderOptions(outputPath: "out.pdf")))
        XCTAssertEqual(try CollageRenderer.LaidOut(spec, warnCutFaces: true, deferFocus: true).deferredFocus.count, 0)
        let fixed = try self.spec(Array(paths[0...0]), cell: (width: 240, height: 240), strategy: "[0.5, 0.2]")
        XCTAssertEqual(try CollageRenderer.LaidOut(fixed, deferFocus: true).deferredFocus.count, 0)
    }
}
