import CollageRaster
import CollageSpec

/// Folds the overlays' nodes into one group node per component use
/// (docs/format.md "Components"): consecutive overlays of the same
/// instance become the children of its group, which turns them by the use's
/// `rotation` about the box centre, fades them by its `opacity` as one
/// layer, blends them by its `blend` and casts its `shadow` from their
/// alpha. A group with none of these draws its children as they are.
struct ComponentNesting {
    private var top: [Node] = []
    private var open: [(instance: ComponentInstance, box: PixelRect, children: [Node])] = []

    /// Appends `node` inside the groups of `instances` (outermost first)
    /// whose boxes are `boxes`, closing the groups it is not in.
    mutating func append(_ node: Node, in instances: [ComponentInstance], boxes: [PixelRect]) {
        var shared = 0
        while shared < open.count, shared < instances.count, open[shared].instance.instance == instances[shared].instance {
            shared += 1
        }
        close(to: shared)
        for depth in shared..<instances.count { open.append((instances[depth], boxes[depth], [])) }
        if open.isEmpty { top.append(node) } else { open[open.count - 1].children.append(node) }
    }

    /// Every node, the open groups closed.
    mutating func finish() -> [Node] {
        close(to: 0)
        return top
    }

    private mutating func close(to depth: Int) {
        while open.count > depth {
            let group = open.removeLast()
            let node = Self.node(group.instance, box: group.box, children: group.children)
            if open.isEmpty { top.append(node) } else { open[open.count - 1].children.append(node) }
        }
    }

    /// The group node of one use.
    static func node(_ instance: ComponentInstance, box: PixelRect, children: [Node]) -> Node {
        let rect = Rect(x: Double(box.x), y: Double(box.y), width: Double(box.width), height: Double(box.height))
        let shadow = instance.shadow.map {
            Shadow(caster: .alpha(spread: 0), offsetX: $0.offsetX, offsetY: $0.offsetY, sigma: $0.blur, color: Color($0.color))
        }
        return .group(Group(transform: OverlayNode.turn(instance.rotation, about: rect), opacity: instance.opacity,
                            shadow: shadow, blend: BlendMode(instance.blend), children: children))
    }
}
