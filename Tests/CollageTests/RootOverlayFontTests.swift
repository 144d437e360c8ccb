import Collage
import Foundation
import XCTest

/// `--root DIR` covers image overlays and `font.file`, not only photos.
final class RootOverlayFontTests: XCTestCase, PhotoFolderTest {
    var directory: URL!
    var site: URL { directory.appendingPathComponent("site") }

    override func setUpWithError() throws {
        try makePhotoFolder()
        try FileManager.default.createDirectory(at: site.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: directory.appendingPathComponent("photos"), to: site.appendingPathComponent("photos"))
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
                                         toPath: site.appendingPathComponent("fonts/Bold.ttf").path)
    }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: site.appendingPathComponent(name))
    }

    func testOverlayImagesAndFontFilesOutsideTheRootAreRefusedWhereNamed() throws {
        try write("doc.yaml", """
            version: 1
            canvas: {width: 300, height: 100}
            photos: [photos/stripes.png]
            overlays:
              - image: ../photos/logo.png
              - text: Hi
                font: {file: /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf, size: 20}
              - image: photos/logo.png
              - text: Ok
                font: {file: fonts/Bold.ttf, size: 20}
            """)
        let refused = try runCollage(["render", "doc.yaml", "-o", "o.png", "--root", "."], in: site)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("doc.yaml:5:12: error: '../photos/logo.png' is outside the allowed root"),
                      refused.stderr)
        XCTAssertTrue(refused.stderr.contains(
            "doc.yaml:7:18: error: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf' is outside the allowed root"),
            refused.stderr)
        XCTAssertFalse(refused.stderr.contains("'photos/logo.png'"), refused.stderr)
        XCTAssertFalse(refused.stderr.contains("fonts/Bold.ttf'"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.appendingPathComponent("o.png").path))

        // The same document renders without --root; the parts inside the root render with it.
        XCTAssertEqual(try runCollage(["render", "doc.yaml", "-o", "o.png"], in: site).status, 0)
        try write("inside.yaml", """
            version: 1
            photos: [photos/stripes.png]
            overlays: [{image: photos/logo.png}, {text: Ok, font: {file: fonts/Bold.ttf}}]
            """)
        let inside = try runCollage(["render", "inside.yaml", "-o", "i.png", "--root", "."], in: site)
        XCTAssertEqual(inside.status, 0, inside.stderr)
    }

    /// The inputs, in document order, with where they are named, their kind and key.
    func testInputsListOverlayImagesAndFontFiles() throws {
        try write("doc.yaml", """
            version: 1
            photos: [photos/stripes.png]
            overlays:
              - {text: A, font: {file: fonts/Bold.ttf}}
              - {image: photos/logo.png}
              - {text: B}
            """)
        let spec = try DocumentInput.file(site.appendingPathComponent("doc.yaml").path).load(variables: [:])
        let named = spec.inputs
        XCTAssertEqual(named.map(\.kind), [.image, .font, .image])
        XCTAssertEqual(named.map(\.key), ["photo.src", "overlay.font.file", "overlay.image"])
        XCTAssertEqual(named.map(\.src), ["photos/stripes.png", "fonts/Bold.ttf", "photos/logo.png"])
        XCTAssertEqual(named.map(\.path), ["photos/stripes.png", "fonts/Bold.ttf", "photos/logo.png"].map {
            site.appendingPathComponent($0).path
        })
        XCTAssertEqual(named.map(\.location.line), [2, 4, 5])
        XCTAssertEqual(named.map(\.location.column), [10, 28, 13])
    }
}
