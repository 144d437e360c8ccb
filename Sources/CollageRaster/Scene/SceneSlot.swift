/// A reserved place in a scene (`Scene.slots`): its draws go before
/// `items[item]` and its nodes before `nodes[node]` (the counts when it was
/// reserved, so a slot at the end has `items.count`).
public struct SceneSlot: Sendable, Equatable {
    public var item: Int
    public var node: Int
    public init(item: Int, node: Int) { self.item = item; self.node = node }
}

extension Array {
    /// The array with `parts[k]` inserted before `self[positions[k]]`
    /// (positions nondecreasing, at most `count`): a scene's slots filled.
    func splicing(_ parts: [[Element]], at positions: [Int]) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(count + parts.reduce(0) { $0 + $1.count })
        var next = 0
        for (part, position) in zip(parts, positions) {
            result += self[next..<position]
            result += part
            next = position
        }
        return result + self[next...]
    }
}
