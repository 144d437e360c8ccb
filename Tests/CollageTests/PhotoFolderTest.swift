import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// A test case that works in a temporary folder of its own holding the
/// synthetic photos under `photos/` (`SyntheticPhotos`): the one set-up and
/// the file helpers the end-to-end tests share. Names are relative to
/// `directory`.
protocol PhotoFolderTest: XCTestCase {
    var directory: URL! { get set }
}

extension PhotoFolderTest {
    /// Makes `directory` (removed after the test) and writes the photos into it.
    func makePhotoFolder() throws {
        directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
    }

    func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    /// Writes `text` as UTF-8, making the folders on the way.
    func write(_ name: String, _ text: String) throws {
        let url = url(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func text(_ name: String) throws -> String { try String(contentsOf: url(name), encoding: .utf8) }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: url(name).path) }

    /// The decoded pixel (x, y) of an image file, origin top-left.
    func pixel(_ name: String, _ x: Int, _ y: Int) throws -> Color { try ImageDecoder.decode(path: url(name).path)[x, y] }

    /// The batch tests' card: a 40x30 canvas, one photo chosen by `${photo}`
    /// on a `${bg}` background, 5 px padding.
    static var batchCard: String {
        """
        version: 1
        vars: {bg: "#000000", photo: quadrants.png}
        canvas: {width: 40, height: 30, background: "${bg}"}
        photos: ["photos/${photo}"]
        layout: {kind: auto, padding: 5}
        """
    }
}
