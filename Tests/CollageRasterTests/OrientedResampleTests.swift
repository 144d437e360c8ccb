import XCTest
@testable import CollageRaster
import CollageTestSupport

/// Resampling the stored pixels and placing each output pixel upright
/// (`OrientedResample`, `StoredImageSource`) gives the pixels of resampling
/// the upright copy, for every orientation, whole or streamed.
final class OrientedResampleTests: XCTestCase {
    /// Every combination of the three axis operations (the 8 EXIF orientations).
    static let orientations: [StoredOrientation] = [false, true].flatMap { t in
        [false, true].flatMap { fx in [false, true].map { fy in StoredOrientation(transposed: t, flipsX: fx, flipsY: fy) } }
    }

    /// A provider handing out stored pixels with an orientation, whole or as
    /// a row stream that records the rows it was asked for.
    final class StoredProvider: ImageProvider, @unchecked Sendable {
        let stored: [Pixmap]
        let orientation: StoredOrientation
        let stream: Bool
        private let lock = DispatchQueue(label: "test.stored-provider")
        private var _requested: [Int: [Int]] = [:]
        init(_ stored: [Pixmap], orientation: StoredOrientation, stream: Bool) {
            self.stored = stored; self.orientation = orientation; self.stream = stream
        }
        /// Rows each image's stream was asked for, in call order.
        var requested: [Int: [Int]] { lock.sync { _requested } }
        func decode(image index: Int, minimumSize: Size) throws -> Pixmap { orientation.upright(stored[index]) }
        func stored(image index: Int, minimumSize: Size, streaming: Bool) throws -> StoredImageSource {
            guard stream && streaming else { return .pixels(stored[index], orientation) }
            return .rows(MemoryRows(stored[index], orientation: orientation) { rows in
                self.lock.sync { self._requested[index] = rows }
            })
        }
    }

    final class MemoryRows: ImageRowStream {
        let pixmap: Pixmap
        let orientation: StoredOrientation
        let done: ([Int]) -> Void
        var rows: [Int] = []
        /// A stable copy of the pixels (the rows handed out point into it).
        let bytes: UnsafeMutableBufferPointer<UInt8>
        init(_ pixmap: Pixmap, orientation: StoredOrientation, done: @escaping ([Int]) -> Void) {
            self.pixmap = pixmap; self.orientation = orientation; self.done = done
            bytes = .allocate(capacity: pixmap.pixels.count)
            _ = bytes.initialize(from: pixmap.pixels)
        }
        deinit { bytes.deallocate() }
        var size: Size { pixmap.size }
        func row(_ y: Int) -> UnsafePointer<UInt8> {
            rows.append(y)
            return UnsafePointer(bytes.baseAddress! + y * pixmap.width * 4)
        }
        func finish() throws { done(rows) }
    }

    /// A stored picture with detail along both axes and varying alpha.
    static func picture(width: Int, height: Int, alpha: Bool) -> Pixmap {
        var p = Pixmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                p[x, y] = Color(red: UInt8((x * 37 + y * 11) % 256), green: UInt8((y * 53) % 256),
                                blue: UInt8((x * y) % 256), alpha: alpha ? UInt8(128 + (x + 2 * y) % 128) : 255)
            }
        }
        return p
    }

    /// Draws of image 0 covering its edges, fractional windows, shrinking
    /// and enlarging, a partly clipped draw, and (item 3) a draw that
    /// overlaps another image's, so it is held and composited in order.
    static func scene(upright: Size) -> Scene {
        let w = Double(upright.width), h = Double(upright.height)
        let draws: [ImageDraw] = [
            ImageDraw(image: 0, source: Rect(x: 0, y: 0, width: w, height: h),
                      destination: PixelRect(x: 2, y: 3, width: 31, height: 23)),
            ImageDraw(image: 0, source: Rect(x: 0, y: 0, width: w * 0.4, height: h * 0.35),
                      destination: PixelRect(x: 40, y: 2, width: 50, height: 41)),
            ImageDraw(image: 0, source: Rect(x: w * 0.55 + 0.3, y: h * 0.6 + 0.7, width: w * 0.45 - 0.3, height: h * 0.4 - 0.7),
                      destination: PixelRect(x: 95, y: 5, width: 17, height: 13)),
            ImageDraw(image: 1, source: Rect(x: 1.25, y: 0.5, width: 40.5, height: 20.75),
                      destination: PixelRect(x: 10, y: 50, width: 60, height: 40), opacity: 0.8),
            ImageDraw(image: 0, source: Rect(x: 3.5, y: 2.25, width: w - 7, height: h - 4.5),
                      destination: PixelRect(x: 30, y: 60, width: 70, height: 55),
                      clip: PixelRect(x: 0, y: 0, width: 120, height: 100)),
        ]
        return Scene(size: Size(width: 120, height: 110), background: Color(red: 20, green: 90, blue: 200),
                     images: [SceneImage(orientedSize: upright), SceneImage(orientedSize: Size(width: 44, height: 22))],
                     items: draws.map { .image($0) })
    }

    func testStoredPixelsGiveTheUprightResampleForEveryOrientation() throws {
        for alpha in [false, true] {
            let stored = [Self.picture(width: 67, height: 45, alpha: alpha), Self.picture(width: 44, height: 22, alpha: alpha)]
            for orientation in Self.orientations {
                let uprightSize = orientation.uprightSize(ofStored: stored[0].size)
                // Image 1 is always stored upright so its size matches the scene.
                let provider = MixedProvider(first: StoredProvider([stored[0]], orientation: orientation, stream: false),
                                             second: stored[1])
                let scene = Self.scene(upright: uprightSize)
                let reference = try SceneRenderer.render(scene, images: MemoryImageProvider([orientation.upright(stored[0]), stored[1]]),
                                                         threads: 1)
                for threads in [1, 3] {
                    let canvas = try SceneRenderer.render(scene, images: provider, threads: threads)
                    XCTAssertLessThanOrEqual(PixelMetrics.maxDifference(canvas, reference, channels: .rgba), 1, "\(orientation) alpha \(alpha) threads \(threads)")
                }
            }
        }
    }

    /// Image 0 from a `StoredProvider`, image 1 upright from memory.
    final class MixedProvider: ImageProvider, @unchecked Sendable {
        let first: StoredProvider
        let second: Pixmap
        init(first: StoredProvider, second: Pixmap) { self.first = first; self.second = second }
        func decode(image index: Int, minimumSize: Size) throws -> Pixmap {
            index == 0 ? try first.decode(image: 0, minimumSize: minimumSize) : second
        }
        func stored(image index: Int, minimumSize: Size, streaming: Bool) throws -> StoredImageSource {
            index == 0 ? try first.stored(image: 0, minimumSize: minimumSize, streaming: streaming) : .pixels(second, .upright)
        }
    }

    func testStreamedRowsGiveTheSamePixelsAndAreReadOnceInOrder() throws {
        let stored = Self.picture(width: 90, height: 70, alpha: false)
        for orientation in Self.orientations {
            let upright = orientation.uprightSize(ofStored: stored.size)
            let w = Double(upright.width), h = Double(upright.height)
            // One draw per scene (so the image streams): a window touching the
            // upright top-left corner, one touching the bottom-right, the whole.
            let windows = [Rect(x: 0, y: 0, width: w * 0.5, height: h * 0.5),
                           Rect(x: w * 0.6 - 0.4, y: h * 0.7 - 0.2, width: w * 0.4 + 0.4, height: h * 0.3 + 0.2),
                           Rect(x: 0, y: 0, width: w, height: h)]
            for window in windows {
                let scene = Scene.single(canvas: Size(width: 40, height: 40), image: upright, window: window,
                                         destination: PixelRect(x: 4, y: 5, width: 29, height: 31))
                let streamed = StoredProvider([stored], orientation: orientation, stream: true)
                let canvas = try SceneRenderer.render(scene, images: streamed, threads: 2)
                let reference = try SceneRenderer.render(scene, images: MemoryImageProvider([orientation.upright(stored)]), threads: 1)
                XCTAssertLessThanOrEqual(PixelMetrics.maxDifference(canvas, reference, channels: .rgba), 1, "\(orientation) \(window)")
                let rows = try XCTUnwrap(streamed.requested[0], "\(orientation): not streamed")
                XCTAssertEqual(rows, rows.sorted(), "\(orientation) \(window)")
                XCTAssertEqual(Set(rows).count, rows.count, "\(orientation) \(window): a row read twice")
                // The stored rows the window (plus the kernel's reach) spans, not more.
                let (start, length) = orientation.transposed ? (window.x, window.width) : (window.y, window.height)
                let storedStart = orientation.flipsY ? Double(stored.height) - start - length : start
                let reach = 3 * length / 31 + 1
                XCTAssertGreaterThanOrEqual(Double(rows.first!), (storedStart - reach).rounded(.down), "\(orientation) \(window)")
                XCTAssertLessThanOrEqual(Double(rows.last!), (storedStart + length + reach).rounded(.up), "\(orientation) \(window)")
            }
        }
    }

    /// Hands out a row stream whatever the renderer asked for.
    final class AlwaysRows: ImageProvider, @unchecked Sendable {
        let pixmap: Pixmap
        init(_ pixmap: Pixmap) { self.pixmap = pixmap }
        func decode(image index: Int, minimumSize: Size) throws -> Pixmap { pixmap }
        func stored(image index: Int, minimumSize: Size, streaming: Bool) throws -> StoredImageSource {
            .rows(MemoryRows(pixmap, orientation: .upright) { _ in })
        }
    }

    func testARowStreamForAnImageWithSeveralDrawsIsRefused() throws {
        let photo = Self.picture(width: 20, height: 10, alpha: false)
        let whole = Rect(x: 0, y: 0, width: 20, height: 10)
        let twice = Scene(size: Size(width: 40, height: 10), background: .white, images: [SceneImage(orientedSize: photo.size)],
                          items: [.image(ImageDraw(image: 0, source: whole, destination: PixelRect(x: 0, y: 0, width: 20, height: 10))),
                                  .image(ImageDraw(image: 0, source: whole, destination: PixelRect(x: 20, y: 0, width: 20, height: 10)))])
        XCTAssertThrowsError(try SceneRenderer.render(twice, images: AlwaysRows(photo), threads: 1)) { error in
            XCTAssertEqual(error as? SceneRenderError, .unrequestedRowStream(image: 0))
        }
        // One plain draw asks for a stream: accepted, same pixels as the whole image.
        let once = Scene.single(canvas: Size(width: 20, height: 10), image: photo.size, window: whole,
                                destination: PixelRect(x: 0, y: 0, width: 20, height: 10))
        XCTAssertEqual(try SceneRenderer.render(once, images: AlwaysRows(photo), threads: 1),
                       try SceneRenderer.render(once, images: MemoryImageProvider([photo]), threads: 1))
    }

    func testUprightCopyFollowsTheExifMappingRule() {
        // Stored 3x2, numbered 1...6: the transposed, x-flipped one is EXIF 8 (rotate 90 CCW).
        var p = Pixmap(width: 3, height: 2)
        for y in 0..<2 { for x in 0..<3 { p[x, y] = Color(red: UInt8(y * 3 + x + 1), green: 0, blue: 0) } }
        let left = StoredOrientation(transposed: true, flipsX: true, flipsY: false).upright(p)
        XCTAssertEqual(left.size, Size(width: 2, height: 3))
        XCTAssertEqual((0..<3).map { y in (0..<2).map { x in Int(left[x, y].red) } }, [[3, 6], [2, 5], [1, 4]])
    }
}
