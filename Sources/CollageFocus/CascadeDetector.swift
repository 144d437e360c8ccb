import CRasterKernels
import Dispatch
import Synchronization

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
/// The scan (`collage_cascade_scan`, C) evaluates 8 windows of a row at
/// once (AVX2 where the processor has it, else the baseline code) with
/// every feature's corner offsets computed once per level geometry; each
/// window's stages give the bits of the scalar reference
/// (`referenceRawDetections`, which the tests compare window for window).
/// The result does not depend on how many threads run (the levels are
/// scanned in order).
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
        rawDetections(cascade, in: image, parameters: parameters, wide: true)
    }

    /// As `rawDetections(_:in:parameters:)`; `wide` false keeps to the baseline (SSE2) kernel, which the tests compare.
    static func rawDetections(_ cascade: ScanCascade, in image: GreyImage, parameters: DetectionParameters, wide: Bool) -> [Box] {
        var hits: [Box] = []
        var tables: LevelTables?, split: LevelTables?
        var found: [Int32] = []
        forEachLevel(cascade, in: image, parameters: parameters) { level in
            let stride = level.image.width + 1, height = level.image.height + 1
            // The first level scanned is the largest: its tables serve every later one (16 spare words: the
            // kernel reads up to 7 windows past a row's last).
            if tables == nil { tables = LevelTables(capacity: stride * height + 16, squares: !cascade.isLBP) }
            tables!.fill(level.image)
            let columns = (level.spanX + level.step - 1) / level.step, rows = (level.spanY + level.step - 1) / level.step
            let offsets: [Int32], rowStride: Int
            if level.step == 2 {
                // Every second window of a row: the even and odd columns apart, so a row's windows are consecutive words.
                let half = (stride + 1) / 2, plane = half * height
                if split == nil { split = LevelTables(capacity: 2 * plane + 16, squares: !cascade.isLBP) }
                tables!.split(width: stride, height: height, into: &split!)
                offsets = cascade.offsets(stride: half, plane: plane)
                rowStride = 2 * half
            } else {
                offsets = cascade.offsets(stride: stride, plane: 0)
                rowStride = stride
            }
            let source = level.step == 2 ? split! : tables!
            if found.count < 2 * columns * rows { found = [Int32](repeating: 0, count: 2 * columns * rows) }
            let count = source.sums.withUnsafeBufferPointer { sums in
                source.squares.withUnsafeBufferPointer { squares in
                    offsets.withUnsafeBufferPointer { offsets in
                        found.withUnsafeMutableBufferPointer { found in
                            var scan = collage_cascade_level(sums: sums.baseAddress, squares: squares.baseAddress,
                                                             offsets: offsets.baseAddress, row_stride: rowStride,
                                                             columns: Int32(columns), rows: Int32(rows))
                            return withUnsafePointer(to: cascade.model) { model in
                                collage_cascade_scan(model, &scan, found.baseAddress, wide ? 1 : 0)
                            }
                        }
                    }
                }
            }
            for i in 0..<count {
                let x = Int(found[2 * i]) * level.step, y = Int(found[2 * i + 1]) * level.step
                hits.append(Box(x: Int((Float(x) * level.scale).rounded(.toNearestOrEven)),
                                y: Int((Float(y) * level.scale).rounded(.toNearestOrEven)),
                                width: level.hitWidth, height: level.hitHeight))
            }
        }
        return hits
    }

    /// One pyramid level to scan: the image resized, the window positions (spanX x spanY from the top-left,
    /// every `step`-th in x and y) and how a hit maps back.
    struct Level {
        var image: GreyImage
        var scale: Float
        var spanX: Int, spanY: Int, step: Int
        var hitWidth: Int, hitHeight: Int
    }

    /// The levels OpenCV's `detectMultiScale` scans, largest first.
    static func forEachLevel(_ cascade: ScanCascade, in image: GreyImage, parameters: DetectionParameters, _ body: (Level) -> Void) {
        guard image.width > 0, image.height > 0, parameters.scaleFactor > 1 else { return }
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
            let spanX = levelW + 1 - cascade.windowWidth, spanY = levelH + 1 - cascade.windowHeight
            guard spanX > 0, spanY > 0 else { continue }
            body(Level(image: image.resizedLinear(width: levelW, height: levelH), scale: scale, spanX: spanX, spanY: spanY,
                       step: scale >= 2 ? 1 : 2, hitWidth: hitW, hitHeight: hitH))
        }
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

    /// Copies the first `height` rows of `width` words of these tables into `other` as even columns then
    /// odd columns (`collage_split_columns`), so every second window of a row reads consecutive words.
    func split(width: Int, height: Int, into other: inout LevelTables) {
        sums.withUnsafeBufferPointer { from in
            other.sums.withUnsafeMutableBufferPointer { to in
                collage_split_columns(UnsafeRawPointer(from.baseAddress!).assumingMemoryBound(to: UInt32.self), width, height,
                                      UnsafeMutableRawPointer(to.baseAddress!).assumingMemoryBound(to: UInt32.self))
            }
        }
        if !squares.isEmpty {
            squares.withUnsafeBufferPointer { from in
                other.squares.withUnsafeMutableBufferPointer { to in
                    collage_split_columns(from.baseAddress!, width, height, to.baseAddress!)
                }
            }
        }
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
    let stageEnd: UnsafeMutablePointer<Int32>
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
    /// The corners `offsets(stride:plane:)` lays out, window pixels: per
    /// stump LBP 16, Haar 12, then for Haar the inner rectangle's 4.
    let cornerX: [Int32], cornerY: [Int32]
    /// The C kernel's view of the records above (pointers into this object's memory).
    let model: collage_cascade_model
    /// Corner offsets by level geometry (stride, plane): the mirrored scan and
    /// photos of one shape meet the same levels.
    private let offsetCache = Mutex<[SIMD2<Int>: [Int32]]>([:])

    public init(_ cascade: Cascade) {
        let width = cascade.windowWidth, height = cascade.windowHeight
        windowWidth = width; windowHeight = height
        let stumps = cascade.stages.flatMap(\.stumps)
        stageCount = cascade.stages.count; stumpCount = stumps.count
        func copy<T>(_ values: [T]) -> UnsafeMutablePointer<T> {
            let p = UnsafeMutablePointer<T>.allocate(capacity: max(values.count, 1))
            _ = UnsafeMutableBufferPointer(start: p, count: values.count).initialize(from: values)
            return p
        }
        var ends: [Int32] = [], end: Int32 = 0
        var reach: [Double] = []
        for stage in cascade.stages {
            end += Int32(stage.stumps.count); ends.append(end)
            var after = [Double](repeating: 0, count: stage.stumps.count)
            var sum = 0.0
            for i in stage.stumps.indices.reversed() {
                after[i] = sum
                sum += Double(max(stage.stumps[i].left, stage.stumps[i].right))
            }
            reach += after
        }
        let ends_ = copy(ends), reach_ = copy(reach), stageThreshold_ = copy(cascade.stages.map(\.threshold))
        let threshold_ = copy(stumps.map(\.threshold)), left_ = copy(stumps.map(\.left)), right_ = copy(stumps.map(\.right))
        stageEnd = ends_; reachable = reach_; stageThreshold = stageThreshold_
        threshold = threshold_; left = left_; right = right_
        let lbp: Bool, subsets_: UnsafeMutablePointer<Int32>, weights_: UnsafeMutablePointer<Float>
        var cx: [Int32] = [], cy: [Int32] = []
        func corners(_ x: Int, _ y: Int, _ w: Int, _ h: Int) {
            cx += [Int32(x), Int32(x + w), Int32(x), Int32(x + w)]
            cy += [Int32(y), Int32(y), Int32(y + h), Int32(y + h)]
        }
        switch cascade.features {
        case .lbp(let list):
            lbp = true
            subsets_ = copy(stumps.flatMap { $0.subset.count == 8 ? $0.subset : [Int32](repeating: 0, count: 8) })
            let r = stumps.flatMap { stump -> [Int] in
                let f = list[stump.feature]
                return [f.x, f.y, f.width, f.height]
            }
            for b in Swift.stride(from: 0, to: r.count, by: 4) {
                let x = r[b], y = r[b + 1], w = r[b + 2], h = r[b + 3]
                for j in 0..<4 { for k in 0..<4 { cx.append(Int32(x + k * w)); cy.append(Int32(y + j * h)) } }
            }
            weights_ = copy([Float]())
        case .haar(let list):
            lbp = false
            subsets_ = copy([Int32]())
            var rs: [Int] = [], w: [Float] = []
            for stump in stumps {
                let rectangles = list[stump.feature].rects
                for k in 0..<3 {
                    if k < rectangles.count {
                        let q = rectangles[k]
                        rs += [q.x, q.y, q.width, q.height]; w.append(q.weight)
                    } else {
                        rs += [0, 0, 0, 0]; w.append(0)
                    }
                }
            }
            for b in Swift.stride(from: 0, to: rs.count, by: 4) { corners(rs[b], rs[b + 1], rs[b + 2], rs[b + 3]) }
            corners(1, 1, width - 2, height - 2)
            weights_ = copy(w)
        }
        isLBP = lbp; subsets = subsets_; weights = weights_
        cornerX = cx; cornerY = cy
        model = collage_cascade_model(is_lbp: lbp ? 1 : 0, stage_count: Int32(cascade.stages.count), stage_end: ends_,
                                      stage_threshold: stageThreshold_, threshold: threshold_, left: left_, right: right_,
                                      subsets: subsets_, weights: weights_, reachable: reach_,
                                      norm_area: Double((width - 2) * (height - 2)))
    }

    /// Each corner's word offset from a window's top-left corner in a
    /// level's tables of row stride `stride`: `plane` 0 the table itself
    /// (x + y·stride), else its even columns then its odd columns, the odd
    /// plane `plane` words on (x/2 + y·stride, + plane for an odd x).
    /// Computed once per geometry.
    func offsets(stride: Int, plane: Int) -> [Int32] {
        let key = SIMD2(stride, plane)
        if let known = offsetCache.withLock({ $0[key] }) { return known }
        let count = cornerX.count
        let out = cornerX.withUnsafeBufferPointer { xs in
            cornerY.withUnsafeBufferPointer { ys in
                [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
                    let s = Int32(stride), p = Int32(plane)
                    if plane == 0 {
                        for i in 0..<count { buffer[i] = ys[i] &* s &+ xs[i] }
                    } else {
                        for i in 0..<count { buffer[i] = (xs[i] & 1) &* p &+ ys[i] &* s &+ (xs[i] >> 1) }
                    }
                    initialized = count
                }
            }
        }
        offsetCache.withLock { cache in
            if cache.count >= 64 { cache.removeAll() }
            cache[key] = out
        }
        return out
    }

    deinit {
        stageEnd.deallocate(); stageThreshold.deallocate(); threshold.deallocate(); left.deallocate(); right.deallocate()
        subsets.deallocate(); weights.deallocate(); reachable.deallocate()
    }
}
