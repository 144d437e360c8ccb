@testable import CollageFocus

/// The scalar window scan, one window at a time, as the C kernel's
/// reference: the tests compare `collage_cascade_scan`'s windows with it on
/// every level (`referenceRawDetections`).
extension CascadeDetector {
    /// The windows every level accepts, before grouping, scanned one by one in Swift; `source` is the cascade
    /// `cascade` was laid out from (its corner offsets are taken from `source`'s features, not from the layout).
    static func referenceRawDetections(_ cascade: ScanCascade, of source: Cascade, in image: GreyImage,
                                       parameters: DetectionParameters) -> [Box] {
        var hits: [Box] = []
        var tables: LevelTables?
        forEachLevel(cascade, in: image, parameters: parameters) { level in
            let stride = level.image.width + 1
            if tables == nil { tables = LevelTables(capacity: stride * (level.image.height + 1), squares: !cascade.isLBP) }
            tables!.fill(level.image)
            let offsets = referenceOffsets(source, stride: stride)
            let step = level.step
            tables!.sums.withUnsafeBufferPointer { sums in
                tables!.squares.withUnsafeBufferPointer { squares in
                    offsets.withUnsafeBufferPointer { offsets in
                        let scan = WindowScan(cascade: cascade, sums: sums.baseAddress!, squares: squares.baseAddress,
                                              offsets: offsets.baseAddress!, stride: stride)
                        var y = 0
                        while y < level.spanY {
                            var x = 0
                            while x < level.spanX {
                                let stage = scan.firstFailedStage(x: x, y: y)
                                if stage == Int.max {
                                    hits.append(Box(x: Int((Float(x) * level.scale).rounded(.toNearestOrEven)),
                                                    y: Int((Float(y) * level.scale).rounded(.toNearestOrEven)),
                                                    width: level.hitWidth, height: level.hitHeight))
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

    /// Each stump's corner offsets into a table of row stride `stride`, from the cascade's features:
    /// LBP 16 (the 4x4 grid of block corners, row by row), Haar 12 (4 per rectangle: top-left, top-right,
    /// bottom-left, bottom-right; a missing third rectangle all 0); Haar then 4 more, the inner rectangle
    /// (1 pixel in) the window is normalised over.
    static func referenceOffsets(_ cascade: Cascade, stride: Int) -> [Int] {
        func corners(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> [Int] {
            [y * stride + x, y * stride + x + w, (y + h) * stride + x, (y + h) * stride + x + w]
        }
        var out: [Int] = []
        for stump in cascade.stages.flatMap(\.stumps) {
            switch cascade.features {
            case .lbp(let list):
                let f = list[stump.feature]
                for j in 0..<4 { for k in 0..<4 { out.append((f.y + j * f.height) * stride + f.x + k * f.width) } }
            case .haar(let list):
                let rects = list[stump.feature].rects
                for k in 0..<3 {
                    out += k < rects.count ? corners(rects[k].x, rects[k].y, rects[k].width, rects[k].height) : corners(0, 0, 0, 0)
                }
            }
        }
        if case .haar = cascade.features { out += corners(1, 1, cascade.windowWidth - 2, cascade.windowHeight - 2) }
        return out
    }
}

/// One cascade's stages on one level's tables: plain pointers, nothing
/// counted or checked in the loop.
struct WindowScan {
    let isLBP: Bool
    let stageCount: Int
    let stageEnd: UnsafePointer<Int32>, stageThreshold: UnsafePointer<Float>
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
            let end = Int(stageEnd[stage])
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
            let end = Int(stageEnd[stage])
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
