import CollageRaster
import CollageSpec

extension Compositing {
    /// The renderer's compositing space of a document's `canvas.compositing`.
    init(_ spec: CanvasSpec.Compositing) {
        switch spec {
        case .css: self = .css
        case .linear: self = .linear
        }
    }
}
