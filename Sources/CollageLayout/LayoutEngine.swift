import CollageRaster
import CollageSpec

/// Spec + image sizes -> frames (DESIGN.md "Layout rules").
public enum LayoutEngine {
    /// - Parameter photoSizes: oriented size of each `spec.photos[i]`.
    /// - Throws: `DiagnosticList` (e.g. canvas size missing with 2+ photos).
    public static func layout(_ spec: Spec, photoSizes: [Size]) throws(DiagnosticList) -> Layout {
        throw DiagnosticList([Diagnostic(.render, at: nil, "layout is being built")])
    }
}
