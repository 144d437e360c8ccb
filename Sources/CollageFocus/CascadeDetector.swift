/// A rectangle in whole pixels (analysis pixels, origin top-left, y down).
public struct Box: Sendable, Hashable, Codable, CustomStringConvertible {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }
    public var area: Int { width * height }
    public var description: String { "(\(x), \(y), \(width)x\(height))" }

    /// Intersection over union, 0...1.
    public func iou(_ other: Box) -> Double {
        let w = min(x + width, other.x + other.width) - max(x, other.x)
        let h = min(y + height, other.y + other.height) - max(y, other.y)
        guard w > 0, h > 0 else { return 0 }
        let inter = Double(w * h)
        return inter / (Double(area + other.area) - inter)
    }
}

/// The parameters of OpenCV's `CascadeClassifier::detectMultiScale`.
public struct DetectionParameters: Sendable, Hashable {
    /// Each pyramid level shrinks the image by this factor (> 1); OpenCV's default 1.1.
    public var scaleFactor: Double
    /// A face needs more than this many raw detections grouped into it; OpenCV's default 3.
    public var minNeighbors: Int
    /// The smallest window tried, analysis pixels; the cascade's window when smaller.
    public var minSize: Int
    public init(scaleFactor: Double = 1.1, minNeighbors: Int = 3, minSize: Int = 0) {
        self.scaleFactor = scaleFactor; self.minNeighbors = minNeighbors; self.minSize = minSize
    }
}

/// Runs a `Cascade` over an image as OpenCV's `detectMultiScale` does:
/// the scale pyramid (factor 1, f, f², ... while the window fits; levels
/// whose window is under `minSize` skipped), each level the image resized
/// (`GreyImage.resizedLinear`) to round(size / scale), windows every 2
/// pixels below scale 2 and every pixel from 2 up (a window the first stage
/// rejects skips the next in its row), the stages in order (a window fails
/// at the first stage whose sum is below its threshold), hits
/// mapped back as (round(x·scale), round(y·scale), round(window·scale)),
/// then `RectangleGrouping.group` with `minNeighbors` and eps 0.2.
public enum CascadeDetector {
    public static func detect(_ cascade: Cascade, in image: GreyImage, parameters: DetectionParameters) -> [Box] {
        let raw = rawDetections(cascade, in: image, parameters: parameters)
        return RectangleGrouping.group(raw, threshold: parameters.minNeighbors, eps: 0.2)
    }

    /// The windows every level accepts, before grouping.
    public static func rawDetections(_ cascade: Cascade, in image: GreyImage, parameters: DetectionParameters) -> [Box] {
        guard image.width > 0, image.height > 0, parameters.scaleFactor > 1 else { return [] }
        var hits: [Box] = []
        var factor = 1.0
        while true {
            let windowW = Int((Double(cascade.windowWidth) * factor).rounded(.toNearestOrEven))
            let windowH = Int((Double(cascade.windowHeight) * factor).rounded(.toNearestOrEven))
            if windowW > image.width || windowH > image.height { break }
            defer { factor *= parameters.scaleFactor }
            if windowW < parameters.minSize || windowH < parameters.minSize { continue }
            let scale = Float(factor)
            // The hit's size as OpenCV's invoker rounds it (from the float scale).
            let hitW = Int((Float(cascade.windowWidth) * scale).rounded(.toNearestOrEven))
            let hitH = Int((Float(cascade.windowHeight) * scale).rounded(.toNearestOrEven))
            let levelW = Int((Float(image.width) / scale).rounded(.toNearestOrEven))
            let levelH = Int((Float(image.height) / scale).rounded(.toNearestOrEven))
            let level = image.resizedLinear(width: levelW, height: levelH)
            let integral = Integral(level, squares: { if case .haar = cascade.features { true } else { false } }())
            let step = scale >= 2 ? 1 : 2
            let spanX = levelW + 1 - cascade.windowWidth, spanY = levelH + 1 - cascade.windowHeight
            guard spanX > 0, spanY > 0 else { continue }
            let evaluator = WindowEvaluator(cascade: cascade, integral: integral)
            var y = 0
            while y < spanY {
                var x = 0
                while x < spanX {
                    let stage = evaluator.firstFailedStage(x: x, y: y)
                    if stage == nil {
                        hits.append(Box(x: Int((Float(x) * scale).rounded(.toNearestOrEven)),
                                        y: Int((Float(y) * scale).rounded(.toNearestOrEven)),
                                        width: hitW, height: hitH))
                    }
                    // As OpenCV: a window its first stage rejects skips the next one too.
                    x += stage == 0 ? 2 * step : step
                }
                y += step
            }
        }
        return hits
    }
}

/// Summed-area tables of one pyramid level, (width+1) x (height+1).
struct Integral {
    let stride: Int
    var sums: [Int32]
    var squares: [Double]
    init(_ image: GreyImage, squares wantSquares: Bool) {
        stride = image.width + 1
        sums = [Int32](repeating: 0, count: stride * (image.height + 1))
        squares = wantSquares ? [Double](repeating: 0, count: sums.count) : []
        for y in 0..<image.height {
            var rowSum: Int32 = 0, rowSquares = 0.0
            for x in 0..<image.width {
                let v = Int32(image.pixels[y * image.width + x])
                rowSum += v
                sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1] + rowSum
                if wantSquares {
                    rowSquares += Double(v * v)
                    squares[(y + 1) * stride + x + 1] = squares[y * stride + x + 1] + rowSquares
                }
            }
        }
    }

    @inline(__always) func sum(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> Int32 {
        let a = y * stride + x, b = (y + h) * stride + x
        return sums[a] - sums[a + w] - sums[b] + sums[b + w]
    }

    @inline(__always) func squareSum(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> Double {
        let a = y * stride + x, b = (y + h) * stride + x
        return squares[a] - squares[a + w] - squares[b] + squares[b + w]
    }
}

/// One cascade's stages on one level's integral.
struct WindowEvaluator {
    let cascade: Cascade
    let integral: Integral

    /// nil when every stage accepts the window at (x, y); else the index of
    /// the stage that rejects it, -1 for a Haar window too flat to normalise.
    func firstFailedStage(x: Int, y: Int) -> Int? {
        switch cascade.features {
        case .lbp(let features): return lbpFailure(features, x, y)
        case .haar(let features): return haarFailure(features, x, y)
        }
    }

    /// Categorical stumps on the 8-bit multi-block LBP code (OpenCV's
    /// `LBPEvaluator::OptFeature::calc` bit order).
    private func lbpFailure(_ features: [Cascade.LBPFeature], _ x: Int, _ y: Int) -> Int? {
        for (index, stage) in cascade.stages.enumerated() {
            var total: Float = 0
            for stump in stage.stumps {
                let f = features[stump.feature]
                let fx = x + f.x, fy = y + f.y, w = f.width, h = f.height
                @inline(__always) func block(_ i: Int, _ j: Int) -> Int32 { integral.sum(fx + i * w, fy + j * h, w, h) }
                let c = block(1, 1)
                var code = 0
                if block(0, 0) >= c { code |= 128 }
                if block(1, 0) >= c { code |= 64 }
                if block(2, 0) >= c { code |= 32 }
                if block(2, 1) >= c { code |= 16 }
                if block(2, 2) >= c { code |= 8 }
                if block(1, 2) >= c { code |= 4 }
                if block(0, 2) >= c { code |= 2 }
                if block(0, 1) >= c { code |= 1 }
                let inSubset = stump.subset[code >> 5] & Int32(bitPattern: UInt32(1) << UInt32(code & 31)) != 0
                total += inSubset ? stump.left : stump.right
            }
            if total < stage.threshold { return index }
        }
        return nil
    }

    /// Ordered stumps on Haar features normalised by the window's standard
    /// deviation over its inner rectangle (1 pixel in from each side), as
    /// `HaarEvaluator::setWindow`; a nearly flat window is rejected.
    private func haarFailure(_ features: [Cascade.HaarFeature], _ x: Int, _ y: Int) -> Int? {
        let nw = cascade.windowWidth - 2, nh = cascade.windowHeight - 2
        let area = Double(nw * nh)
        let sum = Double(integral.sum(x + 1, y + 1, nw, nh))
        let squares = integral.squareSum(x + 1, y + 1, nw, nh)
        var nf = area * squares - sum * sum
        guard nf > 0 else { return -1 }
        nf = nf.squareRoot()
        let norm = Float(1 / nf)
        if area * Double(norm) >= 0.1 { return -1 }
        for (index, stage) in cascade.stages.enumerated() {
            var total: Double = 0
            for stump in stage.stumps {
                var value: Float = 0
                for r in features[stump.feature].rects {
                    value += r.weight * Float(integral.sum(x + r.x, y + r.y, r.width, r.height))
                }
                total += Double(value * norm < stump.threshold ? stump.left : stump.right)
            }
            if total < Double(stage.threshold) { return index }
        }
        return nil
    }
}
