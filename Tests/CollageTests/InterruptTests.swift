import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// Ctrl-C during the write: the temporary file beside the output is removed
/// and the process dies of the signal (AtomicFile + InterruptCleanup).
final class InterruptTests: XCTestCase {
    /// A 1500x1500 noise photo: its 8000x8000 enlargement compresses badly, so
    /// the PNG is large and the write lasts long enough to be interrupted.
    private func writeNoisePhoto(to url: URL) throws {
        var p = Pixmap(width: 1500, height: 1500)
        var state: UInt32 = 12345
        for y in 0..<1500 {
            for x in 0..<1500 {
                state = state &* 1_664_525 &+ 1_013_904_223
                p[x, y] = Color(red: UInt8(state >> 24), green: UInt8(state >> 16 & 0xFF), blue: UInt8(state >> 8 & 0xFF))
            }
        }
        try Data(try ImageEncoder.encode(p, as: .png)).write(to: url)
    }

    private func interruptDuringWrite(signal: Int32) throws {
        let dir = try TestPackage.temporaryDirectory(self)
        try writeNoisePhoto(to: dir.appendingPathComponent("noise.png"))
        try Data("""
            version: 1
            canvas: {width: 8000, height: 8000}
            photos: [noise.png]
            """.utf8).write(to: dir.appendingPathComponent("big.yaml"))
        let process = Process()
        process.executableURL = TestPackage.binary
        process.arguments = ["render", "big.yaml", "-o", "big.png"]
        process.currentDirectoryURL = dir
        process.environment = childEnvironment()
        process.standardError = FileHandle.nullDevice
        try process.run()
        var sawTemp = false
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            if names.contains(where: { $0.hasPrefix(".big.png.tmp-") }) {
                sawTemp = true
                kill(process.processIdentifier, signal)
                break
            }
            usleep(200)
        }
        process.waitUntilExit()
        XCTAssertTrue(sawTemp, "the temporary file never appeared")
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(process.terminationStatus, signal)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        XCTAssertEqual(left, ["big.yaml", "noise.png"])
    }

    func testSIGINTDuringWriteRemovesTheTemporaryFile() throws {
        try interruptDuringWrite(signal: SIGINT)
    }

    func testSIGTERMDuringWriteRemovesTheTemporaryFile() throws {
        try interruptDuringWrite(signal: SIGTERM)
    }
}
