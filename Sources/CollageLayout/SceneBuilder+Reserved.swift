import CollageRaster
import CollageSpec
import CollageText

extension SceneBuilder {
    /// The scene of phase 1 (`reserve(_:layout:)`, no fonts needed) and
    /// what phase 2 (`fill(_:library:)`) lays out into its slots.
    public struct Reserved: Sendable {
        public let spec: Spec
        public let layout: Layout
        /// Everything but the slots' overlays, one slot (`Scene.slots`) per
        /// unit that needs fonts. Canvas pixels, origin top-left, y down.
        public internal(set) var scene: Scene
        /// The frames of each slot's unit (indices in `layout.overlays`), in `scene.slots` order.
        var slotUnits: [[Int]] = []
        /// Per frame laid out so far (its index in `layout.overlays`): the
        /// text blocks and warnings it added.
        var found: [(frame: Int, textBlocks: [TextBlock], warnings: [Diagnostic])] = []
        /// Per frame that failed: its errors.
        var errors: [(frame: Int, diagnostics: [Diagnostic])] = []

        init(spec: Spec, layout: Layout) {
            self.spec = spec; self.layout = layout
            scene = Scene(size: layout.outputSize, background: .white)
        }

        /// True when an overlay waits for phase 2 (`scene.slots` is not empty).
        public var hasSlots: Bool { !slotUnits.isEmpty }
        /// True when an overlay of phase 1 failed (`fill(_:library:)` throws).
        public var hasErrors: Bool { !errors.isEmpty }
        /// True when a slot's unit draws an image (a component use holding
        /// an image overlay and a text): the renderer plans every image's
        /// decode with the scene, so such a scene is rendered whole, after
        /// phase 2 (`Result.scene`), not with its slots filled late.
        public internal(set) var slotsDrawImages = false

        /// The top-level nodes of one unit (at most one: a component use's
        /// group, or the overlay's node), what each frame found recorded.
        mutating func nodes(_ unit: [Int], context: inout OverlayDrawingContext) -> [Node] {
            var nesting = ComponentNesting()
            for index in unit {
                let frame = layout.overlays[index]
                let blocks = context.textBlocks.count, warnings = context.warnings.count
                do {
                    if let node = try frame.kind.drawing.node(frame, context: &context) {
                        nesting.append(node, in: spec.overlays[frame.overlay].groups, boxes: frame.componentBoxes)
                    }
                } catch {
                    errors.append((index, error.diagnostics))
                }
                found.append((index, Array(context.textBlocks[blocks...]), Array(context.warnings[warnings...])))
            }
            return nesting.finish()
        }
    }
}
