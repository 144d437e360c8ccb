import Collage
import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// A photo's `orientation` replaces a wrong EXIF tag, in the header the
/// layout uses and in the decode.
final class OrientationOverrideTests: XCTestCase {
    func testOverrideReplacesTheFileTagInLayoutAndDecode() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
        let photo = directory.appendingPathComponent("photos/rotated6.jpg").path
        // Tagged 6: upright 300x400 with red at the top left.
        XCTAssertEqual(try ImageDecoder.header(path: photo).size, Size(width: 300, height: 400))
        let stored = try ImageDecoder.decode(path: photo, orientation: .up)
        XCTAssertEqual(stored.size, Size(width: 400, height: 300))
        let upright = try ImageDecoder.decode(path: photo)
        XCTAssertEqual(upright.size, Size(width: 300, height: 400))
        // Stored pixels are the upright picture turned a quarter counter-clockwise:
        // upright (10, 10) (red) is stored at (10, 289).
        XCTAssertEqual(Int(stored[10, 289].red), Int(upright[10, 10].red), accuracy: 2)
        XCTAssertGreaterThan(stored[10, 289].red, 200)

        for (tag, size) in [(1, Size(width: 400, height: 300)), (8, Size(width: 300, height: 400))] {
            let document = directory.appendingPathComponent("doc\(tag).yaml")
            try "version: 1\nphotos: [{src: photos/rotated6.jpg, orientation: \(tag)}]\n"
                .write(to: document, atomically: true, encoding: .utf8)
            let prepared = try CollageRenderer.prepare(documentPath: document.path)
            XCTAssertEqual(prepared.layout.canvas, size, "orientation \(tag)")
            XCTAssertEqual(prepared.headers[0].orientation.rawValue, tag)
        }
    }
}
