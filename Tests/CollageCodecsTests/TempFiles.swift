import Foundation
import XCTest

/// Writes bytes to a fresh temporary file for decoder tests. With `test`,
/// the file's folder is removed when that test ends; without, files share
/// one folder per test run, removed when the test bundle finishes.
enum TempFiles {
    static func write(_ bytes: [UInt8], name: String, for test: XCTestCase? = nil) throws -> String {
        let dir: URL
        if let test {
            dir = FileManager.default.temporaryDirectory.appendingPathComponent("collage-codecs-tests-\(UUID().uuidString)")
            test.addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        } else {
            dir = SharedFolder.url
        }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// The per-run folder, removed by an observer when the bundle finishes.
    private final class SharedFolder: NSObject, XCTestObservation, @unchecked Sendable {
        static let url: URL = {
            let url = FileManager.default.temporaryDirectory
                .appendingPathComponent("collage-codecs-tests-\(ProcessInfo.processInfo.processIdentifier)")
            XCTestObservationCenter.shared.addTestObserver(SharedFolder(url))
            return url
        }()
        private let folder: URL
        private init(_ folder: URL) { self.folder = folder }
        /// XCTestObservation: the bundle has finished; remove the folder.
        internal func testBundleDidFinish(_ testBundle: Bundle) { try? FileManager.default.removeItem(at: folder) }
    }
}

/// PNG chunk helpers (the chunk layout is PNG spec section 5.3).
enum PNGChunks {
    /// Chunk types in file order.
    static func types(_ png: [UInt8]) -> [String] {
        var out: [String] = []
        var i = 8
        while i + 8 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            out.append(String(decoding: png[i + 4 ..< i + 8], as: UTF8.self))
            i += 12 + length
        }
        return out
    }

    /// `png` with a chunk inserted right after IHDR.
    static func inserting(type: String, data: [UInt8], into png: [UInt8]) -> [UInt8] {
        let afterIHDR = 8 + 12 + 13
        var chunk: [UInt8] = [UInt8(data.count >> 24 & 0xFF), UInt8(data.count >> 16 & 0xFF),
                              UInt8(data.count >> 8 & 0xFF), UInt8(data.count & 0xFF)]
        let body = Array(type.utf8) + data
        chunk += body
        let crc = crc32(body)
        chunk += [UInt8(crc >> 24 & 0xFF), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        return Array(png[..<afterIHDR]) + chunk + Array(png[afterIHDR...])
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0 ..< 8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A minimal big-endian TIFF/EXIF block whose IFD0 holds one Orientation entry.
    static func exifOrientation(_ value: UInt16) -> [UInt8] {
        [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08,   // "MM", 42, IFD0 at 8
         0x00, 0x01,                                       // one entry
         0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01,   // tag 274, SHORT, count 1
         UInt8(value >> 8), UInt8(value & 0xFF), 0x00, 0x00,
         0x00, 0x00, 0x00, 0x00]                           // no next IFD
    }
}
