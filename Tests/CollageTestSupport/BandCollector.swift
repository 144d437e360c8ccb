import Dispatch

/// Collects the bands a streamed render hands over (`FinishedBands.consume`:
/// band `index`, its rows' RGBA8 bytes) from any thread, in any order, and
/// joins them top to bottom: for comparing a banded render with the
/// whole-canvas one byte for byte.
public final class BandCollector: @unchecked Sendable {
    /// Canvas size in pixels and rows per band (the last band may be shorter).
    public let width: Int, height: Int, bandHeight: Int
    private let lock = DispatchQueue(label: "collage.tests.band-collector")
    private var stored: [Int: [UInt8]] = [:]
    private var counts: [Int: Int] = [:]

    public init(width: Int, height: Int, bandHeight: Int) {
        self.width = width; self.height = height; self.bandHeight = bandHeight
    }

    /// Copies band `index` (valid only during the call, as the renderer hands it over).
    public func take(_ index: Int, _ pixels: UnsafePointer<UInt8>) {
        let rows = min(bandHeight, height - index * bandHeight)
        let copy = Array(UnsafeBufferPointer(start: pixels, count: rows * width * 4))
        lock.sync {
            counts[index, default: 0] += 1
            stored[index] = copy
        }
    }

    /// Copies canvas `rows` handed over top to bottom (`FinishedOutput.rows`),
    /// as bands of whatever height they come in: stored by their first row.
    public func takeRows(_ rows: Range<Int>, _ pixels: UnsafePointer<UInt8>) {
        let copy = Array(UnsafeBufferPointer(start: pixels, count: rows.count * width * 4))
        lock.sync {
            counts[rows.lowerBound, default: 0] += 1
            stored[rows.lowerBound] = copy
        }
    }

    /// How often each band came (by index; for `takeRows`, by first row).
    public var calls: [Int: Int] { lock.sync { counts } }
    /// Each band's bytes as they were at the call (keyed as `calls`).
    public var bytes: [Int: [UInt8]] { lock.sync { stored } }

    /// Every band's bytes top to bottom, or nil when a band is missing or
    /// came more than once.
    public var joined: [UInt8]? {
        lock.sync {
            guard counts.values.allSatisfy({ $0 == 1 }) else { return nil }
            let all = stored.keys.sorted().flatMap { stored[$0]! }
            return all.count == width * height * 4 ? all : nil
        }
    }
}
