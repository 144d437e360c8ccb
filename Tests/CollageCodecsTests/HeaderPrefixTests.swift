import Foundation
import XCTest
import CollageRaster
@testable import CollageCodecs
import CollageTestSupport

/// `ImageDecoder.header(path:)` parses JPEG and PNG headers from the file's
/// first `headerPrefixLength` bytes and falls back to the whole file when
/// the header runs on past them; either way the result is the whole file's.
final class HeaderPrefixTests: XCTestCase {
    /// A JPEG segment: marker, big-endian length (payload + 2), payload.
    private func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
    }

    func testJPEGWhoseHeaderRunsPastThePrefixIsReadWhole() throws {
        let jpeg = try ImageEncoder.encode(TestPicture.synthetic(width: 24, height: 16), as: .jpeg,
                                           options: EncodeOptions(quality: 90))
        // After SOI: five 65,533-byte APP15 segments (320 KiB), then the EXIF
        // APP1 with orientation 6, so the orientation lies past the prefix.
        let padding = (0 ..< 5).flatMap { _ in segment(0xEF, [UInt8](repeating: 0x55, count: 65_531)) }
        let exif = segment(0xE1, Array("Exif\0\0".utf8) + PNGChunks.exifOrientation(6))
        let bytes = Array(jpeg[..<2]) + padding + exif + Array(jpeg[2...])
        XCTAssertGreaterThan(padding.count, ImageDecoder.headerPrefixLength)
        let path = try TempFiles.write(bytes, name: "long-header.jpg", for: self)

        // The prefix alone ends inside the padding: libjpeg runs out of data.
        XCTAssertThrowsError(try JPEGDecoding.header(Array(bytes.prefix(ImageDecoder.headerPrefixLength)), path: path)) { error in
            XCTAssertEqual((error as? ImageError)?.kind, .truncated)
        }
        let header = try ImageDecoder.header(path: path)
        XCTAssertEqual(header, try ImageDecoder.header(bytes, path: path))
        XCTAssertEqual(header.format, .jpeg)
        XCTAssertEqual(header.storedSize, Size(width: 24, height: 16))
        XCTAssertEqual(header.orientation, .right)
        XCTAssertEqual(header.size, Size(width: 16, height: 24))
    }

    func testJPEGWhoseHeaderFitsThePrefixIsReadFromIt() throws {
        let jpeg = try ImageEncoder.encode(TestPicture.synthetic(width: 24, height: 16), as: .jpeg,
                                           options: EncodeOptions(quality: 90))
        // The EXIF first, then 320 KiB of entropy-coded-looking data the
        // header parse never reaches (the scan after SOS).
        let exif = segment(0xE1, Array("Exif\0\0".utf8) + PNGChunks.exifOrientation(8))
        let bytes = Array(jpeg[..<2]) + exif + Array(jpeg[2...]) + [UInt8](repeating: 0, count: 320 << 10)
        let path = try TempFiles.write(bytes, name: "short-header.jpg", for: self)
        let prefixHeader = try ImageDecoder.prefixHeader(Array(bytes.prefix(ImageDecoder.headerPrefixLength)), path: path)
        XCTAssertEqual(prefixHeader?.orientation, .left)
        XCTAssertEqual(try ImageDecoder.header(path: path), prefixHeader)
    }

    func testPNGWhoseExifFollowsALargeChunkIsReadWhole() throws {
        let png = try ImageEncoder.encode(TestPicture.synthetic(width: 20, height: 10), as: .png)
        // eXIf (orientation 3) is inserted after IHDR first, then a 300 KiB
        // private ancillary chunk before it, so eXIf ends past the prefix.
        let withExif = PNGChunks.inserting(type: "eXIf", data: PNGChunks.exifOrientation(3), into: png)
        let bytes = PNGChunks.inserting(type: "prVt", data: [UInt8](repeating: 7, count: 300 << 10), into: withExif)
        XCTAssertEqual(Array(PNGChunks.types(bytes).prefix(3)), ["IHDR", "prVt", "eXIf"])
        let path = try TempFiles.write(bytes, name: "long-header.png", for: self)
        XCTAssertNil(try? ImageDecoder.prefixHeader(Array(bytes.prefix(ImageDecoder.headerPrefixLength)), path: path))
        let header = try ImageDecoder.header(path: path)
        XCTAssertEqual(header.storedSize, Size(width: 20, height: 10))
        XCTAssertEqual(header.orientation, .down)
    }

    func testEveryCorpusFileGivesTheWholeFileHeaderOrError() throws {
        let root = try TestPackage.corpusFile("MANIFEST.md").dropLast("MANIFEST.md".count)
        let files = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: String(root)))
            .map { String(root) + $0 }
            .filter { var isDirectory: ObjCBool = false
                      return FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) && !isDirectory.boolValue }
            .sorted()
        XCTAssertGreaterThan(files.count, 100)
        var longHeaders = 0
        for path in files {
            let probed = Result { () throws(ImageError) in try ImageDecoder.header(path: path) }
            let whole = Result { () throws(ImageError) in try ImageDecoder.header(try FileBytes.read(path), path: path) }
            XCTAssertEqual(probed, whole, path)
            let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            if case .success(let header) = whole, header.format == .jpeg || header.format == .png,
               size > ImageDecoder.headerPrefixLength,
               (try? ImageDecoder.prefixHeader(Array(try FileBytes.read(path).prefix(ImageDecoder.headerPrefixLength)),
                                               path: path)) == nil {
                longHeaders += 1
            }
        }
        // icc_profile_big.jpg and Multiple_ICC_segments.jpg carry more than 256 KiB of ICC chunks.
        XCTAssertGreaterThanOrEqual(longHeaders, 2)
    }

    // MARK: FileBytes

    func testPrefixReadHandsOverThePrefixThenTheWholeFile() throws {
        let bytes = (0 ..< 1000).map { UInt8($0 % 251) }
        let path = try TempFiles.write(bytes, name: "thousand.bin", for: self)
        var calls: [(count: Int, isWhole: Bool)] = []
        let whole = try FileBytes.read(path, prefix: 100) { (read, isWhole) throws(ImageError) -> [UInt8]? in
            calls.append((read.count, isWhole))
            XCTAssertEqual(read, Array(bytes.prefix(read.count)))
            return isWhole ? read : nil
        }
        XCTAssertEqual(whole, bytes)
        XCTAssertEqual(calls.map(\.count), [100, 1000])
        XCTAssertEqual(calls.map(\.isWhole), [false, true])

        // Enough: the rest is never read.
        let first = try FileBytes.read(path, prefix: 100) { (read, _) throws(ImageError) -> Int? in read.count }
        XCTAssertEqual(first, 100)
        // A file no longer than the prefix is read whole at once.
        var wholeCalls: [Bool] = []
        _ = try FileBytes.read(path, prefix: 1000) { (read, isWhole) throws(ImageError) -> Int? in
            wholeCalls.append(isWhole); return read.count
        }
        XCTAssertEqual(wholeCalls, [true])
    }

    func testReadReturnsExactlyTheFileAndRefusesDirectories() throws {
        for count in [0, 1, 65_536, 65_537, 300_000] {
            let bytes = (0 ..< count).map { UInt8(truncatingIfNeeded: $0 * 7) }
            let path = try TempFiles.write(bytes, name: "file-\(count).bin", for: self)
            XCTAssertEqual(try FileBytes.read(path), bytes, "\(count) bytes")
        }
        XCTAssertThrowsError(try FileBytes.read(NSTemporaryDirectory())) { error in
            XCTAssertEqual((error as? ImageError)?.kind, .unreadable)
            XCTAssertEqual((error as? ImageError)?.reason, "is a directory, not an image file")
        }
    }

    func testReadFollowsAPipeToItsEnd() throws {
        // A pipe has no size: it is read in steps until the writer closes it.
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        let bytes = (0 ..< 200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let writeEnd = ends[1]
        let writer = Thread {
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let wrote = write(writeEnd, raw.baseAddress! + offset, raw.count - offset)
                    if wrote <= 0 { break }
                    offset += wrote
                }
            }
            close(writeEnd)
        }
        writer.start()
        defer { close(ends[0]) }
        XCTAssertEqual(try FileBytes.read("/dev/fd/\(ends[0])"), bytes)
    }
}
