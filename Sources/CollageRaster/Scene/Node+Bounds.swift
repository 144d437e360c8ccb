extension Node {
    /// The node's own transform: a group's, identity for a leaf.
    public var transform: Affine {
        if case .group(let group) = self { return group.transform }
        return .identity
    }

    /// The device-space bounding box of everything the node draws (leaves
    /// only; shadows not included) when its parent maps to canvas pixels by
    /// `parent` (canvas pixels, y down); nil when it draws nothing.
    public func deviceBounds(under parent: Affine = .identity) -> Rect? {
        switch self {
        case .group(let group):
            let transform = group.transform.then(parent)
            var box: Rect?
            for child in group.children {
                guard let b = child.deviceBounds(under: transform) else { continue }
                box = box.map { $0.union(b) } ?? b
            }
            return box
        case .image(let leaf): return parent.bounds(of: leaf.bounds)
        case .path(let leaf): return leaf.path.transformed(by: parent).controlBounds
        case .mask(let leaf):
            return parent.bounds(of: Rect(x: leaf.x, y: leaf.y, width: Double(leaf.mask.width), height: Double(leaf.mask.height)))
        case .text(let leaf):
            var box: Rect?
            for fill in leaf.fills {
                guard let b = Node.path(fill).deviceBounds(under: parent) else { continue }
                box = box.map { $0.union(b) } ?? b
            }
            return box
        case .tile(let tile):
            return parent.bounds(of: Rect(x: Double(tile.originX), y: Double(tile.originY),
                                          width: Double(tile.width), height: Double(tile.height)))
        }
    }
}

extension Rect {
    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }
}
