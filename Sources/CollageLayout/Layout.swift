import CollageRaster
import CollageSpec

/// Where one photo lands: the layout stage's answer for `Spec.photos[photo]`.
public struct PhotoPlacement: Sendable, Hashable {
    /// Index into `Spec.photos` (layout order).
    public var photo: Int
    /// Index into `Layout.images` of the photo's file.
    public var image: Int
    /// The photo's cell, canvas pixels (origin top-left, y down).
    public var cell: PixelRect
    /// Where the crop window is drawn: the cell for `cover`, the centred
    /// letterboxed rectangle (whole pixels) for `contain`.
    public var destination: PixelRect
    /// The fractional window of the oriented photo shown, in its source pixels.
    public var crop: Rect
    /// `PhotoSpec.flip`: mirrors the picture, before `rotation`; nil = none.
    public var flip: Flip?
    /// `PhotoSpec.shadow`, cast by the print (canvas pixels); nil = none.
    public var shadow: DropShadow?
    /// `PhotoSpec.rotation`: degrees clockwise about the cell's centre.
    public var rotation: Double
    /// What fills the cell around a `contain` picture; nil: nothing (the canvas shows).
    public var letterbox: PhotoLetterbox?
    /// How `focus: auto` or `focus: faces` chose `crop`; nil for a fixed focus.
    public var focus: PhotoFocus?
    /// - Parameter image: defaults to `photo` (the layout lists the photos'
    ///   images first, in photo order).
    public init(photo: Int, image: Int? = nil, cell: PixelRect, destination: PixelRect, crop: Rect,
                flip: Flip? = nil, shadow: DropShadow? = nil, rotation: Double = 0) {
        self.photo = photo; self.image = image ?? photo; self.cell = cell; self.destination = destination
        self.crop = crop; self.flip = flip; self.shadow = shadow; self.rotation = rotation
    }
}

/// The explanation of a content-aware crop (`layout --json`, the debug overlay).
public struct PhotoFocus: Sendable, Hashable {
    /// "auto", "faces" or "auto (no faces found)".
    public var strategy: String
    /// Every face detected, oriented source pixels, largest first.
    public var faces: [Rect]
    /// How many of `faces` (the largest) the window keeps whole.
    public var keptFaces: Int
    /// The share of the photo's saliency inside the window, 0...1.
    public var score: Double
    public init(strategy: String, faces: [Rect], keptFaces: Int, score: Double) {
        self.strategy = strategy; self.faces = faces; self.keptFaces = keptFaces; self.score = score
    }
}

/// The letterbox of a `contain` photo (`LetterboxSpec`), over the whole cell.
public enum PhotoLetterbox: Sendable, Hashable {
    case color(RGBA)
    /// `source`: the window of the oriented photo (source pixels) that
    /// covers the cell, centred on the contained picture's window; blurred
    /// by σ `blur` canvas pixels with its edges extended, under black at opacity `dim`.
    case blur(source: Rect, blur: Double, dim: Double)
}

/// One image file the scene draws: `Layout.images[i]` is scene image `i`.
public struct LayoutImage: Sendable, Hashable {
    /// Which document item the file belongs to.
    public enum Owner: Sendable, Hashable {
        /// `Spec.photos[index]`.
        case photo(Int)
        /// `Spec.overlays[index]` (an image overlay).
        case overlay(Int)
        /// `Spec.canvas.image` (the background image).
        case background
    }
    public var owner: Owner
    /// Absolute path of the file.
    public var path: String
    /// The path as written in the document, and where (for messages).
    public var src: String
    public var srcLocation: SourceLocation
    /// EXIF orientation 1-8 replacing the file's own tag; nil = the file's.
    public var orientation: Int?
    /// Oriented size, source pixels.
    public var size: Size
    /// "photo" or "overlay image" (messages).
    public var role: String {
        switch owner {
        case .photo: "photo"
        case .overlay: "overlay image"
        case .background: "background image"
        }
    }
    public init(owner: Owner, path: String, src: String, srcLocation: SourceLocation, orientation: Int? = nil, size: Size) {
        self.owner = owner; self.path = path; self.src = src; self.srcLocation = srcLocation
        self.orientation = orientation; self.size = size
    }
}

/// Where one overlay lands: the layout stage's answer for
/// `Spec.overlays[overlay]`, with the placement keys every kind shares and
/// the kind's own frame.
public struct OverlayFrame: Sendable, Hashable {
    /// Index into `Spec.overlays`.
    public var overlay: Int
    /// The box the overlay anchors in: the canvas, or with `photo: ID` that
    /// photo's cell; canvas pixels.
    public var area: PixelRect
    /// Degrees clockwise about the overlay box's centre (`OverlaySpec.rotation`).
    public var rotation: Double
    /// 0...1, multiplies the overlay's alpha (`OverlaySpec.opacity`).
    public var opacity: Double
    /// How the overlay mixes with what is drawn below it (`OverlaySpec.blend`).
    public var blend: BlendModeName
    public var kind: OverlayFrameKind
    /// The boxes of the components the overlay sits in, outermost first
    /// (`OverlaySpec.groups`; the last is `area`, except on a side the
    /// component omits, `ComponentBoxes`); empty for none.
    public var componentBoxes: [PixelRect] = []
    public init(overlay: Int, area: PixelRect, rotation: Double = 0, opacity: Double = 1, blend: BlendModeName = .normal,
                kind: OverlayFrameKind) {
        self.overlay = overlay; self.area = area; self.rotation = rotation; self.opacity = opacity; self.blend = blend
        self.kind = kind
    }
}

/// An overlay's frame by kind: what its kind's frame stage gave
/// (`OverlayFraming`), which draws it (`OverlayDrawing`). A text overlay
/// gives its `TextOverlaySpec` (its box needs its fonts and is set by the
/// typesetter inside `OverlayFrame.area`); an image overlay an
/// `ImageOverlayFrame` (its box known from the file's header); a shape an
/// `ShapeOverlayFrame` (its outline resolved); a QR code a
/// `QRCodeOverlayFrame` (its square placed).
public struct OverlayFrameKind: Sendable, Hashable {
    /// The kind's frame payload as its node and report stage.
    let drawing: any OverlayDrawing
    init(_ payload: some OverlayDrawing) { drawing = payload }

    /// The frame payload, for a caller that knows its kind (`ImageOverlayFrame`, ...); nil for another kind.
    public func payload<Payload>(as type: Payload.Type) -> Payload? { drawing as? Payload }

    public static func == (lhs: OverlayFrameKind, rhs: OverlayFrameKind) -> Bool { lhs.drawing.isEqual(to: rhs.drawing) }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: drawing)))
        drawing.hash(into: &hasher)
    }
}

/// The computed frames of a document.
public struct Layout: Sendable, Hashable {
    /// Canvas size in pixels, after the single-photo defaults.
    public var canvas: Size
    public var photos: [PhotoPlacement]
    /// One frame per `Spec.overlays` item, in list order (drawing order).
    public var overlays: [OverlayFrame]
    /// Every image file the scene draws, by scene image index: the photos
    /// (in `Spec.photos` order), then the image overlays (in overlay order).
    /// Placements and frames name their entry (`PhotoPlacement.image`,
    /// `ImageOverlayFrame.image`, `BackgroundFrame.image`); the background
    /// image, if any, comes last.
    public var images: [LayoutImage]
    /// The background image's frame (`Spec.canvas.image`); nil for none.
    public var background: BackgroundFrame?
    /// `Spec.print`'s trim, bleed and safe rectangles and the output
    /// (`PrintFrame`); nil without `print`.
    public var print: PrintFrame?
    public init(canvas: Size, photos: [PhotoPlacement], overlays: [OverlayFrame] = [], images: [LayoutImage] = [],
                background: BackgroundFrame? = nil) {
        self.canvas = canvas; self.photos = photos; self.overlays = overlays; self.images = images
        self.background = background
    }
}
