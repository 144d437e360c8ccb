import CollageLayout
import CollageRaster
import CollageSpec

/// Print preflight (issue 38, docs/print.md "Preflight"): what would print
/// badly, from the layout and the photo headers alone. It runs in `check`
/// and `render` for a document with `print:`, and in `check --print` for any
/// document. Each diagnostic is located at the item that causes it.
public enum PrintPreflight {
    /// Below this many photo pixels per inch at print size: a warning.
    public static let goodPPI = 300.0
    /// Below this: an error.
    public static let minimumPPI = 150.0
    /// Text smaller than this many points at print size: a warning.
    public static let minimumTextPoints = 6.0
    /// Strokes thinner than this many points: a warning.
    public static let minimumStrokePoints = 0.25
    /// The dpi `check --print` assumes for a document without `canvas.dpi` or `output.dpi`.
    public static let assumedDPI = 300

    /// `render`'s preflight of a document with `print:`: its warnings join
    /// `prepared.warnings` (errors under `--strict`), an error stops the
    /// render before anything is decoded. Nothing without `print:`.
    /// - Throws: `CollageError.diagnostics` with the warnings and the preflight's findings.
    public static func apply(to prepared: inout CollageRenderer.Prepared) throws(CollageError) {
        guard prepared.spec.print != nil else { return }
        let found = diagnostics(prepared)
        if found.contains(where: { $0.severity == .error }) {
            throw .diagnostics(DiagnosticList(prepared.warnings + found, source: prepared.spec.source))
        }
        prepared.warnings += found
    }

    /// The diagnostics of `prepared`, in document order: photos (resolution,
    /// bleed), then overlays (bleed, safe zone, text size, strokes).
    public static func diagnostics(_ prepared: CollageRenderer.Prepared) -> [Diagnostic] {
        let spec = prepared.spec, layout = prepared.layout
        let dpi = spec.canvas.dpi ?? spec.output.dpi ?? assumedDPI
        let frame = layout.print ?? PrintFrame(PrintSpec(dpi: dpi, location: spec.canvas.location), canvas: layout.canvas)
        var found: [Diagnostic] = []
        for placement in layout.photos {
            let photo = spec.photos[placement.photo]
            found += resolution(placement, photo: photo, dpi: dpi)
            if let short = shortOfBleed(placement.destination, rotation: placement.rotation, frame: frame) {
                found.append(Diagnostic(.invalidValue, at: photo.srcLocation,
                    "photo '\(photo.id)' touches the trim on the \(short) but does not reach the bleed edge there",
                    severity: .warning, notes: [photo.fit == .contain ? "a 'contain' photo is not grown into the bleed; use 'fit: cover'"
                            : "a turned photo is not grown into the bleed; extend it past the trim by the bleed"]))
            }
        }
        if let background = layout.background, let image = spec.canvas.image {
            let covered = background.pieces.reduce(nil as PixelRect?) { box, piece in box.map { union($0, piece.destination) } ?? piece.destination }
            if let covered, let short = shortOfBleed(covered, rotation: 0, frame: frame) {
                found.append(Diagnostic(.invalidValue, at: image.srcLocation,
                    "the background image touches the trim on the \(short) but does not reach the bleed edge there",
                    severity: .warning, notes: ["use 'fit: cover' or 'tile' for a background that fills the bleed"]))
            }
        }
        let context = OverlayDrawingContext(spec: spec, layout: layout, textBlocks: prepared.textBlocks)
        for overlayFrame in layout.overlays {
            let overlay = spec.overlays[overlayFrame.overlay]
            let what = "\(overlay.kindName.rawValue) overlay \(overlayFrame.overlay + 1)"
            if let bounds = bounds(of: overlayFrame, context: context) {
                if !contains(frame.trim, bounds) {
                    found.append(Diagnostic(.invalidValue, at: overlay.location,
                        "\(what) reaches into the bleed (\(describe(bounds))): it may be cut off at the trim",
                        severity: .warning, notes: ["keep text, shapes and images inside the trim (0, 0, \(frame.trim.width)x\(frame.trim.height))"]))
                } else if frame.safe != frame.trim, !contains(frame.safe, bounds) {
                    found.append(Diagnostic(.invalidValue, at: overlay.location,
                        "\(what) lies outside the safe zone (\(describe(bounds)) is not inside \(describe(frame.safe)))",
                        severity: .warning))
                }
            }
            if let text = overlay.text, let block = prepared.textBlocks.first(where: { $0.overlay == overlayFrame.overlay }) {
                let points = PhysicalLength.points(pixels: block.size, dpi: dpi)
                if points < minimumTextPoints {
                    found.append(Diagnostic(.invalidValue, at: text.font.sizeLocation ?? overlay.location,
                        "\(what) is set at \(format(points)) pt (\(format(block.size)) px at \(dpi) dpi), smaller than \(format(minimumTextPoints)) pt at print size",
                        severity: .warning))
                }
                if let stroke = text.style.stroke {
                    found += thinStroke(stroke.width.resolved(reference: block.size), what: what,
                                        at: stroke.widthLocation ?? overlay.location, dpi: dpi)
                }
            }
            if let shape = overlay.shape, let stroke = shape.stroke {
                found += thinStroke(stroke.width, what: what, at: stroke.widthLocation ?? overlay.location, dpi: dpi)
            }
        }
        return found
    }

    /// A photo printed below `goodPPI` (warning) or `minimumPPI` (error) at its size.
    static func resolution(_ placement: PhotoPlacement, photo: PhotoSpec, dpi: Int) -> [Diagnostic] {
        let d = placement.destination
        guard d.width > 0, d.height > 0 else { return [] }
        // Source pixels per printed inch, the lower of the two axes.
        let ppi = min(placement.crop.width / Double(d.width), placement.crop.height / Double(d.height)) * Double(dpi)
        let inches = "\(format(Double(d.width) / Double(dpi)))x\(format(Double(d.height) / Double(dpi))) in"
        if ppi < minimumPPI {
            return [Diagnostic(.outOfRange, at: photo.srcLocation,
                "photo '\(photo.id)' prints at \(Int(checked: ppi)) ppi at \(inches), below \(Int(checked: minimumPPI)) ppi: it will print blurred",
                notes: ["use a larger photo, or give it a smaller cell"])]
        }
        if ppi < goodPPI {
            return [Diagnostic(.outOfRange, at: photo.srcLocation,
                "photo '\(photo.id)' prints at \(Int(checked: ppi)) ppi at \(inches), below \(Int(checked: goodPPI)) ppi: it may print soft",
                severity: .warning)]
        }
        return []
    }

    static func thinStroke(_ pixels: Double, what: String, at location: SourceLocation, dpi: Int) -> [Diagnostic] {
        let points = PhysicalLength.points(pixels: pixels, dpi: dpi)
        guard pixels > 0, points < minimumStrokePoints else { return [] }
        return [Diagnostic(.invalidValue, at: location,
            "\(what) has a stroke of \(format(points)) pt (\(format(pixels)) px at \(dpi) dpi), thinner than \(format(minimumStrokePoints)) pt: it may not print",
            severity: .warning)]
    }

    /// The sides on which `box` touches the trim but stops short of the bleed
    /// edge ("left and top"); nil when none. A turned box is taken as touching
    /// wherever its bounding box does.
    static func shortOfBleed(_ box: PixelRect, rotation: Double, frame: PrintFrame) -> String? {
        let trim = frame.trim, bleed = frame.bleed
        guard bleed != trim || rotation != 0 else { return nil }
        var sides: [String] = []
        if box.x <= trim.x, box.x > bleed.x || rotation != 0 { sides.append("left") }
        if box.y <= trim.y, box.y > bleed.y || rotation != 0 { sides.append("top") }
        if box.maxX >= trim.maxX, box.maxX < bleed.maxX || rotation != 0 { sides.append("right") }
        if box.maxY >= trim.maxY, box.maxY < bleed.maxY || rotation != 0 { sides.append("bottom") }
        return sides.isEmpty || bleed == trim ? nil : sides.joined(separator: " and ")
    }

    /// The device bounds of what an overlay draws (its `collage layout --json` `bounds`).
    static func bounds(of frame: OverlayFrame, context: OverlayDrawingContext) -> PixelRect? {
        guard case .object(let entries)? = frame.report(context), let bounds = entries.first(where: { $0.0 == "bounds" })?.1,
              case .object(let rect) = bounds else { return nil }
        func value(_ key: String) -> Double? {   // whole pixels, or fractional device bounds
            switch rect.first(where: { $0.0 == key })?.1 {
            case .int(let v)?: Double(v)
            case .number(let v)?: v
            default: nil
            }
        }
        guard let x = value("x"), let y = value("y"), let w = value("width"), let h = value("height") else { return nil }
        let left = Int(checked: x, .down), top = Int(checked: y, .down)
        return PixelRect(x: left, y: top, width: Int(checked: x + w, .up) - left, height: Int(checked: y + h, .up) - top)
    }

    static func contains(_ outer: PixelRect, _ inner: PixelRect) -> Bool {
        inner.x >= outer.x && inner.y >= outer.y && inner.maxX <= outer.maxX && inner.maxY <= outer.maxY
    }

    static func union(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        let x = min(a.x, b.x), y = min(a.y, b.y)
        return PixelRect(x: x, y: y, width: max(a.maxX, b.maxX) - x, height: max(a.maxY, b.maxY) - y)
    }

    static func describe(_ r: PixelRect) -> String { "\(r.x), \(r.y), \(r.width)x\(r.height)" }
    static func format(_ value: Double) -> String { NumberText.plain((value * 100).rounded() / 100) }
}
