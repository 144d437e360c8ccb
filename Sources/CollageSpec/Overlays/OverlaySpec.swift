/// One item of `overlays`: what it draws (`kind`, whose case carries the
/// kind's own keys) and where (the placement keys every kind shares).
///
/// Placement (docs/format.md): the anchor point of the
/// reference box (the canvas, or with `photo: ID` that photo's cell) and the
/// same point of the overlay's box meet, then the box moves by `offset`.
/// Lengths are canvas pixels (origin top-left, y down); a percentage offset
/// refers to the reference box's width (x) or height (y).
///
/// Adding a kind: a folder `Overlays/KIND/` in each module it touches, a
/// case here and in `OverlayKindName`, and one line per stage: its reading
/// (`OverlayKindReading`), frame (`OverlayFraming`), node and report
/// (`OverlayDrawing`) and builder (`CollageDocument.Overlay.Kind`); README
/// "A home per kind" lists the files the `qrcode` kind touched.
public struct OverlaySpec: Sendable, Equatable {
    public var kind: OverlayKind
    /// The reference box's point and the same point of the overlay's box meet; default center.
    public var anchor: Anchor
    /// Then moved by this much: +x right, +y down; default (0, 0).
    public var offsetX: Length
    public var offsetY: Length
    /// `photo: ID`: anchor inside that photo's cell instead of the canvas.
    public var photo: String?
    public var photoLocation: SourceLocation?
    /// Degrees clockwise about the overlay box's centre, -3600...3600; default 0.
    public var rotation: Double = 0
    /// 0...1, multiplies the overlay's alpha (text: fill, stroke, shadow and
    /// label box together); default 1.
    public var opacity: Double = 1
    /// `layer`: drawn above the photos (the default) or below them, right
    /// after the background.
    public var layer: OverlayLayer = .above
    /// How the overlay mixes with what is drawn below it; default `normal`.
    public var blend: BlendModeName = .normal
    /// Where the overlay's list item starts.
    public var location: SourceLocation
    /// The component uses this overlay was expanded from, outermost first;
    /// empty for an overlay written in `overlays` (docs/format.md "Components").
    public var groups: [ComponentInstance] = []
    /// `id`: the overlay's name for a variant's `overrides` (`overlays.ID.KEY`); default none.
    public var id: String?
    public init(kind: OverlayKind, anchor: Anchor = .center, offsetX: Length = .pixels(0), offsetY: Length = .pixels(0),
                location: SourceLocation) {
        self.kind = kind; self.anchor = anchor; self.offsetX = offsetX; self.offsetY = offsetY; self.location = location
    }

    /// The kind's name as the document says it (`text`, `image`).
    public var kindName: OverlayKindName { kind.name }

    /// The text overlay's own fields, or nil for another kind.
    public var text: TextOverlaySpec? { if case .text(let text) = kind { text } else { nil } }
    /// The image overlay's own fields, or nil for another kind.
    public var image: ImageOverlaySpec? { if case .image(let image) = kind { image } else { nil } }
    /// The shape overlay's own fields, or nil for another kind.
    public var shape: ShapeOverlaySpec? { if case .shape(let shape) = kind { shape } else { nil } }
}

/// `layer` of an overlay: where it is drawn among the photos (docs/format.md "overlays").
public enum OverlayLayer: String, Sendable, Hashable, CaseIterable {
    /// After the photos, in list order (the default).
    case above
    /// After the background and before the photos, in list order: a panel
    /// behind a grid, a badge behind a photo.
    case below
}

/// What an overlay draws; each case carries its kind's own keys.
public enum OverlayKind: Sendable, Hashable {
    /// `text:` set in `font` (`TextOverlaySpec`).
    case text(TextOverlaySpec)
    /// `image:` an image drawn with its alpha (logos, stickers; `ImageOverlaySpec`).
    case image(ImageOverlaySpec)
    /// `shape:` a vector shape with a fill and a stroke (`ShapeOverlaySpec`).
    case shape(ShapeOverlaySpec)
    /// `qrcode:` a QR code symbol of a text (`QRCodeOverlaySpec`).
    case qrcode(QRCodeOverlaySpec)

    /// The kind's introducing key.
    public var name: OverlayKindName { OverlayKindName(rawValue: type(of: reading).keys[0])! }
}

/// The overlay kinds by the key that introduces them (`text:`, `image:`, `shape:`, `qrcode:`).
public enum OverlayKindName: String, Sendable, Hashable, CaseIterable {
    case text, image, shape, qrcode

    /// "text overlays", "image overlays" (messages).
    public var plural: String { "\(rawValue) overlays" }
    /// "a text overlay", "an image overlay" (messages).
    public var singular: String {
        (rawValue.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + "\(rawValue) overlay"
    }
}
