import Dispatch
@testable import CollageRaster

/// Deterministic pseudo-random bytes (64-bit LCG) for synthetic test images.
struct TestRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt8 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return UInt8(truncatingIfNeeded: state >> 56)
    }
}

enum TestImages {
    /// A pixmap of random bytes; alpha 255 everywhere when `opaque`.
    static func random(width: Int, height: Int, seed: UInt64, opaque: Bool = true) -> Pixmap {
        var random = TestRandom(seed: seed)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in pixels.indices { pixels[i] = (opaque && i % 4 == 3) ? 255 : random.next() }
        return Pixmap(width: width, height: height, pixels: pixels)
    }

    /// A pixmap whose pixel (x, y) is `color(x, y)`.
    static func make(width: Int, height: Int, _ color: (Int, Int) -> Color) -> Pixmap {
        var pixmap = Pixmap(width: width, height: height)
        for y in 0..<height { for x in 0..<width { pixmap[x, y] = color(x, y) } }
        return pixmap
    }

    static func gray(_ v: UInt8) -> Color { Color(red: v, green: v, blue: v) }
}

struct TestDecodeError: Error, Equatable { let image: Int }

/// An `ImageProvider` over in-memory pixmaps that records what it was asked
/// for. `decoded` may return a reduced pixmap (standing in for DCT scaling);
/// images listed in `failing` throw `TestDecodeError`.
final class MemoryImageProvider: ImageProvider, @unchecked Sendable {
    private let decoded: @Sendable (Int, Size) -> Pixmap
    private let failing: Set<Int>
    private let lock = DispatchQueue(label: "test.provider")
    private var _requests: [(image: Int, minimumSize: Size)] = []

    init(failing: Set<Int> = [], decoded: @escaping @Sendable (Int, Size) -> Pixmap) {
        self.decoded = decoded
        self.failing = failing
    }

    convenience init(_ pixmaps: [Pixmap], failing: Set<Int> = []) {
        self.init(failing: failing) { index, _ in pixmaps[index] }
    }

    private var _noMoreImages: [Int] = []

    /// Every call so far, in call order.
    var requests: [(image: Int, minimumSize: Size)] { lock.sync { _requests } }

    /// For each `noMoreImagesToDecode` call so far: how many decodes had
    /// been asked for by then.
    var noMoreImagesCalls: [Int] { lock.sync { _noMoreImages } }

    func noMoreImagesToDecode() {
        lock.sync { _noMoreImages.append(_requests.count) }
    }

    func decode(image index: Int, minimumSize: Size) throws -> Pixmap {
        lock.sync { _requests.append((index, minimumSize)) }
        if failing.contains(index) { throw TestDecodeError(image: index) }
        return decoded(index, minimumSize)
    }
}

extension Scene {
    /// A scene drawing one image of `image`'s size through `window` into `destination`.
    static func single(canvas: Size, background: Color = .white, image: Size, window: Rect,
                       destination: PixelRect, clip: PixelRect? = nil, opacity: Double = 1) -> Scene {
        Scene(size: canvas, background: background, images: [SceneImage(orientedSize: image)],
              items: [.image(ImageDraw(image: 0, source: window, destination: destination, clip: clip, opacity: opacity))])
    }
}

extension Rect {
    /// The whole of an image of `size`.
    init(_ size: Size) { self.init(x: 0, y: 0, width: Double(size.width), height: Double(size.height)) }
}
