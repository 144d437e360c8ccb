import CollageNumerics
import CollageCodecs
import CollageRaster
import CollageSpec
import Dispatch
import Synchronization

/// `collage convert`: one photo, in any supported format, to JPEG, PNG or
/// WebP, upright (EXIF or HEIF orientation applied) and in sRGB (ICC or
/// nclx colour converted), at its native size unless `maxSize` asks for
/// less. Metadata (EXIF, GPS, dates) is dropped unless `keepMetadata`.
public enum Converter {
    /// What to write.
    public struct Options: Sendable {
        /// The file to write (never the input). Its extension picks the
        /// format unless `format` is given; `-` is standard output, for
        /// `encode(inputPath:options:)` only, and needs `format`.
        public var outputPath: String
        /// `--format`: must agree with the extension when both are given.
        public var format: OutputFormat?
        /// The savers' options (`--quality`, `--subsampling`, `--speed`...:
        /// `OutputFormat.allOptions`), by key, canonical spelling; a missing
        /// key takes the option's default.
        public var settings: [String: String] = [:]
        /// `--quality` (`settings["quality"]`): JPEG/WebP/AVIF 1-100; default 90.
        public var quality: Int? {
            get { settings[SaverOption.quality.key].flatMap { Int($0) } }
            set { settings[SaverOption.quality.key] = newValue.map { String($0) } }
        }
        /// `--max-size WxH`: shrink (never enlarge) to fit inside this box,
        /// aspect ratio kept, sides rounded half away from zero (at least 1);
        /// Lanczos-3 in linear light, as collages are drawn. nil = native size.
        public var maxSize: Size?
        /// Copy the input's EXIF block (GPS and dates included) with its
        /// Orientation reset to 1, since the pixels are written upright.
        public var keepMetadata: Bool
        /// Render a truncated JPEG with its missing part gray (and a warning).
        public var lenient: Bool
        /// Decoded-pixel budget; nil = 100 megapixels.
        public var maxPixels: Int?
        /// The input's name in messages when it is not its path (`<stdin>`
        /// for `convert -`, read into a temporary file); nil: the path.
        public var inputName: String?
        /// `--timeout`: seconds the conversion may take; then
        /// `CollageError.timedOut`, SVG and HEIF/AVIF decoded in a helper
        /// process killed at the deadline. Default nil (none).
        public var timeout: Double?
        /// The helper executable for `timeout`; nil: `HelperProcess.executable()`.
        public var helper: String?
        /// Threads that decode, convert colour and encode at once; nil (the
        /// default): every core (`RenderOptions.defaultThreads`). The bytes
        /// written are the same whatever the count.
        public var threads: Int?

        public init(outputPath: String, format: OutputFormat? = nil, quality: Int? = nil, maxSize: Size? = nil,
                    keepMetadata: Bool = false, settings: [String: String] = [:], lenient: Bool = false, maxPixels: Int? = nil) {
            self.outputPath = outputPath; self.format = format; self.maxSize = maxSize
            self.keepMetadata = keepMetadata; self.settings = settings; self.lenient = lenient; self.maxPixels = maxPixels
            if let quality { self.quality = quality }
        }
    }

    /// What a conversion did.
    public struct Report: Sendable {
        public var format: OutputFormat
        /// The input's upright size in pixels.
        public var inputSize: Size
        /// The written image's size in pixels.
        public var outputSize: Size
        public var byteCount: Int
        /// Decoder warnings and what was dropped or flattened, one line each.
        public var warnings: [String]
    }

    /// A converted photo that has not been written anywhere (for `-o -`).
    public struct Converted: Sendable {
        /// The encoded file (JPEG, PNG or WebP).
        public var bytes: [UInt8]
        public var report: Report
    }

    /// Converts `inputPath` as `options` say; the output appears whole or not
    /// at all (`AtomicFile`: a device or FIFO output is written through).
    /// - Throws: `CollageError.usage` for a contradictory request (format
    ///   flags, output equal to the input); `.diagnostics` with an
    ///   `unreadableImage` diagnostic naming the input for decode errors,
    ///   `render` for encode/write errors.
    ///
    /// A HEIF converted to JPEG at its native size is streamed: its bands go
    /// to the temporary file in chunks of 64 KiB as they are encoded, so the
    /// JPEG is never held whole (issue 32).
    @discardableResult
    public static func convert(inputPath: String, options: Options) throws(CollageError) -> Report {
        var file: PendingFile?
        let converted = try encode(inputPath: inputPath, options: options, streaming: true, into: &file)
        do {
            if let file { try file.commit() } else { try AtomicFile.write(converted.bytes, to: options.outputPath) }
        } catch { throw .failure(.render, error.description) }
        return converted.report
    }

    /// Bytes a streamed convert hands the temporary file at once.
    static let streamedChunkBytes = 64 << 10

    /// Converts `inputPath` without writing it. `options.outputPath` picks
    /// the format by its extension unless `options.format` is given, and is
    /// refused when it is the input; `-` (standard output) needs
    /// `options.format` and is not compared with the input.
    /// - Throws: as `convert(inputPath:options:)`, except write errors.
    public static func encode(inputPath: String, options: Options) throws(CollageError) -> Converted {
        var file: PendingFile?
        return try encode(inputPath: inputPath, options: options, streaming: false, into: &file)
    }

    /// `encode(inputPath:options:)`; with `streaming`, when the photo can be streamed (a HEIF
    /// to JPEG at its native size, to a regular file, without
    /// `keepMetadata`), the JPEG is written to a `PendingFile` of
    /// `options.outputPath` as it is encoded, left in `file` for the caller
    /// to commit, and the returned bytes are empty.
    private static func encode(inputPath: String, options: Options, streaming: Bool,
                               into file: inout PendingFile?) throws(CollageError) -> Converted {
        let streams = streaming && options.outputPath != "-" && !options.keepMetadata
        let toStandardOutput = options.outputPath == "-"
        var renderOptions = RenderOptions(outputPath: options.outputPath)
        renderOptions.deadline = options.timeout.map { Deadline(seconds: $0) }
        renderOptions.helper = options.helper
        if toStandardOutput && options.format == nil {
            throw .usage("-o - writes to standard output and needs --format \(OutputFormat.choices)")
        }
        // The output is checked before the photo is read (issue 13 §5).
        try OutputPreflight.folder(of: options.outputPath)
        let format = try OutputPreflight.format(flag: options.format, outputPath: options.outputPath, document: nil, size: nil)
        if !toStandardOutput {
            try CollageRenderer.refuseOverwritingInputs(output: options.outputPath, inputs: [inputPath], photos: [inputPath])
        }
        let shownName = options.inputName ?? inputPath
        func unreadable(_ error: ImageError, _ path: String) -> CollageError {
            if error.kind == .timedOut { return .timedOut(seconds: renderOptions.deadline?.seconds ?? 0) }
            return Converter.unreadable(error, shownName)
        }
        var decodeOptions = DecodeOptions(allowTruncated: options.lenient)
        if let maxPixels = options.maxPixels { decodeOptions.maxPixels = maxPixels }
        decodeOptions.isolation = try CollageRenderer.isolation(renderOptions)
        // One photo: its colour conversion may take every core.
        decodeOptions.threads = max(1, options.threads ?? RenderOptions.defaultThreads)
        let deadline = renderOptions.deadline

        let header: ImageHeader
        do { header = try ImageDecoder.header(path: inputPath) } catch { throw unreadable(error, inputPath) }
        let native = header.size
        // A vector image has no native resolution: it is drawn to fit the box, enlarged when smaller.
        let target = fitted(native, inside: options.maxSize, enlarging: header.format == .svg)
        try checkTarget(target, native: native, format: format, maxPixels: decodeOptions.maxPixels, inputPath: inputPath,
                        shownName: shownName, isSVG: header.format == .svg)
        var warnings: [String] = []
        let encodeOptions = EncodeOptions(flattenBackground: .white, settings: options.settings)
        if target == native, format == .jpeg, !JPEGSaver.isProgressive(encodeOptions), header.format == .heif {
            let planar: HEIFPlanarImage?
            do { planar = try HEIFPlanarImage.open(path: inputPath, options: decodeOptions) } catch { throw unreadable(error, inputPath) }
            if let planar {
                let what = toStandardOutput ? "the image for standard output" : "'\(options.outputPath)'"
                if streams {
                    // A device or FIFO (nil) gets the bytes whole, as AtomicFile writes it.
                    do { file = try AtomicFile.pending(options.outputPath) } catch { throw .failure(.render, error.description) }
                }
                let sink = file.map { $0.sink(chunkBytes: streamedChunkBytes) } ?? EncodedSink()
                var bytes = try streamed(planar, options: encodeOptions, threads: decodeOptions.threads,
                                         deadline: deadline, output: what, sink: sink)
                if options.keepMetadata { bytes = try withMetadata(bytes, from: inputPath, format: format, warnings: &warnings, unreadable) }
                return Converted(bytes: bytes, report: Report(format: format, inputSize: native, outputSize: planar.size,
                                                              byteCount: sink.writesThrough ? sink.byteCount : bytes.count,
                                                              warnings: warnings))
            }
        }
        let image: Pixmap
        if target == native {
            do {
                let result = try ImageDecoder.decode(path: inputPath, options: decodeOptions)
                warnings += result.warnings
                image = result.pixmap
            } catch { throw unreadable(error, inputPath) }
        } else {
            // One image drawn over the whole canvas: the collage resampler,
            // with DCT shrink-on-load for JPEG.
            let scene = Scene(size: target, background: .transparent, images: [SceneImage(orientedSize: native)],
                              items: [.image(ImageDraw(image: 0, source: Rect(x: 0, y: 0, width: Double(native.width),
                                                                               height: Double(native.height)),
                                                       destination: PixelRect(x: 0, y: 0, width: target.width,
                                                                              height: target.height)))])
            let provider = CodecImageProvider(paths: [inputPath], options: decodeOptions)
            do {
                var sceneOptions = SceneRenderOptions(threads: 1)
                sceneOptions.deadline = deadline
                image = try SceneRenderer.render(scene, images: provider, options: sceneOptions)
            } catch is DeadlineExceeded {
                throw .timedOut(seconds: deadline?.seconds ?? 0)
            } catch let failure as CodecImageProvider.Failure {
                throw unreadable(failure.error, inputPath)
            } catch {
                throw .failure(.render, "converting '\(shownName)' failed: \(error)")
            }
            warnings += provider.warnings.map(\.message)
        }

        if let deadline, deadline.hasPassed { throw .timedOut(seconds: deadline.seconds) }
        if !format.hasAlpha && !image.isOpaque {
            warnings.append("the image has transparent pixels and \(format.displayName) has no alpha: flattened onto white")
        }
        var bytes: [UInt8]
        do { bytes = try ImageEncoder.encode(image, as: format, options: encodeOptions) } catch {
            let what = toStandardOutput ? "the image for standard output" : "'\(options.outputPath)'"
            throw .failure(.render, "cannot encode \(what): \(error.reason)")
        }
        if options.keepMetadata { bytes = try withMetadata(bytes, from: inputPath, format: format, warnings: &warnings, unreadable) }
        return Converted(bytes: bytes, report: Report(format: format, inputSize: native, outputSize: image.size,
                                                      byteCount: bytes.count, warnings: warnings))
    }

    /// `bytes` with the input's EXIF block, its Orientation reset (`--keep-metadata`);
    /// a warning when the format cannot hold it.
    private static func withMetadata(_ bytes: [UInt8], from inputPath: String, format: OutputFormat, warnings: inout [String],
                                     _ unreadable: (ImageError, String) -> CollageError) throws(CollageError) -> [UInt8] {
        do {
            guard let exif = try ExifMetadata.read(path: inputPath) else { return bytes }
            if let withExif = ExifEmbedding.embed(ExifMetadata.resettingOrientation(exif), into: bytes, format: format) {
                return withExif
            }
            warnings.append("the EXIF block (\(exif.count) bytes) does not fit in a \(format.displayName) file: not copied")
            return bytes
        } catch { throw unreadable(error, inputPath) }
    }

    /// A HEIF's planes streamed into a baseline JPEG: each band of rows
    /// converted to sRGB and encoded on `threads` threads at once, so the
    /// RGBA image is never held (the bytes equal those of the whole-image
    /// path: `JPEGBandEncoder`'s contract, and the rows `ImageDecoder` gives).
    private static func streamed(_ planar: HEIFPlanarImage, options: EncodeOptions, threads: Int, deadline: Deadline?,
                                 output: String, sink: EncodedSink) throws(CollageError) -> [UInt8] {
        let encoder: JPEGBandEncoder
        do {
            encoder = try JPEGBandEncoder(width: planar.size.width, height: planar.size.height, options: options, sink: sink)
        } catch {
            throw .failure(.render, "cannot encode \(output): \(error.reason)")
        }
        let next = Atomic<Int>(0)
        let workers = max(1, min(threads, encoder.bandCount))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let rows = UnsafeMutablePointer<UInt8>.allocate(capacity: encoder.bandHeight * planar.size.width * 4)
            defer { rows.deallocate() }
            while true {
                let band = next.add(1, ordering: .relaxed).oldValue
                guard band < encoder.bandCount, deadline?.hasPassed != true else { return }
                planar.write(rows: encoder.rows(ofBand: band), to: rows)
                encoder.encode(band: band, rows: rows)
            }
        }
        if let deadline, deadline.hasPassed { throw .timedOut(seconds: deadline.seconds) }
        do { return try encoder.finish() } catch {
            throw .failure(.render, "cannot encode \(output): \(error.reason)")
        }
    }

    /// `size` shrunk to fit inside `box` with its aspect ratio kept (never
    /// enlarged unless `enlarging`: then scaled up to touch the box too, as
    /// for an SVG); each side rounded half away from zero, at least 1 pixel.
    public static func fitted(_ size: Size, inside box: Size?, enlarging: Bool = false) -> Size {
        guard let box, enlarging || size.width > box.width || size.height > box.height else { return size }
        let scale = min(Double(box.width) / Double(size.width), Double(box.height) / Double(size.height))
        func side(_ n: Int, _ limit: Int) -> Int { min(limit, max(1, Int(checked: Double(n) * scale, .toNearestOrAwayFromZero))) }
        return Size(width: side(size.width, box.width), height: side(size.height, box.height))
    }

    private static func unreadable(_ error: ImageError, _ path: String) -> CollageError {
        var notes: [String] = []
        if error.kind == .truncated { notes.append("use --lenient to convert it with its missing part filled gray") }
        return .diagnostics(DiagnosticList([Diagnostic(.unreadableImage, at: nil, "cannot convert '\(path)': \(error.reason)",
                                                        notes: notes)]))
    }
}
