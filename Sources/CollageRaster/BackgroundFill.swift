/// Writes the canvas background only where no image draw overwrites it.
///
/// `SceneRenderer` starts from an unfilled canvas (`Pixmap(unfilledWidth:height:)`).
/// A direct image draw (`RenderPlan.direct`) owns its region: an opaque
/// photo at opacity 1 that covers the region writes every pixel of it
/// without reading the canvas, so the background there would be
/// overwritten unread; any other direct draw (transparent pixels, opacity
/// below 1, a rounded or rotated shape, a window partly off the photo)
/// writes the background into its own region first (`fill(region:canvas:)`,
/// on its worker thread). `fill(rows:canvas:)` writes everything outside
/// the direct regions (gaps, padding, uncovered areas, under in-order
/// items) before the in-order compositing. Every canvas pixel thus holds
/// the background before anything is blended onto it, as if the whole
/// canvas had been filled first, and the 4 bytes a pixel of a grid's cells
/// are written once, by the workers, in parallel.
struct BackgroundFill {
    /// The background, written as is (straight alpha, not blended).
    let color: Color
    /// The regions of the direct draws (pairwise disjoint), sorted by `x`.
    private let owned: [PixelRect]

    init(_ color: Color, plan: RenderPlan) {
        self.color = color
        owned = plan.regions.indices.filter { plan.direct[$0] }.map { plan.regions[$0] }.sorted { $0.x < $1.x }
    }

    /// Writes the background into canvas `rows` (y down), except inside the
    /// regions of direct draws.
    func fill(rows: Range<Int>, canvas: CanvasPixels) {
        var spans: [PixelRect] = []
        for y in rows {
            spans.removeAll(keepingCapacity: true)
            for rect in owned where rect.y <= y && y < rect.maxY { spans.append(rect) }
            var x = 0
            for rect in spans {
                if rect.x > x { fill(canvas.pixel(x: x, y: y), count: rect.x - x) }
                x = Swift.max(x, rect.maxX)
            }
            if x < canvas.width { fill(canvas.pixel(x: x, y: y), count: canvas.width - x) }
        }
    }

    /// Writes the background into all of `region` (canvas pixels, inside the canvas).
    func fill(region: PixelRect, canvas: CanvasPixels) {
        for y in region.y ..< region.maxY { fill(canvas.pixel(x: region.x, y: y), count: region.width) }
    }

    /// `count` pixels of `color` from `target` on.
    private func fill(_ target: UnsafeMutablePointer<UInt8>, count: Int) {
        // The four bytes R, G, B, A in memory order, whatever the byte order.
        var pattern: UInt32 = 0
        withUnsafeMutableBytes(of: &pattern) { bytes in
            bytes[0] = color.red; bytes[1] = color.green; bytes[2] = color.blue; bytes[3] = color.alpha
        }
        let raw = UnsafeMutableRawPointer(target)
        for i in 0 ..< count { raw.storeBytes(of: pattern, toByteOffset: i &* 4, as: UInt32.self) }
    }
}
