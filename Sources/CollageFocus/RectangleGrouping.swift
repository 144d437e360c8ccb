/// OpenCV's `groupRectangles`: raw detections joined into classes of
/// similar rectangles, each class averaged, classes of `threshold` or fewer
/// members dropped, and a class inside a stronger one dropped.
public enum RectangleGrouping {
    /// - Parameters:
    ///   - threshold: `minNeighbors`; 0 or less returns `boxes` unchanged.
    ///   - eps: similarity: edges within eps·(mean of the smaller width and height).
    /// - Returns: the averaged boxes, in order of their classes' first member.
    public static func group(_ boxes: [Box], threshold: Int, eps: Double) -> [Box] {
        guard threshold > 0, !boxes.isEmpty else { return boxes }
        let labels = partition(boxes, eps: eps)
        let classes = (labels.max() ?? -1) + 1
        var sums = [(x: Int, y: Int, w: Int, h: Int)](repeating: (0, 0, 0, 0), count: classes)
        var counts = [Int](repeating: 0, count: classes)
        for (box, label) in zip(boxes, labels) {
            sums[label].x += box.x; sums[label].y += box.y; sums[label].w += box.width; sums[label].h += box.height
            counts[label] += 1
        }
        let averaged = (0..<classes).map { i -> Box in
            let s = Float(1) / Float(counts[i])
            func r(_ v: Int) -> Int { Int((Float(v) * s).rounded(.toNearestOrEven)) }
            return Box(x: r(sums[i].x), y: r(sums[i].y), width: r(sums[i].w), height: r(sums[i].h))
        }
        var kept: [Box] = []
        for i in 0..<classes where counts[i] > threshold {
            let r1 = averaged[i], n1 = counts[i]
            var inside = false
            for j in 0..<classes where j != i && counts[j] > threshold {
                let r2 = averaged[j], n2 = counts[j]
                let dx = Int((Double(r2.width) * eps).rounded(.toNearestOrEven))
                let dy = Int((Double(r2.height) * eps).rounded(.toNearestOrEven))
                if r1.x >= r2.x - dx && r1.y >= r2.y - dy && r1.x + r1.width <= r2.x + r2.width + dx
                    && r1.y + r1.height <= r2.y + r2.height + dy && (n2 > max(3, n1) || n1 < 3) {
                    inside = true
                    break
                }
            }
            if !inside { kept.append(r1) }
        }
        return kept
    }

    /// Class labels of the equivalence closure of "similar", numbered in
    /// order of each class's first member.
    static func partition(_ boxes: [Box], eps: Double) -> [Int] {
        var parent = Array(boxes.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        for i in boxes.indices {
            for j in 0..<i where similar(boxes[i], boxes[j], eps) {
                let a = root(i), b = root(j)
                if a != b { parent[max(a, b)] = min(a, b) }
            }
        }
        var numbers: [Int: Int] = [:]
        return boxes.indices.map { i in
            let r = root(i)
            if let n = numbers[r] { return n }
            numbers[r] = numbers.count
            return numbers.count - 1
        }
    }

    static func similar(_ a: Box, _ b: Box, _ eps: Double) -> Bool {
        let delta = eps * Double(min(a.width, b.width) + min(a.height, b.height)) * 0.5
        return Double(abs(a.x - b.x)) <= delta && Double(abs(a.y - b.y)) <= delta
            && Double(abs(a.x + a.width - b.x - b.width)) <= delta && Double(abs(a.y + a.height - b.y - b.height)) <= delta
    }
}
