import CollageCodecs
import CollageLayout
import CollageRaster
import CollageSpec
import CollageText

extension CollageRenderer {
    /// A document taken as far as its layout, which needs no fonts (but a
    /// component without `width`/`height`, whose texts it sets): every
    /// photo's header read, photos of a glob with `sort: date` reordered by
    /// their EXIF dates, the photos and image overlays laid out. The
    /// overlays of kinds that need fonts are laid out by `filled(_:)`.
    struct LaidOut: Sendable {
        var spec: Spec
        /// Header of each scene image (`layout.images`): `spec.photos[i]`'s,
        /// with the photo's `orientation` override, then the image overlays'.
        var headers: [ImageHeader]
        var layout: Layout
        /// The strategy photos whose windows the render chooses from its own
        /// decodes (`DeferredFocus`), by scene image index; empty unless
        /// `deferFocus` (the layout keeps their provisional windows).
        var deferredFocus: [Int: DeferredFocus] = [:]

        /// - Throws: `CollageError.diagnostics` for unreadable photos and layout errors.
        /// - Parameter warnCutFaces: `check --warn-cut-faces`: warn at a photo's (or the background
        ///   image's) `src` when its crop cuts a detected face or leaves one out.
        /// - Parameter maxPixels: `--max-pixels`, the decoded-pixel budget the
        ///   focus analysis decodes are held to as the render's are; nil: the default.
        /// - Parameter deferFocus: a raster render: the `focus: auto`/`faces`
        ///   photos are analysed inside the render (`FocusResolver.resolve(deferring:)`).
        init(_ spec: Spec, warnCutFaces: Bool = false, maxPixels: Int? = nil, deferFocus: Bool = false) throws(CollageError) {
            var spec = spec
            FocusResolver.warmUp(spec, warnCutFaces: warnCutFaces)
            var headers: [ImageHeader] = []
            var problems: [Diagnostic] = []
            for photo in spec.photos {
                do {
                    var header = try ImageDecoder.header(path: photo.path)
                    if let override = photo.orientation.flatMap(Orientation.init(rawValue:)) { header.orientation = override }
                    headers.append(header)
                } catch {
                    problems.append(Diagnostic(.unreadableImage, at: photo.srcLocation, "cannot read photo '\(photo.src)': \(error.reason)",
                                               notes: ["resolved path: \(photo.path)"]))
                }
            }
            var overlaySizes: [Int: Size] = [:]
            var overlayHeaders: [Int: ImageHeader] = [:]
            for (index, overlay) in spec.overlays.enumerated() {
                guard let image = overlay.image else { continue }
                do {
                    let header = try ImageDecoder.header(path: image.path)
                    overlayHeaders[index] = header
                    overlaySizes[index] = header.size
                } catch {
                    problems.append(Diagnostic(.unreadableImage, at: image.srcLocation,
                        "cannot read overlay image '\(image.src)': \(error.reason)", notes: ["resolved path: \(image.path)"]))
                }
            }
            var backgroundSize: Size?
            var backgroundHeader: ImageHeader?
            if let image = spec.canvas.image {
                do {
                    backgroundHeader = try ImageDecoder.header(path: image.path)
                    backgroundSize = backgroundHeader?.size
                } catch {
                    problems.append(Diagnostic(.unreadableImage, at: image.srcLocation,
                        "cannot read background image '\(image.src)': \(error.reason)", notes: ["resolved path: \(image.path)"]))
                }
            }
            if !problems.isEmpty { throw .diagnostics(DiagnosticList(problems, source: spec.source)) }
            (spec.photos, headers) = DateSort.apply(photos: spec.photos, headers: headers)
            // A component without `width`/`height` sets its texts during the layout (its box is their union).
            if spec.overlays.contains(where: { $0.groups.contains(where: \.isMeasured) }) { FontWarmUp.wait() }
            do {
                let sizes = headers.map(\.size)
                let relayout = { (spec: Spec) throws(DiagnosticList) -> Layout in
                    try LayoutEngine.layout(spec, photoSizes: sizes, overlayImageSizes: overlaySizes, backgroundImageSize: backgroundSize)
                }
                var laid = try relayout(spec)
                let deferred = try FocusResolver.resolve(&spec, headers: headers, backgroundHeader: backgroundHeader, layout: &laid,
                                                          warnCutFaces: warnCutFaces, maxPixels: maxPixels, deferring: deferFocus,
                                                          relayout: relayout)
                deferredFocus = DeferredFocus.byImage(deferred, layout: laid)
                layout = laid
            } catch {
                throw .diagnostics(DiagnosticList(error.diagnostics, source: spec.source))
            }
            // The image overlays' and the background image's headers after
            // the photos', in `layout.images` order.
            for image in layout.images.dropFirst(headers.count) {
                let header: ImageHeader?
                switch image.owner {
                case .photo: header = nil
                case .overlay(let index): header = overlayHeaders[index]
                case .background: header = backgroundHeader
                }
                guard let header else { break }
                headers.append(header)
            }
            self.spec = spec
            self.headers = headers
        }

        /// The layout of a prepared document.
        init(_ prepared: Prepared) {
            spec = prepared.spec; headers = prepared.headers; layout = prepared.layout
        }

        /// Phase 1 of the scene (`SceneBuilder.reserve(_:layout:)`): every
        /// overlay of a kind that needs fonts left to a reserved slot.
        var reserved: SceneBuilder.Reserved { SceneBuilder.reserve(spec, layout: layout) }

        /// Phase 2 (after the fonts loaded by `FontWarmUp` are ready): the
        /// slots of `reserved` (this document's `reserved`, or a new one)
        /// filled, the prepared document whose scene is the whole one.
        /// - Returns: also the draws put into each slot, in `Scene.slots` order.
        /// - Throws: `CollageError.diagnostics` for font and overlay errors.
        func filled(_ reserved: SceneBuilder.Reserved? = nil) throws(CollageError) -> (prepared: Prepared, slotItems: [[SceneItem]]) {
            FontWarmUp.wait()
            do {
                let built = try SceneBuilder.fill(reserved ?? self.reserved, library: FontLibrary.shared)
                return (Prepared(spec: spec, headers: headers, layout: layout, scene: built.scene,
                                 textBlocks: built.textBlocks, warnings: spec.warnings + built.warnings), built.slotItems)
            } catch {
                throw .diagnostics(DiagnosticList(error.diagnostics, source: spec.source))
            }
        }

        /// The document prepared in both phases (`filled(_:)`).
        func prepared() throws(CollageError) -> Prepared { try filled().prepared }
    }
}

extension OverlaySpec {
    /// The overlay's kind needs fonts to be laid out (`OverlayKind.needsFonts`).
    var needsFonts: Bool { kind.needsFonts }
}
