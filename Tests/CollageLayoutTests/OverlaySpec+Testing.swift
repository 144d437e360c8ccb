@testable import CollageLayout
@testable import CollageText
import CollageRaster
import CollageSpec

/// Text overlays as the layout tests write them: the kind's own fields and
/// the placement in one call.
extension OverlaySpec {
    static func text(_ text: String, font: FontSpec = FontSpec(), color: RGBA = .black, anchor: Anchor = .center,
                     offsetX: Double = 0, offsetY: Double = 0, location: SourceLocation) -> OverlaySpec {
        OverlaySpec(kind: .text(TextOverlaySpec(text: text, font: font, color: color)), anchor: anchor,
                    offsetX: .pixels(offsetX), offsetY: .pixels(offsetY), location: location)
    }

    /// The text overlay's style (a test fails on another kind).
    var textStyle: TextStyle {
        get { text!.style }
        set { if case .text(var text) = kind { text.style = newValue; kind = .text(text) } }
    }

    /// The text overlay's font.
    var font: FontSpec {
        get { text!.font }
        set { if case .text(var text) = kind { text.font = newValue; kind = .text(text) } }
    }
}

extension TextBlock {
    /// Sets a text overlay given as one `OverlaySpec`.
    static func set(_ overlay: OverlaySpec, in area: PixelRect, canvas: Size,
                    library: FontLibrary = .shared) throws(DiagnosticList) -> TextBlock {
        try set(overlay.text!, placement: overlay, in: area, canvas: canvas, library: library)
    }
}
