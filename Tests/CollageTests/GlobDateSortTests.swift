import Collage
import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// `src` globs with `sort: date`: photos reordered by EXIF DateTimeOriginal.
final class GlobDateSortTests: XCTestCase {
    /// A JPEG whose EXIF holds only DateTimeOriginal (Exif IFD tag 0x9003).
    static func jpeg(dated date: String?) throws -> [UInt8] {
        let jpeg = try ImageEncoder.encode(Pixmap(width: 8, height: 6, color: .white), as: .jpeg,
                                           options: EncodeOptions(quality: 90))
        guard let date else { return jpeg }
        // TIFF little endian: IFD0 (one entry: ExifIFDPointer -> 26), Exif IFD at 26
        // (one entry: DateTimeOriginal, ASCII, 20 bytes at 44), the string at 44.
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00]
        tiff += [0x01, 0x00, 0x69, 0x87, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00, 26, 0x00, 0x00, 0x00, 0, 0, 0, 0]
        tiff += [0x01, 0x00, 0x03, 0x90, 0x02, 0x00, 20, 0x00, 0x00, 0x00, 44, 0x00, 0x00, 0x00, 0, 0, 0, 0]
        tiff += Array(date.utf8) + [0]
        let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let app1: [UInt8] = [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        return Array(jpeg[0..<2]) + app1 + Array(jpeg[2...])
    }

    func testSortByDateReordersTheGlobAndOrderWins() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        let photos = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let dates = ["a": "2024:05:03 10:00:00", "b": nil, "c": "2024:05:01 09:30:00", "d": "2023:12:31 23:59:59"]
        for (name, date) in dates {
            try Data(try Self.jpeg(dated: date)).write(to: photos.appendingPathComponent("\(name).jpg"))
        }
        XCTAssertEqual(try ImageDecoder.header(path: photos.appendingPathComponent("c.jpg").path).captureDate,
                       "2024:05:01 09:30:00")
        XCTAssertNil(try ImageDecoder.header(path: photos.appendingPathComponent("b.jpg").path).captureDate)
        func ids(_ extra: String) throws -> [String] {
            let document = directory.appendingPathComponent("doc.yaml")
            try ("version: 1\ncanvas: {width: 400, height: 100}\nlayout: {kind: grid, columns: 4}\n" + extra)
                .write(to: document, atomically: true, encoding: .utf8)
            return try CollageRenderer.prepare(documentPath: document.path).spec.photos.map(\.id)
        }
        // Oldest first; the photo without a date last.
        XCTAssertEqual(try ids("photos: [{src: \"photos/*.jpg\", sort: date}]\n"), ["d", "c", "a", "b"])
        XCTAssertEqual(try ids("photos: [{src: \"photos/*.jpg\", sort: name}]\n"), ["a", "b", "c", "d"])
        XCTAssertEqual(try ids("photos: [{src: \"photos/*.jpg\", sort: date}]\norder: [b, a]\n"), ["b", "a"])
    }
}
