import CollageCodecs
import CollageFocus
import CollageLayout
import CollageRaster
import CollageSpec

/// A photo with `focus: auto` or `faces` whose window a raster render
/// chooses inside the render, from its own decode (issue 40: the analysis
/// overlaps the other photos' decodes instead of running before the render).
///
/// The cover window's size, the cell and so the scene's plan and footprints
/// do not depend on the focus; only the window's position does. The scene
/// is built with the provisional window (`provisional`, the layout's before
/// the analysis); the render's worker decodes the photo whole at
/// `decodeSize` (the size `FocusResolver.analysisDecodeSizes` gives, which
/// is what `layout` and `check` decode and analyse too), analyses that
/// decode (`FocusAnalysisCache`), chooses the window as `FocusResolver`
/// does (`window(analysis:)`) and draws it from memory
/// (`CodecImageProvider`, `ImageProvider.chosenWindow(image:)`). Same
/// decode, same analysis, same arithmetic: the same window as `layout`.
struct DeferredFocus: Sendable {
    /// The photo (its `focus` strategy, `crop`, `zoom`, `fit`, locations)
    /// and its header (with the photo's `orientation` override).
    var photo: PhotoSpec, header: ImageHeader
    /// The decode's `minimumSize` (the render's decode of the photo, at
    /// `--fast` too, so the analysis image is the one `layout` analyses),
    /// and the cell, canvas pixels (origin top-left, y down).
    var decodeSize: Size, cell: PixelRect
    /// The layout's window before the analysis (oriented source pixels):
    /// the scene's draws of the photo that use it are moved to the chosen
    /// one. The analysis is keyed by the decoded-pixel budget `maxPixels` (`--max-pixels`).
    var provisional: Rect, maxPixels: Int

    /// Whether a render with `options` defers its strategy photos' analyses
    /// into the render: a raster output without `--debug-layout` (whose
    /// outlines draw the faces and windows the layout found, before the
    /// render); a PDF is written from the laid-out scene, so it is analysed first.
    static func defers(_ spec: Spec, options: RenderOptions) -> Bool {
        guard !options.debugLayout else { return false }
        let format = try? OutputPreflight.format(flag: options.format, outputPath: options.outputPath,
                                                 document: spec.output.format, size: nil)
        return format?.isVector == false
    }

    /// The photos of `layout` a raster render analyses inside the render,
    /// by photo index: those with `focus: auto` or `faces` that are cropped
    /// (`cover`, or a `zoom`), not letterboxed (its blurred fill is placed
    /// from the window) and not SVG, whose draws reach the canvas of `scene`
    /// (the render's, or its phase 1: `Scene.minimumDecodeSize` gives the decode).
    /// `check --max-memory` counts them as the render does (`CollageRenderer.renderLimits`).
    static func photos(_ spec: Spec, layout: Layout, headers: [ImageHeader], scene: Scene, maxPixels: Int) -> [Int: DeferredFocus] {
        var found: [Int: DeferredFocus] = [:]
        for (index, photo) in spec.photos.enumerated() where headers.indices.contains(index) && layout.photos.indices.contains(index) {
            let placement = layout.photos[index]
            guard photo.focusStrategy != nil, photo.fit == .cover || photo.zoom != 1, placement.letterbox == nil,
                  headers[index].format != .svg, let decodeSize = scene.minimumDecodeSize(ofImage: placement.image) else { continue }
            found[index] = DeferredFocus(photo: photo, header: headers[index], decodeSize: decodeSize, cell: placement.cell,
                                         provisional: placement.crop, maxPixels: maxPixels)
        }
        return found
    }

    /// `deferred` (by photo index) keyed by the photos' scene image indices
    /// in `layout`, as `CodecImageProvider` takes them.
    static func byImage(_ deferred: [Int: DeferredFocus], layout: Layout) -> [Int: DeferredFocus] {
        Dictionary(uniqueKeysWithValues: deferred.map { (layout.photos[$0.key].image, $0.value) })
    }

    /// The window the photo's strategy chooses from `analysis` (oriented
    /// source pixels, the size of `provisional`), and the warning when
    /// `focus: faces` cannot keep every face.
    func window(analysis: FocusAnalysis) -> (window: Rect, warning: String?) {
        let chosen = FocusResolver.choose(photo, size: header.size, window: provisional, analysis: analysis)
        var placed = photo
        placed.focusX = chosen.focusX
        placed.focusY = chosen.focusY
        return (CropWindow.place(placed, size: header.size, cell: cell).source, chosen.warning)
    }
}

extension FocusResolver {
    /// The `minimumSize` of the decode a strategy photo is analysed from:
    /// the render's own decode of it (`Scene.minimumDecodeSize` of the
    /// scene's phase 1, `SceneBuilder.reserve`, at the render's default
    /// margin), by photo index; a photo whose draws do not reach the canvas
    /// (never decoded by the render) is left out (nil: `AnalysisImage.decodeSize(for:)`).
    /// - Parameter photos: the indices wanted; none: the scene is not built.
    /// - Returns: also the photos a raster render defers (`DeferredFocus.photos`).
    static func analysisDecodeSizes(_ spec: Spec, layout: Layout, photos: [Int], headers: [ImageHeader], maxPixels: Int)
        -> (sizes: [Int: Size], deferrable: [Int: DeferredFocus]) {
        guard !photos.isEmpty else { return ([:], [:]) }
        let scene = SceneBuilder.reserve(spec, layout: layout).scene
        var sizes: [Int: Size] = [:]
        for index in photos { sizes[index] = scene.minimumDecodeSize(ofImage: layout.photos[index].image) }
        return (sizes, DeferredFocus.photos(spec, layout: layout, headers: headers, scene: scene, maxPixels: maxPixels))
    }

    /// The window `photo`'s strategy chooses in a photo of oriented `size`
    /// for a window of `window`'s size (oriented source pixels): the choice,
    /// its centre as the photo's `focusX`/`focusY` (fractions of the visible
    /// area, `crop`), and the warning when `focus: faces` keeps fewer faces
    /// than it found.
    static func choose(_ photo: PhotoSpec, size: Size, window: Rect, analysis: FocusAnalysis)
        -> (choice: FocusChoice, focusX: Double, focusY: Double, warning: String?) {
        let area = CropWindow.visible(photo: size, crop: photo.crop)
        let windowSize = (width: window.width, height: window.height)
        let faces = photo.focusStrategy == .faces
        let choice = FocusWindow.choose(size: windowSize, area: area, saliency: analysis.saliency, scale: analysis.scale,
                                        faces: faces ? analysis.faces.map(\.box) : nil)
        let warning = faces && choice.keptFaces < choice.faces.count
            ? facesDoNotFit("photo '\(photo.id)'", found: choice.faces.count, kept: choice.keptFaces, window: windowSize) : nil
        return (choice, (choice.window.x + choice.window.width / 2 - area.x) / area.width,
                (choice.window.y + choice.window.height / 2 - area.y) / area.height, warning)
    }
}
