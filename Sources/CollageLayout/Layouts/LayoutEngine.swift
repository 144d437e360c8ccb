import CollageNumerics
import CollageRaster
import CollageSpec
import CollageText
import Glibc

/// Spec + image sizes -> frames (docs/format.md "Layout rules").
public enum LayoutEngine {
    /// Computes the canvas size, every photo's cell, and where each photo is
    /// drawn inside its cell (`cover` crop window or `contain` rectangle).
    ///
    /// - Parameters:
    ///   - spec: the validated document.
    ///   - photoSizes: oriented size of each `spec.photos[i]` (after EXIF
    ///     orientation), source pixels; one per photo.
    /// - Returns: frames in canvas pixels (origin top-left, y down).
    /// - Throws: `DiagnosticList` with `.missingKey` at `spec.canvas.location`
    ///   when the canvas size cannot be derived (a side omitted with zero or
    ///   two or more photos); `.outOfRange` at `spec.layout.location` for more
    ///   photos than the layout has cells, or padding and gaps that leave no
    ///   room for the cells; `.unreadableImage` at a photo's `src` for an
    ///   empty image size.
    ///   - overlayImageSizes: the file size of each image overlay, source
    ///     pixels, by its index in `spec.overlays` (text overlays have none).
    /// - Returns: also `images`, every file the scene draws (the photos, then
    ///   the image overlays), and one `OverlayFrame` per overlay.
    /// - Throws: also `.unknownId` at an overlay's `photo:` for an id no
    ///   laid-out photo has.
    ///   - backgroundImageSize: the oriented size of `spec.canvas.image`
    ///     (source pixels); nil when there is none (or it was not read: no
    ///     background is drawn).
    ///   - library: fonts, to set the texts of a component that omits
    ///     `width` or `height` (its box is their union).
    public static func layout(_ spec: Spec, photoSizes: [Size],
                              overlayImageSizes: [Int: Size] = [:],
                              backgroundImageSize: Size? = nil,
                              library: FontLibrary = .shared) throws(DiagnosticList) -> Layout {
        guard photoSizes.count == spec.photos.count else {
            throw DiagnosticList([Diagnostic(.render, at: nil,
                "internal: \(photoSizes.count) image sizes for \(spec.photos.count) photos")])
        }
        for (index, size) in photoSizes.enumerated() where size.width <= 0 || size.height <= 0 {
            let photo = spec.photos[index]
            throw DiagnosticList([Diagnostic(.unreadableImage, at: photo.srcLocation,
                "'\(photo.src)' has no pixels (\(size))")])
        }
        var canvas: Size
        let cells: [PixelRect]
        if spec.photos.isEmpty {
            // A card without photos: any layout kind lays out nothing; the validator required both sides.
            canvas = try canvasSize(spec, photoSizes: photoSizes)
            cells = []
        } else if let derived = try spec.layout.kind.cells.derived(spec, photoSizes: photoSizes) {
            canvas = derived.canvas
            cells = derived.cells
        } else {
            canvas = try canvasSize(spec, photoSizes: photoSizes)
            cells = try self.cells(spec, canvas: canvas, photoSizes: photoSizes)
        }
        try requireNonEmpty(cells, spec)
        let placements = cells.enumerated().map { index, cell in
            placement(of: index, photo: spec.photos[index], size: photoSizes[index], cell: cell)
        }
        var images = spec.photos.indices.map { index in
            let photo = spec.photos[index]
            return LayoutImage(owner: .photo(index), path: photo.path, src: photo.src, srcLocation: photo.srcLocation,
                               orientation: photo.orientation, size: photoSizes[index])
        }
        let overlays = try OverlayLayout.frames(spec, canvas: canvas, placements: placements,
                                                imageSizes: overlayImageSizes, images: &images, library: library)
        var background: BackgroundFrame?
        if let image = spec.canvas.image, let size = backgroundImageSize, size.width > 0, size.height > 0 {
            if image.fit == .tile, let problem = BackgroundFrame.tileCopiesProblem(image, size: size, canvas: canvas) {
                throw DiagnosticList([problem])
            }
            images.append(LayoutImage(owner: .background, path: image.path, src: image.src, srcLocation: image.srcLocation,
                                      size: size))
            background = BackgroundFrame.frame(image, image: images.count - 1, size: size, canvas: canvas)
        }
        var layout = Layout(canvas: canvas, photos: placements, overlays: overlays, images: images, background: background)
        if let print = spec.print { PrintBleed.apply(print, to: &layout, spec: spec) }
        return layout
    }

    /// Every cell at least 1 px a side: a weight far smaller than the others
    /// can snap a grid track to 0 px, which nothing could be drawn into.
    /// - Throws: `.outOfRange` at each such photo, all in one list.
    static func requireNonEmpty(_ cells: [PixelRect], _ spec: Spec) throws(DiagnosticList) {
        let errors = cells.indices.compactMap { index -> Diagnostic? in
            let cell = cells[index]
            guard cell.width < 1 || cell.height < 1 else { return nil }
            let photo = spec.photos[index]
            var notes = ["every cell needs at least 1 pixel a side"]
            if case .grid = spec.layout.kind, spec.layout.columnWidths != nil || spec.layout.rowHeights != nil {
                notes.append("a weight in 'columnWidths' or 'rowHeights' this small leaves its track 0 px wide: raise it")
            }
            return Diagnostic(.outOfRange, at: photo.location,
                              "photo '\(photo.id)' gets a cell of \(max(cell.width, 0)) × \(max(cell.height, 0)) px", notes: notes)
        }
        if !errors.isEmpty { throw DiagnosticList(errors) }
    }

    /// The canvas size: as given; for a single photo, an omitted side follows
    /// the photo (both omitted: its oriented native size; one omitted: the
    /// photo's aspect ratio, rounded half away from zero, at least 1 pixel).
    ///
    /// - Throws: `.missingKey` at `spec.canvas.location` when a side is
    ///   omitted and there is not exactly one photo.
    public static func canvasSize(_ spec: Spec, photoSizes: [Size]) throws(DiagnosticList) -> Size {
        switch (spec.canvas.width, spec.canvas.height) {
        case let (width?, height?):
            return Size(width: width, height: height)
        case let (width, height):
            guard photoSizes.count == 1 else {
                let missing = width == nil && height == nil ? "'width' and 'height'"
                    : width == nil ? "'width'" : "'height'"
                throw DiagnosticList([Diagnostic(.missingKey, at: spec.canvas.location,
                    "canvas \(missing) must be given for \(photoSizes.count) photos; only a single photo sets the canvas size",
                    notes: ["the canvas size follows the photo only when there is exactly one photo"])])
            }
            let photo = photoSizes[0]
            if let width {
                return Size(width: width, height: scaled(width, photo.height, photo.width))
            }
            if let height {
                return Size(width: scaled(height, photo.width, photo.height), height: height)
            }
            return photo
        }
    }

    /// `length × numerator / denominator`, rounded half away from zero, at least 1.
    private static func scaled(_ length: Int, _ numerator: Int, _ denominator: Int) -> Int {
        let exact = Double(length) * Double(numerator) / Double(denominator)
        return max(1, Int(checked: exact, .toNearestOrAwayFromZero))
    }

    /// Each photo's visible aspect ratio (width / height after `crop`), for the justified layouts.
    static func visibleAspects(_ spec: Spec, photoSizes: [Size]) -> [Double] {
        spec.photos.indices.map { index in
            let visible = CropWindow.visible(photo: photoSizes[index], crop: spec.photos[index].crop)
            return visible.width / visible.height
        }
    }

    /// The cells of the layout, in photo order (the kind's `LayoutCells`).
    static func cells(_ spec: Spec, canvas: Size, photoSizes: [Size] = []) throws(DiagnosticList) -> [PixelRect] {
        if spec.photos.isEmpty { return [] }
        return try spec.layout.kind.cells.cells(spec, canvas: canvas, photoSizes: photoSizes)
    }

    /// Splits a canvas side after padding and gaps; each part gets at least 1 pixel.
    static func split(_ length: Int, parts: Int, gap: Int, padding: Int,
                              _ spec: Spec, _ side: String) throws(DiagnosticList) -> [Int] {
        if let problem = spec.layout.spacingProblem(length: length, parts: parts, side: side) { throw DiagnosticList([problem]) }
        let available = length - 2 * padding - (parts - 1) * gap
        return Snapping.split(available, into: parts)
    }

    /// Where photo `index` is drawn inside `cell`.
    static func placement(of index: Int, photo: PhotoSpec, size: Size, cell: PixelRect) -> PhotoPlacement {
        var placement = framing(of: index, photo: photo, size: size, cell: cell)
        placement.flip = photo.flip
        placement.shadow = photo.shadow
        placement.rotation = photo.rotation
        switch photo.letterbox {
        case .color(let color): placement.letterbox = .color(color)
        case .blur(let blur, let dim):
            // The contained window scaled to cover the cell, about its centre.
            let window = placement.crop
            let scale = max(Double(cell.width) / window.width, Double(cell.height) / window.height)
            let w = min(window.width, Double(cell.width) / scale), h = min(window.height, Double(cell.height) / scale)
            let source = Rect(x: window.x + (window.width - w) / 2, y: window.y + (window.height - h) / 2, width: w, height: h)
            placement.letterbox = .blur(source: source, blur: blur, dim: dim)
        case nil: break
        }
        return placement
    }

    /// The cell, destination and crop window of photo `index` (image `index`).
    private static func framing(of index: Int, photo: PhotoSpec, size: Size, cell: PixelRect) -> PhotoPlacement {
        if photo.crop != nil || photo.zoom != 1 {
            let (crop, destination) = CropWindow.place(photo, size: size, cell: cell)
            return PhotoPlacement(photo: index, cell: cell, destination: destination, crop: crop)
        }
        switch photo.fit {
        case .cover:
            let crop = FitGeometry.coverCrop(photo: size, cell: Size(width: cell.width, height: cell.height),
                                             focusX: photo.focusX, focusY: photo.focusY)
            return PhotoPlacement(photo: index, cell: cell, destination: cell, crop: crop)
        case .contain:
            let destination = FitGeometry.containRect(photo: size, cell: cell)
            let crop = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
            return PhotoPlacement(photo: index, cell: cell, destination: destination, crop: crop)
        }
    }
}
