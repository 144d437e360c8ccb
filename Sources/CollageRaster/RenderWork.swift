import Dispatch

/// The shared state of one render's worker threads: the queue of images
/// still to decode (largest first), the resampled draws that wait to be
/// composited in scene order, and the errors thrown by the image provider.
/// Every access goes through a serial queue.
final class RenderWork: @unchecked Sendable {
    /// A resampled draw kept for in-order compositing: `region.width *
    /// region.height` pixels of premultiplied linear R, G, B, A floats.
    struct HeldDraw {
        let region: PixelRect
        var pixels: [Float]
        /// Opaque photo at opacity 1: written without reading the canvas.
        let opaque: Bool
        let opacity: Float
    }

    private let lock = DispatchQueue(label: "collage.raster.render-work")
    private var pending: [Int]
    private var next = 0
    private var held: [Int: HeldDraw] = [:]
    /// Rows of each held draw composited so far.
    private var compositedRows: [Int: Int] = [:]
    private var errors: [Int: any Error] = [:]
    private var finished = 0
    private let progress: SceneRenderer.Progress?

    /// - Parameters:
    ///   - order: image indices in the order they should be taken.
    ///   - progress: told after each image is drawn (serially).
    init(order: [Int], progress: SceneRenderer.Progress? = nil) {
        pending = order
        self.progress = progress
    }

    /// Counts one image as drawn and reports it; reports are serial.
    func imageFinished() {
        lock.sync {
            finished += 1
            progress?(finished, pending.count)
        }
    }

    /// The next image to decode, or nil when all are taken.
    func takeImage() -> Int? {
        lock.sync {
            guard next < pending.count else { return nil }
            defer { next += 1 }
            return pending[next]
        }
    }

    func hold(_ draw: HeldDraw, item: Int) { lock.sync { held[item] = draw } }

    /// Builds the held draw of `item` row by row (canvas row `y` of `region`),
    /// for draws that produce rows in canvas coordinates (`ShapedImageDraw`).
    /// Only the thread drawing `item` calls this for it.
    func append(row values: UnsafeMutableBufferPointer<Float>, of item: Int, region: PixelRect, y: Int, opacity: Float) {
        lock.sync {
            var draw = held.removeValue(forKey: item) ?? HeldDraw(region: region,
                pixels: [Float](repeating: 0, count: region.width * region.height * 4), opaque: false, opacity: opacity)
            let start = (y - region.y) * region.width * 4
            draw.pixels.withUnsafeMutableBufferPointer { tile in
                for k in 0 ..< region.width * 4 { tile[start + k] = values[k] }
            }
            held[item] = draw
        }
    }

    /// The held draw of `item`, left in place (for compositing part of its rows).
    func heldDraw(item: Int) -> HeldDraw? { lock.sync { held[item] } }

    /// Counts `count` more rows of held draw `item` as composited (bands may
    /// come in any order, from several threads); the draw is freed once all
    /// of its rows are.
    func composited(rows count: Int, ofHeldDraw item: Int) {
        lock.sync {
            guard let draw = held[item] else { return }
            let done = compositedRows[item, default: 0] + count
            if done >= draw.region.height {
                held[item] = nil
                compositedRows[item] = nil
            } else {
                compositedRows[item] = done
            }
        }
    }

    func fail(image: Int, error: any Error) { lock.sync { errors[image] = error } }

    /// The error of the lowest-numbered image that failed, if any.
    var firstError: (any Error)? {
        lock.sync { errors.keys.min().flatMap { errors[$0] } }
    }
}
