import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// The `collage` binary as a user runs it: sizes, orientation, formats,
/// determinism, exit codes and the never-lose-a-file rules.
final class EndToEndTests: XCTestCase, PhotoFolderTest {
    var directory: URL!

    override func setUpWithError() throws {
        try makePhotoFolder()
    }

    func decode(_ name: String) throws -> Pixmap {
        try ImageDecoder.decode(path: directory.appendingPathComponent(name).path)
    }

    func bytes(_ name: String) throws -> Data { try Data(contentsOf: directory.appendingPathComponent(name)) }

    func testOrientation6PhotoIsLaidOutUprightAtItsOrientedSize() throws {
        try write("rotated.yaml", "version: 1\nphotos: [photos/rotated6.jpg]\n")
        try write("upright.yaml", "version: 1\nphotos: [photos/upright.png]\n")
        XCTAssertEqual(try runCollage(["render", "rotated.yaml", "-o", "rotated.png"], in: directory).status, 0)
        XCTAssertEqual(try runCollage(["render", "upright.yaml", "-o", "upright.png"], in: directory).status, 0)
        let rotated = try decode("rotated.png"), upright = try decode("upright.png")
        XCTAssertEqual(rotated.size, Size(width: 300, height: 400))
        // Same picture up to JPEG loss: the red quadrant is top-left, yellow bottom-right.
        XCTAssertGreaterThan(PixelMetrics.psnr(rotated, upright), 30)
        XCTAssertGreaterThan(rotated[40, 40].red, 180)
        XCTAssertGreaterThan(rotated[260, 360].green, 180)
    }

    /// The original app saved a caption at the photo's full native resolution,
    /// never a screen-sized copy: a 3088x2056 photo gives a 3088x2056 output.
    func testSinglePhotoCaptionRendersAtNativeResolution() throws {
        var photo = Pixmap(width: 3088, height: 2056, color: Color(red: 30, green: 90, blue: 160))
        for y in 1000..<1056 { for x in 0..<3088 { photo[x, y] = Color(red: 250, green: 250, blue: 250) } }
        try Data(try ImageEncoder.encode(photo, as: .jpeg)).write(to: directory.appendingPathComponent("photos/big.jpg"))
        try write("big.yaml", """
            version: 1
            photos: [photos/big.jpg]
            overlays:
              - text: "Summer"
                font: {family: "DejaVu Sans", size: 120}
                color: "#ffffff"
                anchor: center
                offset: [0, 600]
            """)
        let result = try runCollage(["render", "big.yaml", "-o", "big.jpg"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let output = try decode("big.jpg")
        XCTAssertEqual(output.size, Size(width: 3088, height: 2056))
        // The caption's ink sits around y = 1028 + 600; the band above is untouched.
        var inkRows = 0
        for y in stride(from: 1500, to: 1760, by: 2) {
            if (1300..<1800).contains(where: { output[$0, y].red > 200 }) { inkRows += 1 }
        }
        XCTAssertGreaterThan(inkRows, 20, "no caption ink near y = 1628")
        XCTAssertLessThan(abs(Int(output[100, 500].blue) - 160), 6)
    }

    func testOutputsAreByteIdenticalAcrossRunsAndThreadCounts() throws {
        try FileManager.default.copyItem(at: TestPaths.cases.appendingPathComponent("auto-four.yaml"),
                                        to: directory.appendingPathComponent("doc.yaml"))
        for (name, threads) in [("a.jpg", "1"), ("b.jpg", "2"), ("c.jpg", "4"), ("a.png", "1"), ("b.png", "3")] {
            let result = try runCollage(["render", "doc.yaml", "-o", name, "--threads", threads], in: directory)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        XCTAssertEqual(try bytes("a.jpg"), try bytes("b.jpg"))
        XCTAssertEqual(try bytes("a.jpg"), try bytes("c.jpg"))
        XCTAssertEqual(try bytes("a.png"), try bytes("b.png"))
        XCTAssertEqual(Array(try bytes("a.jpg").prefix(2)), [0xFF, 0xD8])
        XCTAssertEqual(Array(try bytes("a.png").prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }

    func testFormatPrecedenceAndQuality() throws {
        try write("doc.yaml", "version: 1\noutput: {format: png}\nphotos: [photos/quadrants.png]\n")
        // The document's output.format applies when the name has no known extension.
        XCTAssertEqual(try runCollage(["render", "doc.yaml", "-o", "out.img"], in: directory).status, 0)
        XCTAssertEqual(Array(try bytes("out.img").prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        // The extension beats the document; --format beats both.
        XCTAssertEqual(try runCollage(["render", "doc.yaml", "-o", "out.jpg"], in: directory).status, 0)
        XCTAssertEqual(Array(try bytes("out.jpg").prefix(2)), [0xFF, 0xD8])
        XCTAssertEqual(try runCollage(["render", "doc.yaml", "-o", "out2.img", "--format", "jpeg"], in: directory).status, 0)
        XCTAssertEqual(Array(try bytes("out2.img").prefix(2)), [0xFF, 0xD8])
        // A contradiction is a usage error and writes nothing.
        let clash = try runCollage(["render", "doc.yaml", "-o", "clash.jpg", "--format", "png"], in: directory)
        XCTAssertEqual(clash.status, 64)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("clash.jpg").path))
        // Lower quality gives a smaller file.
        XCTAssertEqual(try runCollage(["render", "doc.yaml", "-o", "q30.jpg", "--quality", "30"], in: directory).status, 0)
        XCTAssertLessThan(try bytes("q30.jpg").count, try bytes("out.jpg").count)
    }

    func testFailedRenderLeavesExistingOutputUntouchedAndNoTemporaryFiles() throws {
        try write("good.yaml", "version: 1\nphotos: [photos/quadrants.png]\n")
        try write("bad.yaml", "version: 1\nphotos: [photos/quadrants.png, photos/missing.jpg]\ncanvas: {width: 100, height: 100}\n")
        try Data("not an image".utf8).write(to: directory.appendingPathComponent("photos/fake.jpg"))
        try write("fake.yaml", "version: 1\nphotos: [photos/fake.jpg]\n")
        XCTAssertEqual(try runCollage(["render", "good.yaml", "-o", "out.png"], in: directory).status, 0)
        let before = try bytes("out.png")
        XCTAssertEqual(try runCollage(["render", "bad.yaml", "-o", "out.png"], in: directory).status, 1)
        XCTAssertEqual(try runCollage(["render", "fake.yaml", "-o", "out.png"], in: directory).status, 1)
        XCTAssertEqual(try bytes("out.png"), before)
        XCTAssertEqual(try runCollage(["render", "bad.yaml", "-o", "new.png"], in: directory).status, 1)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix(".") || $0 == "new.png" }
        XCTAssertEqual(leftovers, [])
    }

    func testOutputThatIsAnInputIsRefused() throws {
        try write("doc.yaml", "version: 1\nphotos: [photos/quadrants.png]\n")
        let before = try bytes("photos/quadrants.png")
        let result = try runCollage(["render", "doc.yaml", "-o", "photos/../photos/quadrants.png"], in: directory)
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("input"), result.stderr)
        XCTAssertEqual(try bytes("photos/quadrants.png"), before)
    }

    /// On a terminal (a pty from util-linux `script`) render draws a bar of
    /// photos done, redrawn in place and cleared at the end; piped, stderr
    /// stays empty; the bytes are the same either way.
    func testRenderProgressBarOnATerminalOnly() throws {
        try FileManager.default.copyItem(at: TestPaths.cases.appendingPathComponent("auto-four.yaml"),
                                        to: directory.appendingPathComponent("doc.yaml"))
        let command = "'\(TestPackage.binary.path)' render doc.yaml -o tty.png"
        let onTerminal = try Pipeline.run("/usr/bin/script", ["-qec", command, "/dev/null"], in: directory)
        XCTAssertEqual(onTerminal.status, 0, onTerminal.output)
        let clear = "\r\u{1B}[K"
        for done in 1...4 {
            let filled = done * 30 / 4
            let bar = "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled) + "] \(done)/4 photos"
            XCTAssertTrue(onTerminal.output.contains(clear + bar), onTerminal.output)
        }
        XCTAssertTrue(onTerminal.output.hasSuffix(clear) || onTerminal.output.hasSuffix(clear + "\r\n")
                      || onTerminal.output.hasSuffix(clear + "\n"), onTerminal.output)
        let piped = try runCollage(["render", "doc.yaml", "-o", "piped.png"], in: directory)
        XCTAssertEqual(piped.status, 0)
        XCTAssertEqual(piped.stderr, "")
        XCTAssertEqual(try bytes("tty.png"), try bytes("piped.png"))
    }

    func testHelpVersionAndUsageErrors() throws {
        let help = try runCollage(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(String(decoding: help.stdout, as: UTF8.self).contains("collage render"))
        let renderHelp = try runCollage(["render", "--help"])
        XCTAssertEqual(renderHelp.status, 0)
        XCTAssertTrue(String(decoding: renderHelp.stdout, as: UTF8.self).contains("Example"))
        let version = try runCollage(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(String(decoding: version.stdout, as: UTF8.self).hasPrefix("collage "))
        XCTAssertEqual(try runCollage(["render"]).status, 64)
        XCTAssertEqual(try runCollage(["render", "doc.yaml"]).status, 64)
        XCTAssertEqual(try runCollage(["render", "doc.yaml", "-o", "x.png", "--bogus"]).status, 64)
        XCTAssertEqual(try runCollage(["frobnicate"]).status, 64)
        XCTAssertEqual(try runCollage(["render", "doc.yaml", "-o", "x.png", "--quality", "0"]).status, 64)
    }
}

extension Pixmap {
    /// The sub-image at `rect` (whole pixels inside this one).
    func cropped(to rect: PixelRect) -> Pixmap {
        var out = Pixmap(width: rect.width, height: rect.height)
        for y in 0..<rect.height { for x in 0..<rect.width { out[x, y] = self[rect.x + x, rect.y + y] } }
        return out
    }
}
