import CollageRaster

/// What `focus: auto` or `focus: faces` chose for one photo in one cell.
public struct FocusChoice: Sendable, Hashable {
    public enum Strategy: String, Sendable, Hashable {
        /// `focus: auto`: the most salient window.
        case auto
        /// `focus: faces`: every kept face inside the window.
        case faces
        /// `focus: faces` found no face and fell back to `auto`.
        case autoNoFaces = "auto (no faces found)"
    }
    /// The crop window, oriented source pixels (fractional).
    public var window: Rect
    public var strategy: Strategy
    /// Every face detected, oriented source pixels, largest first.
    public var faces: [Rect]
    /// How many of `faces` (the largest) the window was made to keep.
    public var keptFaces: Int
    /// The share of the photo's saliency inside the window, 0...1.
    public var score: Double
}

/// Chooses the crop window for `focus: auto` and `focus: faces`.
public enum FocusWindow {
    /// Headroom kept around a face, as fractions of its box: above (hair),
    /// at the sides and below (chin).
    public static let headroom = (top: 0.5, side: 0.25, bottom: 0.3)

    /// - Parameters:
    ///   - size: the window's size, oriented source pixels (the cover
    ///     window of the cell's aspect, after `zoom`).
    ///   - area: where the window may go (the photo, or its `crop`), oriented source pixels.
    ///   - faces: detected faces in analysis pixels (largest first); nil for `focus: auto`.
    /// - Returns: the window, deterministic for the same inputs.
    public static func choose(size: (width: Double, height: Double), area: Rect, saliency: SaliencyMap,
                              scale: (x: Double, y: Double), faces: [Box]?) -> FocusChoice {
        let sourceFaces = (faces ?? []).map {
            Rect(x: Double($0.x) * scale.x, y: Double($0.y) * scale.y, width: Double($0.width) * scale.x, height: Double($0.height) * scale.y)
        }
        var rangeX = area.x...max(area.x, area.maxX - size.width)
        var rangeY = area.y...max(area.y, area.maxY - size.height)
        var kept = 0
        var strategy: FocusChoice.Strategy = faces == nil ? .auto : .autoNoFaces
        if !sourceFaces.isEmpty {
            strategy = .faces
            // The largest faces first: as many as fit, with headroom if that fits too.
            search: for count in stride(from: sourceFaces.count, through: 1, by: -1) {
                for padded in [true, false] {
                    let boxes = sourceFaces.prefix(count).map { padded ? pad($0, within: area) : clip($0, within: area) }
                    let union = boxes.dropFirst().reduce(boxes[0]) { unite($0, $1) }
                    if union.width <= size.width + 1e-9 && union.height <= size.height + 1e-9 {
                        rangeX = feasible(union.x, union.maxX, size.width, rangeX)
                        rangeY = feasible(union.y, union.maxY, size.height, rangeY)
                        kept = count
                        break search
                    }
                }
            }
            if kept == 0 {
                // Even the largest face alone is larger than the window: centre on it.
                let face = clip(sourceFaces[0], within: area)
                rangeX = clamped((face.x + face.width / 2) - size.width / 2, rangeX)...clamped((face.x + face.width / 2) - size.width / 2, rangeX)
                rangeY = clamped((face.y + face.height / 2) - size.height / 2, rangeY)...clamped((face.y + face.height / 2) - size.height / 2, rangeY)
            }
        }
        let (x, y, score) = bestPosition(size: size, rangeX: rangeX, rangeY: rangeY, saliency: saliency, scale: scale)
        return FocusChoice(window: Rect(x: x, y: y, width: size.width, height: size.height), strategy: strategy,
                           faces: sourceFaces, keptFaces: kept, score: score)
    }

    /// The window's top-left in the ranges (source pixels) keeping the most
    /// saliency, tried at every analysis pixel and both ends; ties go to the
    /// position nearest the range's centre, then the first in scan order.
    static func bestPosition(size: (width: Double, height: Double), rangeX: ClosedRange<Double>, rangeY: ClosedRange<Double>,
                             saliency: SaliencyMap, scale: (x: Double, y: Double)) -> (Double, Double, Double) {
        func candidates(_ range: ClosedRange<Double>, _ step: Double) -> [Double] {
            var list = [range.lowerBound]
            var k = (range.lowerBound / step).rounded(.up)
            while k * step < range.upperBound { if k * step > range.lowerBound { list.append(k * step) }; k += 1 }
            if range.upperBound > range.lowerBound { list.append(range.upperBound) }
            return list
        }
        let xs = candidates(rangeX, scale.x), ys = candidates(rangeY, scale.y)
        let total = max(saliency.total, 1e-12)
        let midX = (rangeX.lowerBound + rangeX.upperBound) / 2, midY = (rangeY.lowerBound + rangeY.upperBound) / 2
        var best = (x: xs[0], y: ys[0], value: -1.0, distance: Double.infinity)
        for y in ys {
            let y0 = y / scale.y, y1 = (y + size.height) / scale.y
            for x in xs {
                let value = saliency.sum(x0: x / scale.x, y0: y0, x1: (x + size.width) / scale.x, y1: y1)
                let distance = (x - midX) * (x - midX) + (y - midY) * (y - midY)
                // Within a relative 1e-9: the same value (float sums).
                if value > best.value + 1e-9 * total || (abs(value - best.value) <= 1e-9 * total && distance < best.distance) {
                    best = (x, y, value, distance)
                }
            }
        }
        return (best.x, best.y, min(1, max(0, best.value / total)))
    }

    static func pad(_ face: Rect, within area: Rect) -> Rect {
        clip(Rect(x: face.x - face.width * headroom.side, y: face.y - face.height * headroom.top,
                  width: face.width * (1 + 2 * headroom.side), height: face.height * (1 + headroom.top + headroom.bottom)), within: area)
    }

    static func clip(_ r: Rect, within area: Rect) -> Rect {
        let x0 = max(r.x, area.x), y0 = max(r.y, area.y), x1 = min(r.maxX, area.maxX), y1 = min(r.maxY, area.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    static func unite(_ a: Rect, _ b: Rect) -> Rect {
        let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
        return Rect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
    }

    /// The window starts that keep [low, high] inside a window of `length`, within `range`.
    static func feasible(_ low: Double, _ high: Double, _ length: Double, _ range: ClosedRange<Double>) -> ClosedRange<Double> {
        let a = clamped(high - length, range), b = clamped(low, range)
        return min(a, b)...max(a, b)
    }

    static func clamped(_ v: Double, _ range: ClosedRange<Double>) -> Double { min(max(v, range.lowerBound), range.upperBound) }
}

/// The `cover` window's size for an aspect ratio: the largest window of
/// that aspect inside the photo (as `FitGeometry.coverCrop`).
public enum CoverSize {
    /// - Parameter aspect: the cell's width / height (> 0).
    /// - Returns: oriented source pixels.
    public static func window(photo: Size, aspect: Double) -> (width: Double, height: Double) {
        let pw = Double(photo.width), ph = Double(photo.height)
        return pw / ph <= aspect ? (pw, pw / aspect) : (ph * aspect, ph)
    }
}
