import CollageRaster
import CollageSpec

/// The frame stage of one overlay kind: the payload of each `OverlayKind`
/// case conforms (in its kind's folder, `Overlays/KIND/`) and
/// `OverlayLayout.frames` delegates to it in one line (`OverlayKind.framing`).
protocol OverlayFraming {
    /// The kind's frame for `overlay`, the item `index` of `Spec.overlays`.
    /// - Parameters:
    ///   - area: the reference box the overlay anchors in (the canvas, or
    ///     its photo's cell), canvas pixels, origin top-left, y down.
    ///   - context: the image overlays' sizes and the layout's image table,
    ///     to which a kind that draws a file appends it.
    /// - Throws: `.render` when a file's size is missing (an internal error).
    func frame(_ overlay: OverlaySpec, index: Int, in area: PixelRect,
               context: inout OverlayFrameContext) throws(DiagnosticList) -> OverlayFrameKind
}

/// What the frame stage of every overlay shares.
struct OverlayFrameContext {
    /// The file size of the image overlay `Spec.overlays[i]` (source pixels),
    /// by overlay index `i`; none when not read.
    let imageSizes: [Int: Size]
    /// The layout's image table (`Layout.images`): photos first, then each
    /// file an overlay draws, in overlay order.
    var images: [LayoutImage]
}

extension OverlayKind {
    /// The kind's payload as its frame stage. The one switch over the cases
    /// is the reading stage's (`OverlayKind.payload`); the payload conforms
    /// here in its kind's folder, and `OverlayStagesTests` checks every kind.
    /// - Throws: `.render` (an internal error) for a kind whose payload has
    ///   no frame stage.
    func framing(at location: SourceLocation) throws(DiagnosticList) -> any OverlayFraming {
        guard let stage = payload as? any OverlayFraming else {
            throw DiagnosticList([Diagnostic(.render, at: location, "internal: the '\(name.rawValue)' overlay kind has no frame stage")])
        }
        return stage
    }
}
