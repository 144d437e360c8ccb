import XCTest
@testable import CollageRaster
import CollageTestSupport

/// Resampled draws kept across renders (`ResampledDrawCache`): a render that
/// replays kept rows gives the same bytes as one that resamples, for every
/// orientation, direct and held draws, opaque or not, at any thread count.
final class ResampledDrawCacheTests: XCTestCase {
    /// `OrientedResampleTests.StoredProvider` whose images are named for the cache.
    final class NamedProvider: ImageProvider, @unchecked Sendable {
        let inner: OrientedResampleTests.MixedProvider
        let names: [String?]
        init(_ inner: OrientedResampleTests.MixedProvider, names: [String?]) { self.inner = inner; self.names = names }
        func decode(image index: Int, minimumSize: Size) throws -> Pixmap { try inner.decode(image: index, minimumSize: minimumSize) }
        func stored(image index: Int, minimumSize: Size, streaming: Bool) throws -> StoredImageSource {
            try inner.stored(image: index, minimumSize: minimumSize, streaming: streaming)
        }
        func keptIdentity(image index: Int, minimumSize: Size) -> String? { names[index] }
    }

    func testReplayedDrawsGiveTheSameBytesForEveryOrientation() throws {
        for alpha in [false, true] {
            let stored = [OrientedResampleTests.picture(width: 67, height: 45, alpha: alpha),
                          OrientedResampleTests.picture(width: 44, height: 22, alpha: alpha)]
            for orientation in OrientedResampleTests.orientations {
                let scene = OrientedResampleTests.scene(upright: orientation.uprightSize(ofStored: stored[0].size))
                let mixed = OrientedResampleTests.MixedProvider(
                    first: .init([stored[0]], orientation: orientation, stream: false), second: stored[1])
                let reference = try SceneRenderer.render(scene, images: mixed, threads: 1)
                let cache = ResampledDrawCache(budgetBytes: 16 << 20)
                var options = SceneRenderOptions(threads: 1)
                options.resampledDraws = cache
                // Image 0 is named (its 4 draws kept), image 1 is not (resampled every time).
                let named = NamedProvider(mixed, names: ["photo-\(alpha)", nil])
                let first = try SceneRenderer.render(scene, images: named, options: options)
                XCTAssertEqual(first.pixels, reference.pixels, "\(orientation) alpha \(alpha): first render")
                XCTAssertEqual(cache.statistics.entries, 4, "\(orientation): image 0's four draws kept")
                XCTAssertEqual(cache.statistics.misses, 4)
                for threads in [1, 3] {
                    options.threads = threads
                    let again = try SceneRenderer.render(scene, images: named, options: options)
                    XCTAssertEqual(again.pixels, reference.pixels, "\(orientation) alpha \(alpha) threads \(threads): replayed")
                }
                XCTAssertEqual(cache.statistics.hits, 8, "\(orientation): two renders replayed four draws each")
                XCTAssertEqual(cache.statistics.entries, 4)
            }
        }
    }

    func testAnotherImageOrWindowIsNotReplayedAndTheBudgetHolds() throws {
        let picture = OrientedResampleTests.picture(width: 60, height: 40, alpha: false)
        let other = TestImages.random(width: 60, height: 40, seed: 7)
        func render(_ pixmap: Pixmap, name: String, window: Rect, cache: ResampledDrawCache) throws -> Pixmap {
            let scene = Scene.single(canvas: Size(width: 50, height: 40), image: pixmap.size, window: window,
                                     destination: PixelRect(x: 5, y: 5, width: 40, height: 30))
            let provider = NamedProvider(.init(first: .init([pixmap], orientation: .upright, stream: false), second: pixmap),
                                         names: [name])
            var options = SceneRenderOptions(threads: 2)
            options.resampledDraws = cache
            return try SceneRenderer.render(scene, images: provider, options: options)
        }
        let whole = Rect(x: 0, y: 0, width: 60, height: 40)
        let part = Rect(x: 10.5, y: 4.25, width: 40, height: 30)
        // One opaque direct 40x30 draw: 30 rows of 40 canvas pixels, 4 bytes
        // each (the RGBA8 written, not 16 bytes of floats), plus 24 bytes a
        // row (its index and its place on the canvas).
        let drawBytes = 40 * 30 * 4 + 30 * 24
        let cache = ResampledDrawCache(budgetBytes: drawBytes * 2)
        let a = try render(picture, name: "a", window: whole, cache: cache)
        // The same name with other pixels (a file replaced) would be a stale
        // replay; providers put the file's size and time in the name: here "b".
        let b = try render(other, name: "b", window: whole, cache: cache)
        XCTAssertNotEqual(a.pixels, b.pixels)
        let partly = try render(picture, name: "a", window: part, cache: cache)
        XCTAssertNotEqual(partly.pixels, a.pixels, "another window is resampled, not replayed")
        XCTAssertEqual(cache.statistics.hits, 0)
        XCTAssertEqual(cache.statistics.entries, 2, "the least recently used went to stay within the budget")
        XCTAssertEqual(cache.statistics.bytes, drawBytes * 2)
        // "a" over the whole picture was the least recently used: gone, so resampled again (same bytes).
        XCTAssertEqual(try render(picture, name: "a", window: whole, cache: cache).pixels, a.pixels)
        XCTAssertEqual(cache.statistics.hits, 0)
        XCTAssertEqual(try render(picture, name: "a", window: part, cache: cache).pixels, partly.pixels)
        XCTAssertEqual(cache.statistics.hits, 1)
        // A draw larger than the budget is never kept.
        let small = ResampledDrawCache(budgetBytes: drawBytes - 1)
        _ = try render(picture, name: "a", window: whole, cache: small)
        XCTAssertEqual(small.statistics.entries, 0)
    }
}
