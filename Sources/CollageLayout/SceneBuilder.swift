import CollageRaster
import CollageSpec

/// Layout -> display list: photos as `ImageDraw`s, text overlays shaped and
/// rasterised into coverage masks.
public enum SceneBuilder {
    /// - Parameter photoSizes: oriented size of each `spec.photos[i]`.
    /// - Throws: `DiagnosticList` (e.g. no font for a family).
    public static func scene(for spec: Spec, layout: Layout, photoSizes: [Size]) throws(DiagnosticList) -> Scene {
        throw DiagnosticList([Diagnostic(.render, at: nil, "scene building is being built")])
    }
}
