import CollageRaster
import CollageSpec

/// Where one photo lands: the layout stage's answer for `Spec.photos[photo]`.
public struct PhotoPlacement: Sendable, Hashable {
    /// Index into `Spec.photos` (layout order).
    public var photo: Int
    /// The photo's cell, canvas pixels (origin top-left, y down).
    public var cell: PixelRect
    /// Where the crop window is drawn: the cell for `cover`, the centred
    /// letterboxed rectangle (whole pixels) for `contain`.
    public var destination: PixelRect
    /// The fractional window of the oriented photo shown, in its source pixels.
    public var crop: Rect
    public init(photo: Int, cell: PixelRect, destination: PixelRect, crop: Rect) {
        self.photo = photo; self.cell = cell; self.destination = destination; self.crop = crop
    }
}

/// The computed frames of a document.
public struct Layout: Sendable, Hashable {
    /// Canvas size in pixels, after the single-photo defaults.
    public var canvas: Size
    public var photos: [PhotoPlacement]
    /// One entry per `Spec.overlays` item: the box of an image overlay,
    /// canvas pixels (may reach outside the canvas); nil for text overlays
    /// (their boxes come from the typesetter).
    public var overlayBoxes: [PixelRect?]
    public init(canvas: Size, photos: [PhotoPlacement], overlayBoxes: [PixelRect?] = []) {
        self.canvas = canvas; self.photos = photos; self.overlayBoxes = overlayBoxes
    }
}
