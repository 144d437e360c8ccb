import Foundation
import XCTest
import CollageTestSupport

/// Every file that must fail does so through the `collage` binary: exit 1,
/// a message naming the file, no output file, no signal; bombs are refused
/// within a bounded peak RSS (wait4's ru_maxrss) and a safety timeout.
final class CleanFailureTests: XCTestCase {
    /// Generous: a 12 MP HEIC decodes in about 100 MB; a bomb that allocated would need gigabytes.
    static let rssBound = 512 << 20
    static let timeout = 120.0

    private func assertFailsCleanly(_ run: ChildRun, naming path: String, output: URL, _ what: String) {
        XCTAssertFalse(run.timedOut, "\(what): killed after \(Self.timeout) s")
        XCTAssertEqual(run.signal, 0, "\(what): ended by signal \(run.signal)")
        XCTAssertEqual(run.status, 1, "\(what): \(run.stderr)")
        XCTAssertTrue(run.stderr.contains(path), "\(what): the message must name the file: \(run.stderr)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), "\(what): no output may appear")
        XCTAssertLessThan(run.peakRSS, Self.rssBound, "\(what): peak RSS \(run.peakRSS >> 20) MiB")
    }

    func testEveryFailingFileFailsCleanlyThroughConvert() throws {
        let root = try TestPackage.requireCorpus()
        let scratch = try TestPackage.temporaryDirectory(self)
        let output = scratch.appendingPathComponent("out.png")
        for (relative, _) in ExpectedOutcomes.failures.sorted(by: { $0.key < $1.key }) {
            let path = root.appendingPathComponent(relative).path
            let run = try ChildRun.collage(["convert", path, "-o", output.path], timeout: Self.timeout)
            assertFailsCleanly(run, naming: path, output: output, relative)
        }
    }

    func testPeakRSSSeesTheChildsOwnAllocations() throws {
        // A 12 MP HEIC decoded at full size holds at least its planar RGB, 4032 x 3024 x 3
        // bytes = 34.9 MiB: the measurement must see that, or the bounds below prove nothing.
        // The convert streams the planes into the JPEG (HEIFPlanarImage): before issue 32 it
        // held RGBA and a copy, 157-161 MiB; now under 100 MiB.
        let root = try TestPackage.requireCorpus()
        let scratch = try TestPackage.temporaryDirectory(self)
        let run = try ChildRun.collage(["convert", root.appendingPathComponent("pillow-heif/pug.heic").path,
                                        "-o", scratch.appendingPathComponent("pug.jpg").path])
        print("PEAKRSS convert pillow-heif/pug.heic (12 MP, native size): status \(run.status.map(String.init) ?? "signal") peak \(run.peakRSS >> 20) MiB")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertGreaterThan(run.peakRSS, 35 << 20)
        XCTAssertLessThan(run.peakRSS, 100 << 20)
    }

    func testBombsAreRefusedByRenderWithinBoundedMemory() throws {
        let root = try TestPackage.requireCorpus()
        let scratch = try TestPackage.temporaryDirectory(self)
        let bombs = ["thumbor/16384x16384.png", "metadata-extractor-images/its_6903d4538fd33c8fd0ded32cb30d618e.jpg",
                     "sharp/giant-image.jpg"]
        for bomb in bombs {
            let path = root.appendingPathComponent(bomb).path
            let document = scratch.appendingPathComponent("bomb.yaml")
            try Data("version: 1\ncanvas: {width: 400, height: 300}\nphotos:\n  - \(path)\n".utf8).write(to: document)
            let output = scratch.appendingPathComponent("bomb.png")
            let run = try ChildRun.collage(["render", document.path, "-o", output.path], timeout: Self.timeout)
            print("PEAKRSS render \(bomb): status \(run.status.map(String.init) ?? "signal") peak \(run.peakRSS >> 20) MiB")
            if bomb == "sharp/giant-image.jpg" {
                // 280 MP baseline: DCT scale 1/8 brings it within budget, so it renders.
                XCTAssertEqual(run.status, 0, run.stderr)
                XCTAssertTrue(FileManager.default.fileExists(atPath: output.path))
                XCTAssertLessThan(run.peakRSS, Self.rssBound, "\(bomb): peak RSS \(run.peakRSS >> 20) MiB")
                try FileManager.default.removeItem(at: output)
            } else {
                assertFailsCleanly(run, naming: path, output: output, bomb)
                // Refused from the header: far below the 1 GiB its pixels would take.
                XCTAssertLessThan(run.peakRSS, 100 << 20, "\(bomb): peak RSS \(run.peakRSS >> 20) MiB")
                XCTAssertTrue(run.stderr.contains("bomb.yaml:4:5: error:"), "located at the photo's src: \(run.stderr)")
                XCTAssertTrue(run.stderr.contains("too large"), run.stderr)
            }
            // The same files through convert, which decodes at native size: all refused.
            let converted = scratch.appendingPathComponent("bomb-convert.png")
            let convert = try ChildRun.collage(["convert", path, "-o", converted.path], timeout: Self.timeout)
            print("PEAKRSS convert \(bomb): status \(convert.status.map(String.init) ?? "signal") peak \(convert.peakRSS >> 20) MiB")
            assertFailsCleanly(convert, naming: path, output: converted, "convert \(bomb)")
        }
    }
}
