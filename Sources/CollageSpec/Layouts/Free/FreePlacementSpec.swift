/// Where a photo goes in a `free` layout, in canvas pixels (origin
/// top-left, y down); percentages were resolved by validation (x, width and
/// offset x against the canvas width; y, height and offset y against the
/// canvas height). The layout rounds the result to whole pixels, half away
/// from zero.
public enum FreePlacementSpec: Sendable, Hashable {
    /// `frame: {x, y, width, height}`: the cell itself.
    case frame(x: Double, y: Double, width: Double, height: Double)
    /// `anchor` + `offset` + `width`/`height`: the canvas's anchor point and
    /// the same point of the cell meet, then the cell moves by the offset.
    /// With one of width/height the other follows the photo's oriented
    /// aspect (after `crop`); with neither, the photo's (cropped) size.
    case anchored(anchor: Anchor, offsetX: Double, offsetY: Double, width: Double?, height: Double?)
}
