/// `canvas` (docs/format.md).
extension Validator {
    /// `canvas`: optional `width`/`height` (1-32768 px a side, area at most
    /// `maxCanvasArea`), `background` (a paint; default opaque white),
    /// `compositing` (`css` or `linear`; another value is an error at it).
    mutating func readCanvas(_ entry: Node.Entry?) -> CanvasSpec {
        var canvas = CanvasSpec(location: entry?.keyLocation ?? documentStart)
        guard let entry, let keys = keys(of: entry.value, in: Vocabulary.canvas, key: "canvas") else { return canvas }
        let sides = 1...Self.maxCanvasSide
        if let dpi = keys["dpi"] { canvas.dpi = int(dpi.value, key: "dpi", range: 1...65535); self.dpi = canvas.dpi }
        if let width = keys["width"] { canvas.width = int(width.value, key: "width", range: sides, isCanvasSide: true) }
        if let height = keys["height"] { canvas.height = int(height.value, key: "height", range: sides, isCanvasSide: true) }
        readPaperSize(keys, into: &canvas)
        if let entry = keys["compositing"],
           let name = enumeration(entry.value, key: "compositing", allowed: CanvasSpec.Compositing.allCases.map(\.rawValue)),
           let compositing = CanvasSpec.Compositing(rawValue: name) {
            canvas.compositing = compositing
        }
        if let w = canvas.width, let h = canvas.height, w * h > Self.maxCanvasArea, let height = keys["height"] {
            report(.outOfRange, height.value.location,
                   "the canvas is \(w) × \(h) = \(w * h) pixels; the most is \(Self.maxCanvasArea) (16384 × 16384)")
            canvas.height = nil
        }
        // A mapping with `image`, or with a background image's keys and no `gradient`, is a background image.
        if let background = keys["background"], case .mapping(let entries) = background.value.content,
           entries.contains(where: { $0.key == "image" })
            || (!entries.contains { $0.key == "gradient" } && entries.contains { Vocabulary.backgroundImage.supported.contains($0.key) }) {
            if let image = readBackgroundImage(background.value) {
                canvas.background = image.color
                canvas.image = image
            }
        } else if let background = keys["background"], let paint = paint(background.value, key: "background") {
            switch paint {
            case .color(let color): canvas.background = color
            case .gradient(let gradient): canvas.background = RGBA(red: 0, green: 0, blue: 0, alpha: 0); canvas.gradient = gradient
            }
        }
        return canvas
    }
}
