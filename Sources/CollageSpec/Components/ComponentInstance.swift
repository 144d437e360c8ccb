/// One `use:` of a component (docs/format.md "Components"): the box its
/// overlays are laid out in and how that box is placed and drawn.
///
/// Every overlay a component expands to carries the instances it sits in,
/// outermost first (`OverlaySpec.groups`); the layout places the box of each
/// in the area of the one before (the canvas, or the outermost's `photo`
/// cell), and the scene draws each instance as one group node turned by
/// `rotation` about the box centre, faded by `opacity`, blended by `blend`
/// and shadowed by `shadow`, as a unit.
public struct ComponentInstance: Sendable, Hashable {
    /// Numbers the uses of a document in reading order (0, 1, …), so two
    /// uses of the same component stay two groups.
    public var instance: Int
    /// The component's name (`use: NAME`).
    public var name: String
    /// The box: canvas pixels or a percentage of the area it is placed in;
    /// nil where the component omits the side, which the union of its
    /// overlays laid out at the origin supplies (`ComponentBoxes`).
    public var width: Length?
    public var height: Length?
    /// The area's point and the same point of the box meet; default center.
    public var anchor: Anchor = .center
    /// Then moved by this much: +x right, +y down; default (0, 0).
    public var offsetX: Length = .pixels(0)
    public var offsetY: Length = .pixels(0)
    /// Degrees clockwise about the box centre; default 0.
    public var rotation: Double = 0
    /// 0...1, fades the component as a whole; default 1.
    public var opacity: Double = 1
    /// How the component mixes with what is below it, as a whole; default normal.
    public var blend: BlendModeName = .normal
    /// A drop shadow cast by the component's drawing as a whole (CSS
    /// `filter: drop-shadow`, σ = blur); default none.
    public var shadow: DropShadow?
    /// `photo: ID` of the outermost use: its boxes anchor in that photo's cell.
    public var photo: String?
    public var photoLocation: SourceLocation?
    /// `layer` of the outermost use, which its overlays take.
    public var layer: OverlayLayer = .above
    /// Where the `use` item starts.
    public var location: SourceLocation
    /// Whether a side of the box is left to the union of the overlays.
    public var isMeasured: Bool { width == nil || height == nil }
    public init(instance: Int, name: String, width: Length?, height: Length?, location: SourceLocation) {
        self.instance = instance; self.name = name; self.width = width; self.height = height; self.location = location
    }
}
