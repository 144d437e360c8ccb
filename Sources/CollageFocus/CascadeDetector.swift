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
        let flat = FlatCascade(cascade)
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
            let evaluator = WindowEvaluator(cascade: flat, integral: integral)
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

/// Summed-area tables of one pyramid level, (width+1) x (height+1), in
/// memory of its own (the scan reads them through pointers).
final class Integral {
    let stride: Int
    let sums: UnsafeMutableBufferPointer<Int32>
    let squares: UnsafeMutableBufferPointer<Double>

    init(_ image: GreyImage, squares wantSquares: Bool) {
        stride = image.width + 1
        let count = stride * (image.height + 1)
        sums = .allocate(capacity: count)
        sums.initialize(repeating: 0)
        squares = .allocate(capacity: wantSquares ? count : 0)
        if wantSquares { squares.initialize(repeating: 0) }
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<image.height {
                var rowSum: Int32 = 0, rowSquares = 0.0
                for x in 0..<image.width {
                    let v = Int32(pixels[y * image.width + x])
                    rowSum += v
                    sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1] + rowSum
                    if wantSquares {
                        rowSquares += Double(v * v)
                        squares[(y + 1) * stride + x + 1] = squares[y * stride + x + 1] + rowSquares
                    }
                }
            }
        }
    }

    deinit { sums.deallocate(); squares.deallocate() }

    @inline(__always) func sum(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> Int32 {
        let a = y * stride + x, b = (y + h) * stride + x
        return sums[a] &- sums[a + w] &- sums[b] &+ sums[b + w]
    }

    @inline(__always) func squareSum(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> Double {
        let a = y * stride + x, b = (y + h) * stride + x
        return squares[a] - squares[a + w] - squares[b] + squares[b + w]
    }
}

/// A `Cascade` in flat arrays for the scan: no reference counting in the
/// loop over windows.
final class FlatCascade {
    let isLBP: Bool
    let windowWidth: Int, windowHeight: Int
    /// Each stage's end (exclusive) in the stump arrays, and its threshold.
    let stageEnd: UnsafeMutableBufferPointer<Int>
    let stageThreshold: UnsafeMutableBufferPointer<Float>
    let feature: UnsafeMutableBufferPointer<Int>
    let threshold: UnsafeMutableBufferPointer<Float>
    let left: UnsafeMutableBufferPointer<Float>, right: UnsafeMutableBufferPointer<Float>
    /// LBP: 8 words a stump.
    let subsets: UnsafeMutableBufferPointer<Int32>
    /// LBP: x, y, width, height a feature; Haar: 3 rectangles of 4 (a missing third all 0).
    let rects: UnsafeMutableBufferPointer<Int>
    /// Haar: 3 weights a feature (a missing third 0).
    let weights: UnsafeMutableBufferPointer<Float>

    init(_ cascade: Cascade) {
        windowWidth = cascade.windowWidth; windowHeight = cascade.windowHeight
        let stumps = cascade.stages.flatMap(\.stumps)
        stageEnd = .allocate(capacity: cascade.stages.count)
        stageThreshold = .allocate(capacity: cascade.stages.count)
        var end = 0
        for (i, stage) in cascade.stages.enumerated() {
            end += stage.stumps.count
            stageEnd[i] = end; stageThreshold[i] = stage.threshold
        }
        feature = .allocate(capacity: stumps.count); threshold = .allocate(capacity: stumps.count)
        left = .allocate(capacity: stumps.count); right = .allocate(capacity: stumps.count)
        for (i, stump) in stumps.enumerated() {
            feature[i] = stump.feature; threshold[i] = stump.threshold; left[i] = stump.left; right[i] = stump.right
        }
        switch cascade.features {
        case .lbp(let list):
            isLBP = true
            subsets = .allocate(capacity: stumps.count * 8)
            for (i, stump) in stumps.enumerated() { for j in 0..<8 { subsets[i * 8 + j] = stump.subset[j] } }
            rects = .allocate(capacity: list.count * 4)
            for (i, f) in list.enumerated() { rects[i * 4] = f.x; rects[i * 4 + 1] = f.y; rects[i * 4 + 2] = f.width; rects[i * 4 + 3] = f.height }
            weights = .allocate(capacity: 0)
        case .haar(let list):
            isLBP = false
            subsets = .allocate(capacity: 0)
            rects = .allocate(capacity: list.count * 12)
            rects.initialize(repeating: 0)
            weights = .allocate(capacity: list.count * 3)
            weights.initialize(repeating: 0)
            for (i, f) in list.enumerated() {
                for (k, r) in f.rects.prefix(3).enumerated() {
                    rects[i * 12 + k * 4] = r.x; rects[i * 12 + k * 4 + 1] = r.y
                    rects[i * 12 + k * 4 + 2] = r.width; rects[i * 12 + k * 4 + 3] = r.height
                    weights[i * 3 + k] = r.weight
                }
            }
        }
    }

    deinit {
        stageEnd.deallocate(); stageThreshold.deallocate(); feature.deallocate(); threshold.deallocate()
        left.deallocate(); right.deallocate(); subsets.deallocate(); rects.deallocate(); weights.deallocate()
    }
}

/// One cascade's stages on one level's integral.
struct WindowEvaluator {
    let cascade: FlatCascade
    let integral: Integral

    /// nil when every stage accepts the window at (x, y); else the index of
    /// the stage that rejects it, -1 for a Haar window too flat to normalise.
    @inline(__always) func firstFailedStage(x: Int, y: Int) -> Int? {
        cascade.isLBP ? lbpFailure(x, y) : haarFailure(x, y)
    }

    /// Categorical stumps on the 8-bit multi-block LBP code (OpenCV's
    /// `LBPEvaluator::OptFeature::calc` bit order).
    private func lbpFailure(_ x: Int, _ y: Int) -> Int? {
        let c = cascade
        var start = 0
        for stage in 0..<c.stageEnd.count {
            var total: Float = 0
            let end = c.stageEnd[stage]
            for i in start..<end {
                let f = c.feature[i] * 4
                let fx = x + c.rects[f], fy = y + c.rects[f + 1], w = c.rects[f + 2], h = c.rects[f + 3]
                @inline(__always) func block(_ i: Int, _ j: Int) -> Int32 { integral.sum(fx + i * w, fy + j * h, w, h) }
                let centre = block(1, 1)
                var code = 0
                if block(0, 0) >= centre { code |= 128 }
                if block(1, 0) >= centre { code |= 64 }
                if block(2, 0) >= centre { code |= 32 }
                if block(2, 1) >= centre { code |= 16 }
                if block(2, 2) >= centre { code |= 8 }
                if block(1, 2) >= centre { code |= 4 }
                if block(0, 2) >= centre { code |= 2 }
                if block(0, 1) >= centre { code |= 1 }
                let inSubset = c.subsets[i * 8 + (code >> 5)] & Int32(bitPattern: UInt32(1) << UInt32(code & 31)) != 0
                total += inSubset ? c.left[i] : c.right[i]
            }
            if total < c.stageThreshold[stage] { return stage }
            start = end
        }
        return nil
    }

    /// Ordered stumps on Haar features normalised by the window's standard
    /// deviation over its inner rectangle (1 pixel in from each side), as
    /// `HaarEvaluator::setWindow`; a nearly flat window is rejected.
    private func haarFailure(_ x: Int, _ y: Int) -> Int? {
        let c = cascade
        let nw = c.windowWidth - 2, nh = c.windowHeight - 2
        let area = Double(nw * nh)
        let sum = Double(integral.sum(x + 1, y + 1, nw, nh))
        let squares = integral.squareSum(x + 1, y + 1, nw, nh)
        var nf = area * squares - sum * sum
        guard nf > 0 else { return -1 }
        nf = nf.squareRoot()
        let norm = Float(1 / nf)
        if area * Double(norm) >= 0.1 { return -1 }
        var start = 0
        for stage in 0..<c.stageEnd.count {
            var total: Double = 0
            let end = c.stageEnd[stage]
            for i in start..<end {
                let f = c.feature[i]
                var value: Float = 0
                for k in 0..<3 {
                    let weight = c.weights[f * 3 + k]
                    if weight == 0 { continue }
                    let r = f * 12 + k * 4
                    value += weight * Float(integral.sum(x + c.rects[r], y + c.rects[r + 1], c.rects[r + 2], c.rects[r + 3]))
                }
                total += Double(value * norm < c.threshold[i] ? c.left[i] : c.right[i])
            }
            if total < Double(c.stageThreshold[stage]) { return stage }
            start = end
        }
        return nil
    }
}
