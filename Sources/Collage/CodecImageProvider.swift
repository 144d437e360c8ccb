import CollageCodecs
import CollageLayout
import CollageRaster
import CollageSpec
import Synchronization

/// Feeds `SceneRenderer` from image files through `CollageCodecs`, each
/// decoded no larger than its draws need (DCT shrink-on-load for JPEG),
/// within the decoded-pixel budget. Scene images are `Layout.images` (the
/// photos with their `orientation` overrides, then the image overlays),
/// by index. The decoders' warnings (a dropped ICC
/// profile, corrupt-but-readable data) are kept per image for the report
/// and for `--strict`.
final class CodecImageProvider: ImageProvider {
    /// A decode failure, tagged with the scene image it concerns.
    struct Failure: Error {
        var image: Int
        var error: ImageError
    }

    /// Absolute path of each scene image, by index.
    let paths: [String]
    /// Orientation replacing the file's EXIF tag, by index (nil = the file's).
    let orientations: [Orientation?]
    /// Limits and truncation policy; `minimumSize` and `orientation` are set per call.
    let options: DecodeOptions
    /// Headers of the first images (the photos), when known: they foretell
    /// each decode's size (`decodedSize(image:minimumSize:)`).
    let headers: [ImageHeader]
    /// Decodes kept across the rows of a batch (nil: none kept). Its shared
    /// paths are decoded whole, never streamed, so the pixels can be kept.
    let cache: SharedImageCache?
    /// The photos whose windows are chosen from their decodes, by image
    /// index (`DeferredFocus`): decoded whole at their `decodeSize`, never
    /// streamed nor shared through `cache`.
    let focus: [Int: DeferredFocus]
    /// Warnings by image index (decodes run concurrently).
    private let collected = Mutex<[Int: [String]]>([:])
    /// The windows chosen so far (`focus`), by image index.
    private let chosen = Mutex<[Int: Rect]>([:])

    init(paths: [String], orientations: [Orientation?] = [], headers: [ImageHeader] = [],
         options: DecodeOptions = DecodeOptions(), cache: SharedImageCache? = nil, focus: [Int: DeferredFocus] = [:]) {
        self.paths = paths
        self.orientations = orientations
        self.headers = headers
        self.options = options
        self.cache = cache
        self.focus = focus
    }

    /// The images of `layout` (`Layout.images`); `headers` foretell the
    /// first images' decode sizes (`CollageRenderer.Prepared.headers`, the
    /// photos'), or none.
    convenience init(_ layout: Layout, headers: [ImageHeader] = [], options: DecodeOptions = DecodeOptions(),
                     cache: SharedImageCache? = nil, focus: [Int: DeferredFocus] = [:]) {
        self.init(paths: layout.images.map(\.path),
                  orientations: layout.images.map { $0.orientation.flatMap(Orientation.init(rawValue:)) },
                  headers: headers, options: options, cache: cache, focus: focus)
    }

    func decodedSize(image index: Int, minimumSize: Size) -> Size? {
        let minimumSize = focus[index]?.decodeSize ?? minimumSize
        return headers.indices.contains(index) ? headers[index].decodedSize(minimumSize: minimumSize) : nil
    }

    func chosenWindow(image index: Int) -> (provisional: Rect, chosen: Rect)? {
        guard let deferred = focus[index], let window = chosen.withLock({ $0[index] }) else { return nil }
        return (deferred.provisional, window)
    }

    /// A JPEG photo's decode (not one shared through the cache): streamed
    /// (`JPEGRowStream`), libjpeg's MCU-row buffers (up to 16 rows of three
    /// components) and the RGBA row, counted as 48 rows of 4 bytes a pixel
    /// of the decoded width; else the whole decoded image; plus a multi-scan
    /// file's coefficients (`ImageHeader.coefficientBytes`). A HEIF photo:
    /// its decoded (averaged) image, plus libheif's full-size image, held
    /// until the decode ends whatever the scale (as coefficients are):
    /// planar RGB, or RGBA for alpha and deep images, and a second copy while
    /// libheif turns an image by its `irot` (arrow.heic peaked at 97 MB over
    /// its decode), so counted as two images of 4 bytes a pixel.
    /// Anything else: nil (the whole decode).
    func decodeMemory(image index: Int, minimumSize: Size, streaming: Bool) -> DecodeMemory? {
        // A deferred-focus photo is held whole at its analysis decode's size while it is drawn.
        if let deferred = focus[index], streaming || minimumSize != deferred.decodeSize {
            return decodeMemory(image: index, minimumSize: deferred.decodeSize, streaming: false)
        }
        guard headers.indices.contains(index), cache?.isShared(paths[index]) != true else { return nil }
        let header = headers[index]
        let decoded = header.decodedSize(minimumSize: minimumSize)
        if header.format == .heif {
            let full = 2 * header.storedSize.width * header.storedSize.height * 4
            return DecodeMemory(bytes: decoded.width * decoded.height * 4 + full, coefficientBytes: full)
        }
        guard header.format == .jpeg else { return nil }
        let pixels = streaming ? decoded.width * 4 * 48 : decoded.width * decoded.height * 4
        return DecodeMemory(bytes: pixels + header.coefficientBytes, coefficientBytes: header.coefficientBytes)
    }

    /// Renders in the process that have asked for a decode and not yet
    /// said they will ask for no more (`noMoreImagesToDecode`): batch rows
    /// render at once (`--jobs`), and one that ends must not drop the
    /// memory another's next decode reuses.
    private static let rendersDecoding = Atomic<Int>(0)
    /// This provider's place in `rendersDecoding`: 0 before its first
    /// decode, 1 counted, 2 done. A provider serves one render (a late
    /// decode of that render, after `noMoreImagesToDecode`, and any later
    /// render are not counted: at worst their kept memory goes early).
    private let decodeState = Atomic<Int>(0)

    /// Counts this provider's render as decoding, at its first decode.
    private func willDecode() {
        if decodeState.load(ordering: .relaxed) == 0,
           decodeState.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged {
            Self.rendersDecoding.add(1, ordering: .acquiringAndReleasing)
        }
    }

    /// The render starts no more decodes: once no other render in the
    /// process is decoding, the decoders' kept memory goes
    /// (`ImageDecoder.releaseKeptMemory`), on the worker that found nothing
    /// left instead of at the end of the last decode.
    func noMoreImagesToDecode() {
        guard decodeState.exchange(2, ordering: .acquiringAndReleasing) == 1 else { return }
        if Self.rendersDecoding.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
            ImageDecoder.releaseKeptMemory()
        }
    }

    /// An image the cache shares (`SharedImageCache.isShared`), named by
    /// its file as it is now and the options it is decoded with
    /// (`SharedImageCache.identity`); nil for any other image.
    func keptIdentity(image index: Int, minimumSize: Size) -> String? {
        guard let cache, cache.isShared(paths[index]) else { return nil }
        var options = self.options
        options.minimumSize = minimumSize
        options.orientation = orientations.indices.contains(index) ? orientations[index] : nil
        return cache.identity(of: paths[index], options: options)
    }

    /// The image overlays' paths, in overlay order.
    static func overlayPaths(_ spec: Spec) -> [String] {
        spec.overlays.compactMap { $0.image?.path }
    }

    func decode(image index: Int, minimumSize: Size) throws -> Pixmap {
        willDecode()
        try checkDeadline(image: index)
        var options = self.options
        options.minimumSize = minimumSize
        do {
            options.orientation = orientations.indices.contains(index) ? orientations[index] : nil
            let path = paths[index]
            let decode = { () throws(ImageError) -> SharedImageCache.Decoded in
                self.cache?.countDecode(of: path)
                let result = try ImageDecoder.decode(path: path, options: options)
                return .init(pixmap: result.pixmap, orientation: .upright, warnings: result.warnings)
            }
            let result = if let cache, cache.isShared(path) {
                try cache.image(path: path, options: options, stored: false, decode: decode)
            } else {
                try decode()
            }
            record(result.warnings, image: index)
            return result.pixmap
        } catch {
            throw Failure(image: index, error: error)
        }
    }

    /// Image `index` as stored: a `JPEGRowStream` when `streaming` and the
    /// file allows it, else the whole decode without the orientation applied.
    func stored(image index: Int, minimumSize: Size, streaming: Bool) throws -> StoredImageSource {
        willDecode()
        try checkDeadline(image: index)
        var options = self.options
        options.minimumSize = minimumSize
        options.orientation = orientations.indices.contains(index) ? orientations[index] : nil
        let path = paths[index]
        if let deferred = focus[index] { return try analysed(image: index, deferred, options: options) }
        do {
            // An SVG is drawn at each draw's device transform, never decoded
            // to pixels: known from a photo's header, else sniffed (a prefix
            // read) for overlays.
            let known = headers.indices.contains(index) ? headers[index].format : nil
            if known == nil || known == .svg, let document = try ImageDecoder.openVector(path: path, options: options) {
                return .vector(ReportingPicture(document, image: index, orientation: options.orientation ?? .up))
            }
            let decode = { () throws(ImageError) -> SharedImageCache.Decoded in
                self.cache?.countDecode(of: path)
                let result = try ImageDecoder.decodeStored(path: path, options: options)
                return .init(pixmap: result.pixmap, orientation: result.header.orientation.stored, warnings: result.warnings)
            }
            let foreseen = decodedSize(image: index, minimumSize: minimumSize).map { $0.width * $0.height * 4 }
            if let cache, cache.isShared(path),
               !streaming || cache.keepsOrFits(path: path, options: options, stored: true, bytes: foreseen) {
                let result = try cache.image(path: path, options: options, stored: true, decode: decode)
                record(result.warnings, image: index)
                return .pixels(result.pixmap, result.orientation, opaque: result.opaque)
            }
            if streaming, let stream = try ImageDecoder.openRows(path: path, options: options) {
                cache?.countDecode(of: path)
                return .rows(ReportingRowStream(stream, image: index, provider: self))
            }
            let result = try decode()
            record(result.warnings, image: index)
            return .pixels(result.pixmap, result.orientation, opaque: result.opaque)
        } catch {
            throw Failure(image: index, error: error)
        }
    }

    /// The deferred-focus photo `index` (`DeferredFocus`) decoded whole, as
    /// stored, at its `decodeSize`; its analysis made from that decode
    /// (upright) and its window chosen (`chosenWindow(image:)`); a warning
    /// when `focus: faces` cannot keep every face.
    /// - Throws: `DiagnosticList` for the decode (as `FocusAnalysisCache`
    ///   reports it, located) and the analysis; `Failure` at the deadline.
    private func analysed(image index: Int, _ deferred: DeferredFocus, options: DecodeOptions) throws -> StoredImageSource {
        var options = options
        options.minimumSize = deferred.decodeSize
        let result: StoredImage
        do throws(ImageError) {
            result = try ImageDecoder.decodeStored(path: paths[index], options: options)
        } catch {
            // Reported as `layout` and `check` report it (a deadline as the render's).
            if error.kind == .timedOut { throw Failure(image: index, error: error) }
            throw FocusAnalysisCache.decodeProblem(AnalysedFile(photo: deferred.photo), error)
        }
        record(result.warnings, image: index)
        let analysis = try FocusAnalysisCache.shared.analysis(
            of: AnalysedFile(photo: deferred.photo), header: deferred.header, decodeSize: deferred.decodeSize,
            faces: deferred.photo.focusStrategy == .faces, maxPixels: deferred.maxPixels,
            decoded: (result.pixmap, result.header.orientation.stored))
        let (window, warning) = deferred.window(analysis: analysis)
        chosen.withLock { $0[index] = window }
        if let warning { record([warning], image: index) }
        // A JPEG has no alpha: not scanned for it (`Pixmap.isOpaque`).
        return .pixels(result.pixmap, result.header.orientation.stored, opaque: result.header.format == .jpeg ? true : nil)
    }

    /// Throws `.timedOut` for image `index` once `options.isolation`'s deadline has passed.
    private func checkDeadline(image index: Int) throws {
        guard let deadline = options.isolation?.deadline, deadline.hasPassed else { return }
        throw Failure(image: index, error: ImageError(path: paths[index], reason: "stopped at the deadline", kind: .timedOut))
    }

    private func record(_ warnings: [String], image index: Int) {
        if !warnings.isEmpty { collected.withLock { $0[index, default: []] += warnings } }
    }

    /// An SVG document whose drawing errors are tagged with the image index,
    /// turned by a document's `orientation` override (the scene image is
    /// then the document's intrinsic size with that orientation applied).
    private final class ReportingPicture: VectorPicture {
        let document: SVGDocument
        let image: Int
        let orientation: Orientation
        init(_ document: SVGDocument, image: Int, orientation: Orientation) {
            self.document = document; self.image = image; self.orientation = orientation
        }
        func draw(viewport: Size, transform: Affine, width: Int, height: Int,
                  into pixels: UnsafeMutableBufferPointer<UInt32>) throws {
            do {
                if orientation == .up {
                    try document.draw(viewport: viewport, transform: transform, width: width, height: height, into: pixels)
                    return
                }
                // The document's own pixels (x, y) → upright ones (StoredOrientation, continuous).
                let stored = document.size, axes = orientation.stored
                let flip = Affine(a: axes.flipsX ? -1 : 1, b: 0, c: 0, d: axes.flipsY ? -1 : 1,
                                  tx: axes.flipsX ? Double(stored.width) : 0, ty: axes.flipsY ? Double(stored.height) : 0)
                let upright = axes.transposed ? flip.then(Affine(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0)) : flip
                try document.draw(viewport: stored, transform: upright.then(transform), width: width, height: height,
                                  into: pixels)
            } catch let error as ImageError { throw Failure(image: image, error: error) }
        }
    }

    /// A row stream whose end reports the decoder's warnings to the
    /// provider and tags its error with the image index.
    private final class ReportingRowStream: ImageRowStream {
        let stream: JPEGRowStream
        let image: Int
        let provider: CodecImageProvider
        init(_ stream: JPEGRowStream, image: Int, provider: CodecImageProvider) {
            self.stream = stream; self.image = image; self.provider = provider
        }
        var size: Size { stream.size }
        var orientation: StoredOrientation { stream.orientation }
        func needColumns(_ columns: Range<Int>) { stream.needColumns(columns) }
        func row(_ y: Int) -> UnsafePointer<UInt8> { stream.row(y) }
        func finish() throws {
            do throws(ImageError) {
                try stream.finish()
                provider.record(stream.warnings, image: image)
            } catch {
                provider.record(stream.warnings, image: image)
                throw Failure(image: image, error: error)
            }
        }
    }

    /// Every warning so far, by ascending image index (deterministic
    /// whatever order the threads finished in).
    var warnings: [(image: Int, message: String)] {
        collected.withLock { all in
            all.keys.sorted().flatMap { index in all[index, default: []].map { (index, $0) } }
        }
    }
}
