import CollageCodecs
import CollageFocus
import CollageLayout
import CollageRaster
import CollageSpec
import Dispatch
import Glibc
import Synchronization

/// `focus: auto` and `focus: faces` in the pipeline (docs/format.md "focus:
/// auto and faces"): each such photo is decoded as the render decodes it
/// (whole, at the render's DCT scale: `analysisDecodeSizes`), area-averaged
/// to 320 px (`AnalysisImage`), analysed once per process
/// (`FocusAnalysisCache`, shared by batch rows), and its window chosen for
/// its cell (`FocusWindow`); the window becomes the photo's focus point, so
/// the layout places it as a fixed focus would. `layout`, `layout --json`,
/// `check` and the render all go through here (`CollageRenderer.LaidOut`);
/// a raster render defers its photos' analyses into the render
/// (`DeferredFocus`), which analyses the same decode the same way, so all agree.
enum FocusResolver {
    /// Starts reading the face cascades (`FaceDetector.shared()`, tens of
    /// milliseconds of XML) on a background thread when `spec` will need
    /// them, so that it overlaps the header reads and the first decodes
    /// instead of holding up every analysis at its first face scan. The
    /// result is the same whenever it is read (a cascade error is reported
    /// by the analysis that needs the cascades).
    static func warmUp(_ spec: Spec, warnCutFaces: Bool) {
        guard warnCutFaces || spec.canvas.image?.focusStrategy == .faces
                || spec.photos.contains(where: { $0.focusStrategy == .faces }) else { return }
        DispatchQueue.global(qos: .userInitiated).async { _ = try? FaceDetector.shared() }
    }

    /// The spec with every strategy photo's focus point set, the layout
    /// recomputed, each such placement's `focus` explanation filled in, and
    /// warnings for faces left out.
    /// - Parameter warnCutFaces: also detect faces in every `cover` photo
    ///   (and `cover` background image with a fixed focus), and warn at its
    ///   `src` when the window cuts one or leaves one out (`cutFaces`).
    /// - Throws: `DiagnosticList`: the photo's decode error at its `src`, a
    ///   cascade problem (opencv-data missing) at its `focus` value.
    /// - Parameter backgroundHeader: the background image's header; a
    ///   `cover` background with `focus: auto` or `faces` gets its window the same way.
    /// - Parameter maxPixels: the decoded-pixel budget of the analysis
    ///   decodes (`--max-pixels`); nil: `DecodeOptions.defaultMaxPixels`.
    /// - Parameter deferring: the caller renders to pixels and draws each
    ///   strategy photo from its own decode (`DeferredFocus`): those photos
    ///   are not analysed here (their layout keeps the provisional window,
    ///   of the final size) but returned, to be analysed inside the render.
    ///   Not with `warnCutFaces`, nor for a letterboxed photo or the background image.
    /// - Returns: the deferred photos by index (empty unless `deferring`).
    @discardableResult
    static func resolve(_ spec: inout Spec, headers: [ImageHeader], backgroundHeader: ImageHeader? = nil, layout: inout Layout,
                        warnCutFaces: Bool = false, maxPixels: Int? = nil, deferring: Bool = false,
                        relayout: (Spec) throws(DiagnosticList) -> Layout) throws(DiagnosticList) -> [Int: DeferredFocus] {
        let budget = maxPixels ?? DecodeOptions.defaultMaxPixels
        let candidates = spec.photos.indices.filter { index in
            let photo = spec.photos[index]
            guard photo.fit == .cover || photo.zoom != 1 else { return false }
            return photo.focusStrategy != nil || warnCutFaces
        }
        // The photos' render decodes (the window's size, hence the decode's, does not depend on the focus).
        let (decodeSizes, deferrable) = analysisDecodeSizes(spec, layout: layout, photos: candidates, headers: headers, maxPixels: budget)
        let deferred = deferring && !warnCutFaces ? deferrable : [:]
        let analysed = candidates.filter { deferred[$0] == nil }
        var backgroundChosen: PhotoFocus?
        if let image = spec.canvas.image, let strategy = image.focusStrategy, image.fit == .cover, let header = backgroundHeader,
           let window = layout.background?.pieces.first?.source {
            let analysis = try FocusAnalysisCache.shared.analysis(of: AnalysedFile(background: image), header: header,
                                                                  faces: strategy == .faces, maxPixels: budget)
            let area = Rect(x: 0, y: 0, width: Double(header.size.width), height: Double(header.size.height))
            let choice = FocusWindow.choose(size: (width: window.width, height: window.height), area: area, saliency: analysis.saliency,
                                            scale: analysis.scale, faces: strategy == .faces ? analysis.faces.map(\.box) : nil)
            spec.canvas.image?.focusX = (choice.window.x + choice.window.width / 2) / area.width
            spec.canvas.image?.focusY = (choice.window.y + choice.window.height / 2) / area.height
            if strategy == .faces, choice.keptFaces < choice.faces.count {
                spec.warnings.append(Diagnostic(.invalidValue, at: image.focusLocation ?? image.srcLocation,
                    facesDoNotFit("background image '\(image.src)'", found: choice.faces.count, kept: choice.keptFaces,
                                  window: (window.width, window.height)), severity: .warning))
            }
            backgroundChosen = PhotoFocus(strategy: choice.strategy.rawValue, faces: choice.faces, keptFaces: choice.keptFaces,
                                          score: choice.score)
        }
        guard !analysed.isEmpty else {
            if let backgroundChosen {
                layout = try relayout(spec)
                layout.background?.focus = backgroundChosen
            }
            if warnCutFaces { warnCutBackgroundFaces(&spec, header: backgroundHeader, layout: layout, maxPixels: budget) }
            return deferred
        }
        var choices: [Int: FocusChoice] = [:]
        var problems: [Diagnostic] = []
        // The photos are analysed at once, one a thread (each analysis its own
        // decode and scans); used below in document order, so nothing depends on
        // which finished first.
        let photos = spec.photos
        let outcomes = Mutex([Result<FocusAnalysis, DiagnosticList>?](repeating: nil, count: analysed.count))
        DispatchQueue.concurrentPerform(iterations: analysed.count) { n in
            let index = analysed[n], photo = photos[index]
            let wantsFaces = photo.focusStrategy == .faces || warnCutFaces
            let outcome: Result<FocusAnalysis, DiagnosticList>
            do throws(DiagnosticList) {
                outcome = .success(try FocusAnalysisCache.shared.analysis(of: AnalysedFile(photo: photo), header: headers[index],
                                                                          decodeSize: decodeSizes[index], faces: wantsFaces,
                                                                          maxPixels: budget))
            } catch {
                outcome = .failure(error)
            }
            outcomes.withLock { $0[n] = outcome }
        }
        let analyses = outcomes.withLock { $0 }
        for (n, index) in analysed.enumerated() {
            let photo = spec.photos[index], placement = layout.photos[index]
            let size = headers[index].size
            let analysis: FocusAnalysis
            switch analyses[n] {
            case .success(let found)?: analysis = found
            case .failure(let error)?: problems += error.diagnostics; continue
            case nil: continue
            }
            if photo.focusStrategy != nil {
                let chosen = choose(photo, size: size, window: placement.crop, analysis: analysis)
                choices[index] = chosen.choice
                spec.photos[index].focusX = chosen.focusX
                spec.photos[index].focusY = chosen.focusY
                if let warning = chosen.warning {
                    spec.warnings.append(Diagnostic(.invalidValue, at: photo.focusLocation ?? photo.srcLocation, warning,
                                                    severity: .warning))
                }
            }
        }
        if !problems.isEmpty { throw DiagnosticList(problems) }
        layout = try relayout(spec)
        layout.background?.focus = backgroundChosen
        for (index, choice) in choices {
            layout.photos[index].focus = PhotoFocus(strategy: choice.strategy.rawValue, faces: choice.faces,
                                                    keptFaces: choice.keptFaces, score: choice.score)
        }
        if warnCutFaces {
            for index in analysed {
                let photo = spec.photos[index]
                guard let analysis = try? FocusAnalysisCache.shared.analysis(of: AnalysedFile(photo: photo), header: headers[index],
                                                                             decodeSize: decodeSizes[index], faces: true,
                                                                             maxPixels: budget) else { continue }
                let how = photo.focusStrategy.map { "focus: \($0.rawValue)" } ?? "focus [\(photo.focusX), \(photo.focusY)]"
                if let warning = cutFaces("photo '\(photo.id)'", how: how, faces: analysis.sourceFaces, window: layout.photos[index].crop,
                                          at: photo.srcLocation) {
                    spec.warnings.append(warning)
                }
            }
            warnCutBackgroundFaces(&spec, header: backgroundHeader, layout: layout, maxPixels: budget)
        }
        return deferred
    }

    /// `check --warn-cut-faces` for a `cover` background image with a fixed
    /// `focus` (a strategy's window is the strategy's own choice): the
    /// warning of `cutFaces` at its `src`. An image that cannot be analysed
    /// gets none (the render reports its decode error).
    private static func warnCutBackgroundFaces(_ spec: inout Spec, header: ImageHeader?, layout: Layout, maxPixels: Int) {
        guard let image = spec.canvas.image, image.focusStrategy == nil, image.fit == .cover, let header,
              let window = layout.background?.pieces.first?.source,
              let analysis = try? FocusAnalysisCache.shared.analysis(of: AnalysedFile(background: image), header: header, faces: true,
                                                                     maxPixels: maxPixels)
        else { return }
        if let warning = cutFaces("background image '\(image.src)'", how: "focus [\(image.focusX), \(image.focusY)]",
                                  faces: analysis.sourceFaces, window: window, at: image.srcLocation) {
            spec.warnings.append(warning)
        }
    }

    /// The warning of `check --warn-cut-faces` at `location` when the crop
    /// `window` (oriented source pixels) cuts any of `faces` (partly
    /// inside; half a pixel of slack) or leaves any out entirely; nil when
    /// every face is wholly inside. `how` names the focus in the message.
    static func cutFaces(_ subject: String, how: String, faces: [Rect], window: Rect, at location: SourceLocation) -> Diagnostic? {
        let outside = faces.filter { face in
            face.maxX <= window.x || face.x >= window.maxX || face.maxY <= window.y || face.y >= window.maxY
        }
        let cut = faces.filter { face in
            let inside = face.x >= window.x - 0.5 && face.y >= window.y - 0.5
                && face.maxX <= window.maxX + 0.5 && face.maxY <= window.maxY + 0.5
            return !inside && !outside.contains(face)
        }
        guard !cut.isEmpty || !outside.isEmpty else { return nil }
        func boxes(_ faces: [Rect]) -> String {
            faces.map { "(\(Int($0.x)), \(Int($0.y)), \(Int($0.width))x\(Int($0.height)))" }.joined(separator: ", ")
        }
        func count(_ n: Int) -> String { "\(n) detected face\(n == 1 ? "" : "s")" }
        let parts = (cut.isEmpty ? [] : ["cuts \(count(cut.count)) at \(boxes(cut))"])
            + (outside.isEmpty ? [] : ["leaves out \(count(outside.count)) at \(boxes(outside))"])
        return Diagnostic(.invalidValue, at: location, "\(subject): its crop (\(how)) " + parts.joined(separator: " and "),
                          severity: .warning, notes: ["'focus: faces' keeps every detected face inside the crop"])
    }
}

/// The file a focus strategy analyses (a photo or the background image), and where to report its problems.
struct AnalysedFile {
    var path: String, src: String
    var srcLocation: SourceLocation
    /// The `focus` value, when written.
    var focusLocation: SourceLocation?
    /// "photo" or "background image", for messages.
    var what: String

    init(photo: PhotoSpec) {
        path = photo.path; src = photo.src; srcLocation = photo.srcLocation; focusLocation = photo.focusLocation; what = "photo"
    }

    init(background image: BackgroundImageSpec) {
        path = image.path; src = image.src; srcLocation = image.srcLocation; focusLocation = image.focusLocation
        what = "background image"
    }
}

/// One photo's analysis: its saliency map and (when asked for) faces.
struct FocusAnalysis: @unchecked Sendable {
    var saliency: SaliencyMap
    /// Oriented source pixels per analysis pixel.
    var scale: (x: Double, y: Double)
    var size: Size
    var grey: GreyImage
    /// Analysis pixels, largest first; empty until detected.
    var faces: [DetectedFace] = []
    var facesDetected = false

    var sourceFaces: [Rect] {
        faces.map { Rect(x: Double($0.box.x) * scale.x, y: Double($0.box.y) * scale.y,
                         width: Double($0.box.width) * scale.x, height: Double($0.box.height) * scale.y) }
    }
}

/// The analyses of this process, by file and what was asked: a batch
/// analyses each photo once across its rows. Holds at most 64 photos
/// (about 2 MB each); the oldest is dropped first. An analysis is kept under
/// the decoded-pixel budget its decode was held to (`--max-pixels`): a call
/// with another budget decodes again (refused when over it, as the render is).
final class FocusAnalysisCache: @unchecked Sendable {
    static let shared = FocusAnalysisCache()
    private let lock = PlainLock()
    private var entries: [String: FocusAnalysis] = [:]
    private var order: [String] = []
    /// How many analyses were computed (not found in the cache), for the tests.
    private(set) var computed = 0

    /// The error when `photo` cannot be decoded for its analysis: at its
    /// `src`, with a note on `--max-pixels` when over the budget.
    static func decodeProblem(_ photo: AnalysedFile, _ error: ImageError) -> DiagnosticList {
        DiagnosticList([Diagnostic(.unreadableImage, at: photo.srcLocation,
            "cannot analyse \(photo.what) '\(photo.src)' for 'focus': \(error.reason)",
            notes: ["resolved path: \(photo.path)"] + (error.kind == .tooLarge ? ["--max-pixels N raises the decoded-pixel budget"] : []))])
    }

    /// - Parameter maxPixels: the decode's budget (`DecodeOptions.maxPixels`).
    /// - Throws: the decode's error at the photo's `src` (with a note on
    ///   `--max-pixels` when over the budget), a cascade problem at its `focus`.
    /// - Parameter decodeSize: the `minimumSize` of the decode the analysis
    ///   image is reduced from (`FocusResolver.analysisDecodeSizes`: a photo's
    ///   render decode); nil: `AnalysisImage.decodeSize(for:)`, the DCT 1/8-1/2
    ///   decode (the background image's).
    /// - Parameter decoded: that decode as stored and its orientation, when
    ///   the caller has it (the render's own decode, `CodecImageProvider`);
    ///   nil: decoded here (`ImageDecoder.decodeStored`, as the render does).
    func analysis(of photo: AnalysedFile, header: ImageHeader, decodeSize: Size? = nil, faces: Bool,
                  maxPixels: Int = DecodeOptions.defaultMaxPixels, decoded: (pixmap: Pixmap, orientation: StoredOrientation)? = nil)
        throws(DiagnosticList) -> FocusAnalysis {
        let decodeSize = decodeSize ?? AnalysisImage.decodeSize(for: header.size)
        var status = stat()
        let stamp = stat(photo.path, &status) == 0 ? "\(status.st_size):\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)" : ""
        let key = "\(photo.path)|\(stamp)|\(header.orientation.rawValue)|\(maxPixels)|\(decodeSize.width)x\(decodeSize.height)"
        lock.lock()
        let found = entries[key]
        lock.unlock()
        var analysis: FocusAnalysis
        if let found {
            analysis = found
        } else {
            let stored: (pixmap: Pixmap, orientation: StoredOrientation)
            if let decoded {
                stored = decoded
            } else {
                do {
                    let result = try ImageDecoder.decodeStored(path: photo.path, options: DecodeOptions(
                        minimumSize: decodeSize, maxPixels: maxPixels, orientation: header.orientation))
                    stored = (result.pixmap, result.header.orientation.stored)
                } catch {
                    throw Self.decodeProblem(photo, error)
                }
            }
            let image = AnalysisImage(stored: stored.pixmap, orientation: stored.orientation, source: header.size)
            analysis = FocusAnalysis(saliency: SaliencyMap(image), scale: (image.scaleX, image.scaleY), size: header.size, grey: image.grey)
        }
        if faces && !analysis.facesDetected {
            let detector: FaceDetector
            do throws(CascadeError) { detector = try FaceDetector.shared() } catch {
                throw DiagnosticList([Diagnostic(.missingFile, at: photo.focusLocation ?? photo.srcLocation,
                    "'focus: faces' cannot read its face cascade \(error.description)")])
            }
            analysis.faces = detector.faces(in: analysis.grey)
            analysis.facesDetected = true
        }
        if found == nil || (faces && found?.facesDetected == false) {
            lock.lock()
            if found == nil { computed += 1 }
            if entries[key] == nil { order.append(key) }
            entries[key] = analysis
            while order.count > 64 { entries[order.removeFirst()] = nil }
            lock.unlock()
        }
        return analysis
    }
}

extension FocusResolver {
    /// The warning when `focus: faces` cannot keep every face (`found`, of
    /// which the `kept` largest fit the cell's `window`, in pixels of the photo).
    static func facesDoNotFit(_ subject: String, found: Int, kept: Int, window: (width: Double, height: Double)) -> String {
        let size = "its \(Int(window.width.rounded())) x \(Int(window.height.rounded())) px window"
        let faces = found == 1 ? "1 face found" : "\(found) faces found"
        let fit = kept == 0 ? (found == 1 ? "it does not fit \(size)" : "none fits \(size)") : "only the \(kept) largest fit \(size)"
        return "\(subject): \(faces), but \(fit)"
    }
}
