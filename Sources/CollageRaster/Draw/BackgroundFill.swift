/// Writes the canvas background only where no image draw overwrites it.
///
/// `SceneRenderer` starts from an unfilled canvas (`Pixmap(unfilledWidth:height:)`).
/// A direct image draw (`RenderPlan.direct`) owns its region: an opaque
/// photo at opacity 1 that covers the region writes every pixel of it
/// without reading the canvas, so the background there would be
/// overwritten unread; any other direct draw (transparent pixels, opacity
/// below 1, a rounded or rotated shape, a window partly off the photo)
/// writes the background into its own footprint first (`fill(_:canvas:)`,
/// on its worker thread). `fill(rows:canvas:)` writes everything outside
/// the direct footprints (gaps, padding, uncovered areas, under in-order
/// items) before the in-order compositing. Every canvas pixel thus holds
/// the background before anything is blended onto it, as if the whole
/// canvas had been filled first, and the 4 bytes a pixel of a grid's cells
/// are written once, by the workers, in parallel.
struct BackgroundFill {
    /// The background, written as is (straight alpha, not blended).
    let color: Color
    /// The footprints of the direct draws (pairwise disjoint), sorted by
    /// region `x`, by bands of `bandHeight` canvas rows: `bands[k]` holds
    /// those whose regions meet rows `k * bandHeight ..< (k + 1) * bandHeight`,
    /// so a row looks only at its band's (a tiled background is thousands).
    private let bands: [[Footprint]]
    private static let bandHeight = 32

    init(_ color: Color, plan: RenderPlan) {
        self.color = color
        let owned = plan.footprints.indices.filter { plan.direct[$0] && !plan.footprints[$0].region.isEmpty }
            .map { plan.footprints[$0] }.sorted { $0.region.x < $1.region.x }
        let height = owned.map(\.region.maxY).max() ?? 0
        var bands = [[Footprint]](repeating: [], count: (height + Self.bandHeight - 1) / Self.bandHeight)
        for footprint in owned {
            for k in footprint.region.y / Self.bandHeight ... (footprint.region.maxY - 1) / Self.bandHeight { bands[k].append(footprint) }
        }
        self.bands = bands
    }

    /// Writes the background into canvas `rows` (y down), except inside the
    /// footprints of direct draws.
    func fill(rows: Range<Int>, canvas: CanvasPixels) {
        var spans: [Range<Int>] = []
        for y in rows {
            spans.removeAll(keepingCapacity: true)
            var sorted = true
            let band = y / Self.bandHeight
            for footprint in bands.indices.contains(band) ? bands[band] : [] where footprint.region.y <= y && y < footprint.region.maxY {
                let columns = footprint.columns(ofRow: y)
                guard !columns.isEmpty else { continue }
                if let last = spans.last, last.lowerBound > columns.lowerBound { sorted = false }
                spans.append(columns)
            }
            // Tilted footprints' spans need not come in the order of their regions.
            if !sorted { spans.sort { $0.lowerBound < $1.lowerBound } }
            var x = 0
            for span in spans {
                if span.lowerBound > x { fill(canvas.pixel(x: x, y: y), count: span.lowerBound - x) }
                x = Swift.max(x, span.upperBound)
            }
            if x < canvas.width { fill(canvas.pixel(x: x, y: y), count: canvas.width - x) }
        }
    }

    /// Writes the background into all of `footprint` (canvas pixels, inside the canvas).
    func fill(_ footprint: Footprint, canvas: CanvasPixels) {
        let region = footprint.region
        for y in region.y ..< region.maxY {
            let columns = footprint.columns(ofRow: y)
            if !columns.isEmpty { fill(canvas.pixel(x: columns.lowerBound, y: y), count: columns.count) }
        }
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
