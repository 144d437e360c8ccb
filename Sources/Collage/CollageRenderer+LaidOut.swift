import CollageCodecs
import CollageLayout
import CollageRaster
import CollageSpec
import CollageText

extension CollageRenderer {
    /// A document taken as far as its layout, which needs no fonts (but a
    /// component without `width`/`height`, whose texts it sets): every
    /// photo's header read, photos of a glob with `sort: date` reordered by
    /// their EXIF dates, the photos and image overlays laid out. The text
    /// overlays are set by `prepared()`.
    struct LaidOut: Sendable {
        var spec: Spec
        /// Header of each scene image (`layout.images`): `spec.photos[i]`'s,
        /// with the photo's `orientation` override, then the image overlays'.
        var headers: [ImageHeader]
        var layout: Layout

        /// - Throws: `CollageError.diagnostics` for unreadable photos and layout errors.
        /// - Parameter warnCutFaces: `check --warn-cut-faces`: warn at a photo's `src` when its crop cuts a detected face.
        init(_ spec: Spec, warnCutFaces: Bool = false) throws(CollageError) {
            var spec = spec
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
                try FocusResolver.resolve(&spec, headers: headers, backgroundHeader: backgroundHeader, layout: &laid,
                                          warnCutFaces: warnCutFaces, relayout: relayout)
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

        /// The scene without the text overlays' items (`SceneBuilder.photoScene`).
        var photoScene: Scene {
            SceneBuilder.photoScene(spec, layout: layout)
        }

        /// Sets the text overlays (after the fonts loaded by `FontWarmUp`
        /// are ready) and builds the whole scene: onto `head` when given
        /// (`photoScene`, and no overlay is `layer: below`:
        /// `SceneBuilder.build(_:layout:onto:library:)`, the head not built
        /// again), else from the start.
        /// - Throws: `CollageError.diagnostics` for font and overlay errors.
        func prepared(onto head: Scene? = nil) throws(CollageError) -> Prepared {
            FontWarmUp.wait()
            do {
                let built = if let head { try SceneBuilder.build(spec, layout: layout, onto: head, library: FontLibrary.shared) }
                            else { try SceneBuilder.build(spec, layout: layout, library: FontLibrary.shared) }
                return Prepared(spec: spec, headers: headers, layout: layout, scene: built.scene,
                                textBlocks: built.textBlocks, warnings: spec.warnings + built.warnings)
            } catch {
                throw .diagnostics(DiagnosticList(error.diagnostics, source: spec.source))
            }
        }
    }
}

extension OverlaySpec {
    /// The overlay's kind needs fonts to be laid out (`OverlayKind.needsFonts`).
    var needsFonts: Bool { kind.needsFonts }
}
