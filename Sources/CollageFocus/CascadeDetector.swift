import Dispatch

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
///
/// The scan reads each level's summed-area tables through pointers, with
/// every feature's corner offsets computed once per level; the result does
/// not depend on how many threads run (the levels are scanned in order).
public enum CascadeDetector {
    public static func detect(_ cascade: Cascade, in image: GreyImage, parameters: DetectionParameters) -> [Box] {
        detect(ScanCascade(cascade), in: image, parameters: parameters)
    }

    /// As `detect(_:in:parameters:)`, with the cascade already laid out for the scan (reused across images).
    public static func detect(_ cascade: ScanCascade, in image: GreyImage, parameters: DetectionParameters) -> [Box] {
        let raw = rawDetections(cascade, in: image, parameters: parameters)
        return RectangleGrouping.group(raw, threshold: parameters.minNeighbors, eps: 0.2)
    }

    /// The windows every level accepts, before grouping.
    public static func rawDetections(_ cascade: Cascade, in image: GreyImage, parameters: DetectionParameters) -> [Box] {
        rawDetections(ScanCascade(cascade), in: image, parameters: parameters)
    }

    /// The windows every level accepts, before grouping, in level order, then row, then column.
    public static func rawDetections(_ cascade: ScanCascade, in image: GreyImage, parameters: DetectionParameters) -> [Box] {
        guard image.width > 0, image.height > 0, parameters.scaleFactor > 1 else { return [] }
        var hits: [Box] = []
        var factor = 1.0
        var tables: LevelTables?
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
            let spanX = levelW + 1 - cascade.windowWidth, spanY = levelH + 1 - cascade.windowHeight
            guard spanX > 0, spanY > 0 else { continue }
            let level = image.resizedLinear(width: levelW, height: levelH)
            // The first level scanned is the largest: its tables serve every later one.
            if tables == nil { tables = LevelTables(capacity: (levelW + 1) * (levelH + 1), squares: !cascade.isLBP) }
            tables!.fill(level)
            let offsets = cascade.offsets(stride: levelW + 1)
            let step = scale >= 2 ? 1 : 2
            tables!.sums.withUnsafeBufferPointer { sums in
                tables!.squares.withUnsafeBufferPointer { squares in
                    offsets.withUnsafeBufferPointer { offsets in
                        let scan = WindowScan(cascade: cascade, sums: sums.baseAddress!, squares: squares.baseAddress,
                                              offsets: offsets.baseAddress!, stride: levelW + 1)
                        var y = 0
                        while y < spanY {
                            var x = 0
                            while x < spanX {
                                let stage = scan.firstFailedStage(x: x, y: y)
                                if stage == Int.max {
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
                }
            }
        }
        return hits
    }
}

/// Summed-area tables of one pyramid level, (width+1) x (height+1), row
/// stride width+1: the sums as Int32, the squares as UInt32 wrapping, as
/// OpenCV keeps them (a window's difference is exact: it is below 2^32).
struct LevelTables {
    var sums: [Int32]
    var squares: [UInt32]

    init(capacity: Int, squares wantSquares: Bool) {
        sums = [Int32](repeating: 0, count: capacity)
        squares = [UInt32](repeating: 0, count: wantSquares ? capacity : 0)
    }

    mutating func fill(_ image: GreyImage) {
        let w = image.width, h = image.height, stride = w + 1
        let wantSquares = !squares.isEmpty
        image.pixels.withUnsafeBufferPointer { pixels in
            sums.withUnsafeMutableBufferPointer { sums in
                squares.withUnsafeMutableBufferPointer { squares in
                    let p = pixels.baseAddress!, s = sums.baseAddress!
                    for x in 0...w { s[x] = 0 }
                    if wantSquares { for x in 0...w { squares[x] = 0 } }
                    for y in 0..<h {
                        let row = p + y * w, above = s + y * stride, here = s + (y + 1) * stride
                        here[0] = 0
                        var rowSum: Int32 = 0
                        for x in 0..<w {
                            rowSum &+= Int32(row[x])
                            here[x + 1] = above[x + 1] &+ rowSum
                        }
                        if wantSquares {
                            let q = squares.baseAddress!, qAbove = q + y * stride, qHere = q + (y + 1) * stride
                            qHere[0] = 0
                            var rowSquares: UInt32 = 0
                            for x in 0..<w {
                                let v = UInt32(row[x])
                                rowSquares &+= v &* v
                                qHere[x + 1] = qAbove[x + 1] &+ rowSquares
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A `Cascade` laid out for the scan: one record per stump, in stage order,
/// holding its feature's rectangles (so the scan never looks a feature up),
/// in memory of its own read through pointers (no reference counting in the
/// loop over windows). Built once per cascade (`FaceDetector` keeps its
/// two); immutable, read by any number of threads.
public final class ScanCascade: @unchecked Sendable {
    let isLBP: Bool
    let windowWidth: Int, windowHeight: Int
    let stageCount: Int, stumpCount: Int
    /// Each stage's end (exclusive) in the stump records, and its threshold.
    let stageEnd: UnsafeMutablePointer<Int>
    let stageThreshold: UnsafeMutablePointer<Float>
    /// Per stump: Haar threshold (unused for LBP), left and right leaves.
    let threshold: UnsafeMutablePointer<Float>, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>
    /// LBP: 8 words a stump.
    let subsets: UnsafeMutablePointer<Int32>
    /// Haar: 3 weights a stump (a missing third 0, which adds exactly 0).
    let weights: UnsafeMutablePointer<Float>
    /// Per stump: the most the stumps after it in its stage can still add
    /// (the sum of their larger leaves), so the scan can stop a stage once
    /// its threshold is out of reach; the stage that rejects a window stays the same.
    let reachable: UnsafeMutablePointer<Double>
    /// Per stump, window pixels: LBP x, y, block width, block height;
    /// Haar 3 rectangles of x, y, width, height (a missing third all 0).
    let rects: [Int]

    public init(_ cascade: Cascade) {
        windowWidth = cascade.windowWidth; windowHeight = cascade.windowHeight
        let stumps = cascade.stages.flatMap(\.stumps)
        stageCount = cascade.stages.count; stumpCount = stumps.count
        func copy<T>(_ values: [T]) -> UnsafeMutablePointer<T> {
            let p = UnsafeMutablePointer<T>.allocate(capacity: max(values.count, 1))
            _ = UnsafeMutableBufferPointer(start: p, count: values.count).initialize(from: values)
            return p
        }
        var ends: [Int] = [], end = 0
        var reach: [Double] = []
        for stage in cascade.stages {
            end += stage.stumps.count; ends.append(end)
            var after = [Double](repeating: 0, count: stage.stumps.count)
            var sum = 0.0
            for i in stage.stumps.indices.reversed() {
                after[i] = sum
                sum += Double(max(stage.stumps[i].left, stage.stumps[i].right))
            }
            reach += after
        }
        stageEnd = copy(ends)
        reachable = copy(reach)
        stageThreshold = copy(cascade.stages.map(\.threshold))
        threshold = copy(stumps.map(\.threshold)); left = copy(stumps.map(\.left)); right = copy(stumps.map(\.right))
        switch cascade.features {
        case .lbp(let list):
            isLBP = true
            subsets = copy(stumps.flatMap { $0.subset.count == 8 ? $0.subset : [Int32](repeating: 0, count: 8) })
            rects = stumps.flatMap { stump -> [Int] in
                let f = list[stump.feature]
                return [f.x, f.y, f.width, f.height]
            }
            weights = copy([Float]())
        case .haar(let list):
            isLBP = false
            subsets = copy([Int32]())
            var r: [Int] = [], w: [Float] = []
            for stump in stumps {
                let rectangles = list[stump.feature].rects
                for k in 0..<3 {
                    if k < rectangles.count {
                        let q = rectangles[k]
                        r += [q.x, q.y, q.width, q.height]; w.append(q.weight)
                    } else {
                        r += [0, 0, 0, 0]; w.append(0)
                    }
                }
            }
            rects = r; weights = copy(w)
        }
    }

    deinit {
        stageEnd.deallocate(); stageThreshold.deallocate(); threshold.deallocate(); left.deallocate(); right.deallocate()
        subsets.deallocate(); weights.deallocate(); reachable.deallocate()
    }

    /// Each stump's corner offsets into a table of row stride `stride`:
    /// LBP 16 (the 4x4 grid of block corners, row by row), Haar 12 (4 per
    /// rectangle: top-left, top-right, bottom-left, bottom-right); Haar
    /// then 4 more, the inner rectangle (1 pixel in) the window is normalised over.
    func offsets(stride: Int) -> [Int] {
        // Written in place (no array a rectangle): this runs once per pyramid level and scan.
        let count = isLBP ? stumpCount * 16 : stumpCount * 12 + 4
        return rects.withUnsafeBufferPointer { rects in
            [Int](unsafeUninitializedCapacity: count) { out, initialized in
                var n = 0
                if isLBP {
                    for i in 0..<stumpCount {
                        let x = rects[i * 4], y = rects[i * 4 + 1], w = rects[i * 4 + 2], h = rects[i * 4 + 3]
                        for j in 0..<4 { for k in 0..<4 { out[n] = (y + j * h) * stride + x + k * w; n += 1 } }
                    }
                } else {
                    for b in Swift.stride(from: 0, to: stumpCount * 12, by: 4) {
                        let x = rects[b], y = rects[b + 1], w = rects[b + 2], h = rects[b + 3]
                        out[n] = y * stride + x; out[n + 1] = y * stride + x + w
                        out[n + 2] = (y + h) * stride + x; out[n + 3] = (y + h) * stride + x + w
                        n += 4
                    }
                    let w = windowWidth - 2, h = windowHeight - 2
                    out[n] = stride + 1; out[n + 1] = stride + 1 + w
                    out[n + 2] = (1 + h) * stride + 1; out[n + 3] = (1 + h) * stride + 1 + w
                    n += 4
                }
                initialized = n
            }
        }
    }
}

/// One cascade's stages on one level's tables: plain pointers, nothing
/// counted or checked in the loop.
struct WindowScan {
    let isLBP: Bool
    let stageCount: Int
    let stageEnd: UnsafePointer<Int>, stageThreshold: UnsafePointer<Float>
    let threshold: UnsafePointer<Float>, left: UnsafePointer<Float>, right: UnsafePointer<Float>
    let subsets: UnsafePointer<Int32>, weights: UnsafePointer<Float>
    let reachable: UnsafePointer<Double>
    let sums: UnsafePointer<Int32>
    let squares: UnsafePointer<UInt32>?
    let offsets: UnsafePointer<Int>
    /// Haar: the inner rectangle's 4 offsets, and its area.
    let normOffsets: UnsafePointer<Int>
    let normArea: Double
    let stride: Int

    init(cascade c: ScanCascade, sums: UnsafePointer<Int32>, squares: UnsafePointer<UInt32>?, offsets: UnsafePointer<Int>, stride: Int) {
        isLBP = c.isLBP; stageCount = c.stageCount
        stageEnd = UnsafePointer(c.stageEnd); stageThreshold = UnsafePointer(c.stageThreshold)
        threshold = UnsafePointer(c.threshold); left = UnsafePointer(c.left); right = UnsafePointer(c.right)
        subsets = UnsafePointer(c.subsets); weights = UnsafePointer(c.weights); reachable = UnsafePointer(c.reachable)
        self.sums = sums; self.squares = squares; self.offsets = offsets; self.stride = stride
        normOffsets = offsets + c.stumpCount * 12
        normArea = Double((c.windowWidth - 2) * (c.windowHeight - 2))
    }

    /// `Int.max` when every stage accepts the window at (x, y); else the
    /// index of the stage that rejects it, -1 for a Haar window too flat to normalise.
    @inline(__always) func firstFailedStage(x: Int, y: Int) -> Int {
        isLBP ? lbpFailure(y * stride + x) : haarFailure(y * stride + x)
    }

    /// Categorical stumps on the 8-bit multi-block LBP code (OpenCV's
    /// `LBPEvaluator::OptFeature::calc` bit order).
    private func lbpFailure(_ base: Int) -> Int {
        let p = sums + base
        var start = 0
        for stage in 0..<stageCount {
            var total: Float = 0
            let end = stageEnd[stage]
            var i = start
            while i < end {
                let o = offsets + i * 16
                @inline(__always) func block(_ a: Int) -> Int32 {
                    p[o[a]] &- p[o[a + 1]] &- p[o[a + 4]] &+ p[o[a + 5]]
                }
                let centre = block(5)
                var code = 0
                if block(0) >= centre { code |= 128 }
                if block(1) >= centre { code |= 64 }
                if block(2) >= centre { code |= 32 }
                if block(6) >= centre { code |= 16 }
                if block(10) >= centre { code |= 8 }
                if block(9) >= centre { code |= 4 }
                if block(8) >= centre { code |= 2 }
                if block(4) >= centre { code |= 1 }
                let inSubset = subsets[i * 8 + (code >> 5)] & Int32(bitPattern: UInt32(1) << UInt32(code & 31)) != 0
                total += inSubset ? left[i] : right[i]
                i += 1
            }
            if total < stageThreshold[stage] { return stage }
            start = end
        }
        return Int.max
    }

    /// Ordered stumps on Haar features normalised by the window's standard
    /// deviation over its inner rectangle (1 pixel in from each side), as
    /// `HaarEvaluator::setWindow` computes it (the squares' sum read as an
    /// unsigned 32-bit difference); a nearly flat window is rejected.
    private func haarFailure(_ base: Int) -> Int {
        let p = sums + base, n = normOffsets
        let sum = p[n[0]] &- p[n[1]] &- p[n[2]] &+ p[n[3]]
        let q = squares! + base
        let squareSum = q[n[0]] &- q[n[1]] &- q[n[2]] &+ q[n[3]]
        let nf = normArea * Double(squareSum) - Double(sum) * Double(sum)
        guard nf > 0 else { return -1 }
        let norm = Float(1 / nf.squareRoot())
        if !(normArea * Double(norm) < 0.1) { return -1 }
        var start = 0
        for stage in 0..<stageCount {
            var total: Double = 0
            let end = stageEnd[stage]
            let limit = Double(stageThreshold[stage])
            // Out of reach with a margin far above the sums' rounding (leaves are about 1).
            let hopeless = limit - 1e-6
            var i = start
            while i < end {
                let o = offsets + i * 12, w = weights + i * 3
                let s0 = p[o[0]] &- p[o[1]] &- p[o[2]] &+ p[o[3]]
                let s1 = p[o[4]] &- p[o[5]] &- p[o[6]] &+ p[o[7]]
                var value = w[0] * Float(s0) + w[1] * Float(s1)
                // A two-rectangle feature (third weight 0) would add exactly 0 (+0 for -0 leaves the comparison as it is).
                if w[2] != 0 {
                    let s2 = p[o[8]] &- p[o[9]] &- p[o[10]] &+ p[o[11]]
                    value = value + w[2] * Float(s2)
                }
                total += Double(value * norm < threshold[i] ? left[i] : right[i])
                if total + reachable[i] < hopeless { return stage }
                i += 1
            }
            if total < limit { return stage }
            start = end
        }
        return Int.max
    }
}
