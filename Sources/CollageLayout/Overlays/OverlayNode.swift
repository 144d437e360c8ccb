import CollageRaster
import CollageSpec

/// The scene node of one overlay: a group that turns its content by the
/// overlay's `rotation` (degrees clockwise about its box centre) and fades
/// it by `opacity` (an isolated layer when the content has several parts,
/// so a faded text's fill, stroke and box composite as one, in the
/// document's `canvas.compositing` space).
public enum OverlayNode {
    /// A rotation about the centre of `box` (canvas pixels); identity for 0°.
    static func turn(_ degrees: Double, about box: Rect) -> Affine {
        guard degrees.truncatingRemainder(dividingBy: 360) != 0 else { return .identity }
        return .rotation(degrees: degrees, about: box.x + box.width / 2, box.y + box.height / 2)
    }
}
