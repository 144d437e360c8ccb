import CollageRaster
import CollageSpec
import CollageText

/// The node and report stage of one overlay kind: what its frame stage
/// gives (`OverlayFrameKind`, a kind's frame payload) conforms, in its
/// kind's folder (`Overlays/KIND/`), and `SceneBuilder.build` and
/// `OverlayFrame.report` delegate to it in one line (`OverlayFrameKind.drawing`).
protocol OverlayDrawing: Sendable, Hashable {
    /// The overlay's scene node: one group turned by `frame.rotation` about
    /// the overlay's box centre, faded by `frame.opacity` and blended by
    /// `frame.blend` (`OverlayNode`); nil when it draws nothing.
    /// - Throws: the kind's errors at the overlay's location (a text's fonts).
    func node(_ frame: OverlayFrame, context: inout OverlayDrawingContext) throws(DiagnosticList) -> Node?
    /// The kind's entries of the overlay in `collage layout --json`, after
    /// `index` and `kind` (`OverlayFrame.report`), its node's `transform`
    /// and `bounds` last; nil leaves the overlay out (a text not set).
    func report(_ frame: OverlayFrame, context: OverlayDrawingContext) -> [(String, JSONText.Value)]?
}

/// What the node and report stages of every overlay share.
public struct OverlayDrawingContext {
    public let spec: Spec
    public let layout: Layout
    /// Fonts for text overlays.
    public let library: FontLibrary
    /// The text overlays set so far, in overlay order (`TextBlock.overlay`).
    public var textBlocks: [TextBlock]
    /// Font warnings (fallback face, missing glyphs), in overlay order.
    public var warnings: [Diagnostic] = []
    public init(spec: Spec, layout: Layout, library: FontLibrary = .shared, textBlocks: [TextBlock] = []) {
        self.spec = spec; self.layout = layout; self.library = library; self.textBlocks = textBlocks
    }
}

extension OverlayDrawing {
    /// Equal to `other` when it is the same kind's payload and equal (`OverlayFrameKind`'s equality).
    func isEqual(to other: any OverlayDrawing) -> Bool { (other as? Self) == self }
}

extension OverlayFrame {
    /// The overlay in `collage layout --json` (`LayoutReport`): `index`,
    /// `kind`, then the kind's own entries, its `layer` ("above" or "below"
    /// the photos: the preview's hover tests overlays below the photos
    /// last) and its `location`; nil for a text overlay not set.
    public func report(_ context: OverlayDrawingContext) -> JSONText.Value? {
        guard let entries = kind.drawing.report(self, context: context) else { return nil }
        let spec = context.spec.overlays[overlay]
        return .object([("index", .int(overlay)), ("kind", .string(spec.kindName.rawValue))]
                       + entries + [("layer", .string(spec.layer.rawValue)), ("location", LayoutJSON.location(spec.location))])
    }
}
