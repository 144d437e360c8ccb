import CImageShim
import CollageCodecs
import CollageLayout
import CollageRaster
import CollageSpec
#if canImport(Glibc)
import Glibc
#endif

/// A PDF of one or more pages written from scenes (issue 44, docs/print.md
/// "PDF"): each page's nodes go through their PDF stage methods
/// (`Node.pdf(into:device:stage:)`) into one content stream, in canvas pixels
/// mapped to points at the page's dpi; what they ask for (graphics states,
/// shadings, forms, images) is written once for the document. A page's
/// objects are written as soon as the page is done (`addPage`), the page
/// tree, the sRGB output intent, the catalog and the cross-reference table
/// at `finish`. Deterministic: no date unless `SOURCE_DATE_EPOCH`, the ID a
/// content hash (`PDFWriter`).
final class PDFDocumentWriter {
    struct Options {
        /// The most pixels per inch a photo is stored at (`--pdf-max-ppi`).
        var maxPpi = 300
        /// The quality of re-encoded photos (DCT).
        var quality = 90
        /// Threads of the rasters (photos resampled, effects rasterised).
        var threads = 1
        /// Seconds since 1970 for `/CreationDate` (`SOURCE_DATE_EPOCH`); nil: no date.
        var sourceDateEpoch: Int64?
        /// Rasterise groups with an opacity or a blend mode. The one switch
        /// of the compositing mode: true under `compositing: linear` (PDF
        /// composites in the group's colour space, sRGB values, as `css`
        /// does); false under `css`, the default.
        var rasterisesTranslucentGroups = false
    }

    /// A page's images: its scene's `images[i]` is `paths[i]` with `headers[i]`, decoded by `provider`.
    struct PageImages {
        var provider: any ImageProvider
        var paths: [String]
        var headers: [ImageHeader]
    }

    let writer: PDFWriter
    let options: Options
    /// The document's embedded fonts, written at `finish` (issue 45).
    let fonts: PDFFonts
    private let pagesObject: Int
    private var kids: [Int] = []
    private var states: [String: Int] = [:]
    private var shadings: [Gradient: Int] = [:]
    /// JPEGs copied whole, by path.
    private var copied: [String: Int?] = [:]
    /// Photos resampled, by what was drawn at which size.
    private var resampled: [ResampleKey: Int] = [:]
    private var page: PageImages?
    /// Canvas pixels per inch of the page being written.
    private var dpi = 72.0

    private struct ResampleKey: Hashable {
        var path: String
        var leaf: ImageLeaf
        var width: Int, height: Int
    }

    init(sink: EncodedSink, options: Options) {
        writer = PDFWriter(sink: sink)
        self.options = options
        fonts = PDFFonts(writer: writer)
        pagesObject = writer.reserve()
    }

    /// Appends a page: `scene` (canvas pixels, its nodes; the output with
    /// bleed and slug when `frame` is given) at `dpi` canvas pixels per inch;
    /// MediaBox the whole canvas, TrimBox and BleedBox from `frame`.
    /// - Throws: an image's decode failure (`CodecImageProvider.Failure`), `ImageError` of an encode.
    func addPage(_ scene: Scene, images: PageImages, dpi: Double, frame: PrintFrame?) throws {
        page = images
        self.dpi = dpi > 0 && dpi.isFinite ? dpi : 72
        defer { page = nil }
        let resources = PDFPageResources(document: self, scene: scene)
        let s = 72 / self.dpi
        let width = Double(scene.size.width), height = Double(scene.size.height)
        var content = PDFContent()
        content.op(PDFContent.numbers([s, 0, 0, -s, 0, height * s]) + " cm")
        let background = scene.background
        if background.alpha > 0 {
            content.op("q")
            if background.alpha < 255 {
                content.op("/\(resources.graphicsState(alpha: Double(background.alpha) / 255, blend: .normal)) gs")
            }
            content.fillColor(background)
            content.op("0 0 \(scene.size.width) \(scene.size.height) re f")
            content.op("Q")
        }
        for node in scene.nodes { try node.pdf(into: &content, device: .identity, stage: resources) }
        let contents = try writer.stream("", content.bytes)
        resources.finish()
        func box(_ r: PixelRect) -> String {
            "[" + PDFContent.numbers([Double(r.x) * s, (height - Double(r.y + r.height)) * s,
                                      Double(r.x + r.width) * s, (height - Double(r.y)) * s]) + "]"
        }
        let media = PixelRect(x: 0, y: 0, width: scene.size.width, height: scene.size.height)
        var boxes = "/MediaBox \(box(media))"
        if let frame {
            let m = frame.margin
            let trim = PixelRect(x: frame.trim.x + m, y: frame.trim.y + m, width: frame.trim.width, height: frame.trim.height)
            let bleed = PixelRect(x: frame.bleed.x + m, y: frame.bleed.y + m, width: frame.bleed.width, height: frame.bleed.height)
            boxes += " /BleedBox \(box(bleed)) /TrimBox \(box(trim))"
        } else {
            boxes += " /TrimBox \(box(media))"
        }
        _ = width
        kids.append(writer.object("<< /Type /Page /Parent \(pagesObject) 0 R \(boxes) /Resources \(resources.dictionary) 0 R "
                                  + "/Contents \(contents) 0 R /Group << /S /Transparency /CS /DeviceRGB >> >>"))
    }

    /// The fonts (every page's glyphs subset), the page tree, the sRGB output intent, the document information and
    /// the catalog; the file is complete.
    /// - Throws: `ImageError` when the profile or its compression fails.
    func finish() throws {
        try fonts.finish()
        writer.object(pagesObject, "<< /Type /Pages /Kids [\(kids.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(kids.count) >>")
        let profile = try writer.stream("/N 3", try Self.sRGBProfile())
        let intent = writer.object("<< /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier (sRGB IEC61966-2.1) "
                                   + "/RegistryName (http://www.color.org) /Info (sRGB IEC61966-2.1) /DestOutputProfile \(profile) 0 R >>")
        var info = "<< /Producer (collage \(CollageVersion.current))"
        if let epoch = options.sourceDateEpoch {
            let date = Self.pdfDate(epoch)
            info += " /CreationDate \(PDFWriter.string(date)) /ModDate \(PDFWriter.string(date))"
        }
        let infoObject = writer.object(info + " >>")
        let catalog = writer.object("<< /Type /Catalog /Pages \(pagesObject) 0 R /OutputIntents [\(intent) 0 R] >>")
        writer.finish(root: catalog, info: infoObject)
    }

    // MARK: resources (PDFPageResources asks)

    func graphicsState(alpha: Double, blend: BlendMode) -> Int {
        let a = PDFContent.number(min(max(alpha, 0), 1))
        let key = "\(a) \(blend.rawValue)"
        if let number = states[key] { return number }
        let number = writer.object("<< /Type /ExtGState /ca \(a) /CA \(a) /BM /\(blend.pdfName) >>")
        states[key] = number
        return number
    }

    func shading(_ gradient: Gradient) throws -> Int? {
        if let number = shadings[gradient] { return number }
        guard let data = gradient.pdfShading else { return nil }
        let function = try writer.stream("/FunctionType 0 /Domain [0 1] /Range [0 1 0 1 0 1] /Size [\(data.count)] "
                                         + "/BitsPerSample 8 /Order 1", data.samples)
        let number = writer.object("<< /ShadingType \(data.type) /ColorSpace /DeviceRGB /Coords [\(PDFContent.numbers(data.coords))] "
                                   + "/Function \(function) 0 R /Extend [true true] >>")
        shadings[gradient] = number
        return number
    }

    /// The image XObject for `leaf` under `device` (canvas pixels) and the
    /// matrix from its unit square to canvas pixels: the JPEG itself when it
    /// is placed whole, unfiltered, at most `maxPpi` (its orientation in the
    /// matrix); otherwise the picture resampled by the raster to its placed
    /// size at the page's dpi capped by `maxPpi`, filters applied.
    func image(_ leaf: ImageLeaf, device: Affine, scene: Scene) throws -> (Int, Affine)? {
        guard let page, page.paths.indices.contains(leaf.image), scene.images.indices.contains(leaf.image) else { return nil }
        let placedWidth = (device.a * device.a + device.b * device.b).squareRoot() * leaf.bounds.width
        let placedHeight = (device.c * device.c + device.d * device.d).squareRoot() * leaf.bounds.height
        guard placedWidth > 0, placedHeight > 0, placedWidth.isFinite, placedHeight.isFinite else { return nil }
        let b = leaf.bounds
        let orientedToCanvas = Affine(a: b.width, b: 0, c: 0, d: b.height, tx: b.x, ty: b.y).then(device)
        /// Stored pixels per canvas pixel at most.
        let cap = Double(options.maxPpi) / dpi
        let oriented = scene.images[leaf.image].orientedSize
        let path = page.paths[leaf.image]
        if page.headers.indices.contains(leaf.image), page.headers[leaf.image].format == .jpeg, leaf.filters.isEmpty,
           abs(leaf.source.x) < 1e-6, abs(leaf.source.y) < 1e-6,
           abs(leaf.source.width - Double(oriented.width)) < 1e-6, abs(leaf.source.height - Double(oriented.height)) < 1e-6,
           Double(oriented.width) <= placedWidth * cap + 0.5, Double(oriented.height) <= placedHeight * cap + 0.5,
           let number = try copiedJPEG(path) {
            return (number, Self.unitSquare(page.headers[leaf.image].orientation).then(orientedToCanvas))
        }
        let scale = min(1, cap)
        let width = max(1, Int((placedWidth * scale).rounded())), height = max(1, Int((placedHeight * scale).rounded()))
        var drawn = leaf
        drawn.image = 0
        drawn.bounds = Rect(x: 0, y: 0, width: 0, height: 0)
        let key = ResampleKey(path: path, leaf: drawn, width: width, height: height)
        let matrix = Self.unitSquare(.up).then(orientedToCanvas)
        if let number = resampled[key] { return (number, matrix) }
        var picture = leaf
        picture.bounds = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let mini = Scene(size: Size(width: width, height: height), background: .transparent, images: scene.images,
                         nodes: [.image(picture)])
        let pixmap = try SceneRenderer.render(mini, images: page.provider, options: SceneRenderOptions(threads: options.threads))
        let number = try writeImage(pixmap, photo: true)
        resampled[key] = number
        return (number, matrix)
    }

    /// `node` under `device` drawn by the raster at the page's canvas
    /// resolution over its device bounds (grown by `margin`, inside the
    /// canvas), as an image with an SMask; its number and the matrix of
    /// its unit square. nil when nothing shows.
    func raster(_ node: Node, device: Affine, margin: Double, scene: Scene) throws -> (Int, Affine)? {
        guard let page else { return nil }
        var box = node.deviceBounds(under: device)
        if case .group(let group) = node, let shadow = group.shadow, case .shape(let shape) = shadow.caster,
           let cast = shape.transformed(by: group.transform.then(device)).controlBounds {
            let moved = Rect(x: cast.x + shadow.offsetX, y: cast.y + shadow.offsetY, width: cast.width, height: cast.height)
            box = box.map { $0.union(moved) } ?? moved
        }
        guard let found = box, found.width.isFinite, found.height.isFinite else { return nil }
        let x0 = max(0, Int((found.x - margin).rounded(.down))), y0 = max(0, Int((found.y - margin).rounded(.down)))
        let x1 = min(scene.size.width, Int((found.maxX + margin).rounded(.up)))
        let y1 = min(scene.size.height, Int((found.maxY + margin).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        let mini = Scene(size: Size(width: x1 - x0, height: y1 - y0), background: .transparent, images: scene.images,
                         nodes: [.group(Group(transform: device.then(.translation(-Double(x0), -Double(y0))), children: [node]))])
        let pixmap = try SceneRenderer.render(mini, images: page.provider, options: SceneRenderOptions(threads: options.threads))
        guard pixmap.pixels.enumerated().contains(where: { $0.offset % 4 == 3 && $0.element != 0 }) else { return nil }
        let number = try writeImage(pixmap, photo: false)
        let w = Double(x1 - x0), h = Double(y1 - y0)
        return (number, Affine(a: w, b: 0, c: 0, d: -h, tx: Double(x0), ty: Double(y0) + h))
    }

    // MARK: images

    /// The JPEG at `path` as an image XObject of its own bytes, nil when it
    /// cannot be copied (`PDFJPEG`).
    private func copiedJPEG(_ path: String) throws -> Int? {
        if let known = copied[path] { return known }
        var number: Int?
        if let bytes = FileSystem.contents(of: path), let jpeg = PDFJPEG(bytes, path: path) {
            var space = jpeg.components == 3 ? "/DeviceRGB" : "/DeviceGray"
            if let profile = jpeg.profile {
                let icc = try writer.stream("/N \(jpeg.components) /Alternate \(space)", profile)
                space = "[/ICCBased \(icc) 0 R]"
            }
            number = try writer.stream("/Type /XObject /Subtype /Image /Width \(jpeg.width) /Height \(jpeg.height) "
                                       + "/ColorSpace \(space) /BitsPerComponent 8", bytes, filter: "/DCTDecode")
        }
        copied[path] = number
        return number
    }

    /// `pixmap` as an image XObject: DCT (4:4:4) when it is an opaque photo, else
    /// Flate RGB with a Flate grey SMask (none when opaque).
    private func writeImage(_ pixmap: Pixmap, photo: Bool) throws -> Int {
        let head = "/Type /XObject /Subtype /Image /Width \(pixmap.width) /Height \(pixmap.height) /BitsPerComponent 8"
        let opaque = pixmap.isOpaque
        if photo, opaque {
            // 4:4:4: print keeps the chroma of saturated flat colours (4:2:0
            // moved a flat red's blue by 14 levels at quality 90).
            let jpeg = try JPEGSaver.encode(pixmap, options: EncodeOptions(quality: options.quality, settings: ["subsampling": "444"]))
            return try writer.stream(head + " /ColorSpace /DeviceRGB", jpeg, filter: "/DCTDecode")
        }
        let count = pixmap.width * pixmap.height
        var rgb = [UInt8](repeating: 0, count: count * 3)
        var alpha = [UInt8](repeating: 0, count: opaque ? 0 : count)
        pixmap.pixels.withUnsafeBufferPointer { src in
            for i in 0 ..< count {
                rgb[i * 3] = src[i * 4]; rgb[i * 3 + 1] = src[i * 4 + 1]; rgb[i * 3 + 2] = src[i * 4 + 2]
                if !opaque { alpha[i] = src[i * 4 + 3] }
            }
        }
        var mask = ""
        if !opaque {
            let smask = try writer.stream("/Type /XObject /Subtype /Image /Width \(pixmap.width) /Height \(pixmap.height) "
                                          + "/BitsPerComponent 8 /ColorSpace /DeviceGray", alpha)
            mask = " /SMask \(smask) 0 R"
        }
        return try writer.stream(head + " /ColorSpace /DeviceRGB" + mask, rgb)
    }

    /// The matrix from an image's unit square (PDF image space: its first
    /// row at the top, y up) to the upright picture's unit square (y down),
    /// the stored image turned by `orientation` (EXIF).
    static func unitSquare(_ orientation: Orientation) -> Affine {
        switch orientation {
        case .up: Affine(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 1)
        case .upMirrored: Affine(a: -1, b: 0, c: 0, d: -1, tx: 1, ty: 1)
        case .down: Affine(a: -1, b: 0, c: 0, d: 1, tx: 1, ty: 0)
        case .downMirrored: Affine(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        case .leftMirrored: Affine(a: 0, b: 1, c: -1, d: 0, tx: 1, ty: 0)
        case .right: Affine(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0)
        case .rightMirrored: Affine(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 1)
        case .left: Affine(a: 0, b: -1, c: -1, d: 0, tx: 1, ty: 1)
        }
    }

    /// LittleCMS's sRGB profile (its date fixed).
    static func sRGBProfile() throws(ImageError) -> [UInt8] {
        var buffer = collage_buffer()
        defer { collage_buffer_free(&buffer) }
        guard collage_srgb_profile(&buffer) == 0 else {
            throw ImageError(path: "<output>", reason: "cannot make the sRGB output intent's profile", kind: .encodeFailed)
        }
        return Array(UnsafeBufferPointer(start: buffer.bytes, count: buffer.length))
    }

    /// A PDF date, "D:YYYYMMDDHHmmSSZ", of `epoch` seconds since 1970 (UTC).
    static func pdfDate(_ epoch: Int64) -> String {
        let days = epoch >= 0 ? epoch / 86400 : (epoch - 86399) / 86400
        let seconds = epoch - days * 86400
        // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "D:\(year)\(two(month))\(two(day))\(two(seconds / 3600))\(two(seconds % 3600 / 60))\(two(seconds % 60))Z"
    }

    /// `SOURCE_DATE_EPOCH` from the environment, when it is a whole number
    /// of seconds from 1970 to the end of 9999 (a PDF date has a four-digit
    /// year, ISO 32000-1 7.9.4); any other value gives no date.
    static var sourceDateEpoch: Int64? {
        guard let text = getenv("SOURCE_DATE_EPOCH").map({ String(cString: $0) }),
              let seconds = Int64(text), (0...253_402_300_799).contains(seconds) else { return nil }
        return seconds
    }
}

extension BlendMode {
    /// PDF's name of the mode (`/BM`, ISO 32000-1 table 136): the same 16.
    var pdfName: String {
        switch self {
        case .normal: "Normal"
        case .multiply: "Multiply"
        case .screen: "Screen"
        case .overlay: "Overlay"
        case .darken: "Darken"
        case .lighten: "Lighten"
        case .colorDodge: "ColorDodge"
        case .colorBurn: "ColorBurn"
        case .hardLight: "HardLight"
        case .softLight: "SoftLight"
        case .difference: "Difference"
        case .exclusion: "Exclusion"
        case .hue: "Hue"
        case .saturation: "Saturation"
        case .color: "Color"
        case .luminosity: "Luminosity"
        }
    }
}
