/// Turns a parsed `Node` tree into a typed `Spec`, collecting every problem
/// it finds (README "Rules": Errors): unknown keys with suggestions, keys of
/// features not built yet as `.unsupported`, wrong types (expected vs found),
/// missing keys, out-of-range values, missing photo files, unknown ids.
///
/// Scalars are typed by the key's expected type: a string key keeps the
/// scalar's source text, numbers are decimal, so `010` is 10.
struct Validator {
    /// The text being read: the document's, or while an included file or a
    /// component declared in one is read, that file's.
    var source: SourceText
    /// Absolute folder against which relative photo paths resolve (the
    /// folder of the file being read: `source`).
    var baseDirectory: String
    /// What is at a path (symlinks followed; injectable for tests).
    let fileKind: (String) -> FileSystem.Kind
    /// Overrides for `vars` (`--set name=value`); they win over the document.
    let overrides: [String: String]
    /// Variables in effect: the document's `vars`, then the overrides.
    var variables: [String: String] = [:]
    var diagnostics: [Diagnostic] = []
    /// The canvas sides the document gives, the reference of percentage lengths.
    var canvasWidth: Int?
    var canvasHeight: Int?
    /// `canvas.dpi`, the pixels per inch of physical lengths (`Validator+PhysicalLength`).
    var dpi: Int?
    /// Photo globs expanded so far (numbers `PhotoSpec.dateSortGroup`).
    var globCount = 0
    /// The `src` locations of photos that give a `focus` of their own (`layout.focus` does not apply to them).
    var ownFocus: Set<SourceLocation> = []
    /// Keys validated but reported `.unsupported` because rendering does not
    /// draw them yet (`Vocabulary.unrendered`; tests may clear it to read
    /// the values such keys carry).
    var unrendered = Vocabulary.unrendered

    /// Largest canvas side and area in pixels (`CanvasLimits`).
    static let maxCanvasSide = CanvasLimits.maxSide
    static let maxCanvasArea = CanvasLimits.maxArea
    /// Most photos the `auto` layout takes (docs/format.md "Layout rules").
    static let maxAutoPhotos = 9

    /// The folder every file must resolve inside (`InputRoot`); nil: anywhere.
    let root: InputRoot?
    /// Components, includes and variants (`Components/`).
    var templates = TemplateState()

    init(source: SourceText, baseDirectory: String, overrides: [String: String],
         fileKind: @escaping (String) -> FileSystem.Kind, root: InputRoot? = nil) {
        self.source = source
        self.baseDirectory = baseDirectory
        self.overrides = overrides
        self.fileKind = fileKind
        self.root = root
    }

    var documentStart: SourceLocation { source.location(line: 1, column: 1) }

    mutating func report(_ kind: Diagnostic.Kind, _ location: SourceLocation?, _ message: String,
                         notes: [String] = [], severity: Diagnostic.Severity = .error) {
        diagnostics.append(locatedInInclude(Diagnostic(kind, at: location, message, severity: severity, notes: notes)))
    }

    /// Sets `dpi` from `canvas.dpi` before components (included ones too)
    /// are read, so that their physical lengths (`30mm`) resolve; reports
    /// nothing (`readCanvas` reports its errors later).
    mutating func peekCanvasDPI(_ canvas: Node.Entry?) {
        guard let canvas, case .mapping(let entries) = canvas.value.content,
              let entry = entries.first(where: { $0.key == "dpi" }) else { return }
        let reported = diagnostics
        dpi = int(entry.value, key: "dpi", range: 1...65535)
        diagnostics = reported
    }

    /// Validates the whole document. Returns nil when any error was found
    /// (they are in `diagnostics`).
    mutating func validate(_ root: Node?) -> Spec? {
        guard let root else {
            report(.missingKey, documentStart, "the document is empty; it needs at least 'version' and 'photos'")
            return nil
        }
        guard let top = keys(of: root, in: Vocabulary.root, key: nil) else { return nil }

        peekCanvasDPI(top["canvas"])
        readIncludes(top["include"])
        readVariables(top["vars"])
        readComponents(top["components"])
        let variantNames = readVariants(top["variants"])

        var version = 1
        if let entry = top["version"] {
            if let value = int(entry.value, key: "version", range: 1...Int.max) {
                if value != 1 {
                    report(.outOfRange, entry.value.location,
                           "unsupported version \(value); this collage reads version 1 documents")
                }
                version = value
            }
        } else {
            report(.missingKey, documentStart, "missing key 'version' at the top level; add 'version: 1'")
        }

        let canvasEntry = top["canvas"]
        let reportedBeforeCanvas = diagnostics.count
        let canvas = readCanvas(canvasEntry)
        let canvasHadErrors = diagnostics.count > reportedBeforeCanvas
        canvasWidth = canvas.width
        canvasHeight = canvas.height
        var output = readOutput(top["output"])
        if output.dpi == nil { output.dpi = canvas.dpi }   // `output.dpi` defaults to `canvas.dpi`
        let print = readPrint(top["print"], canvas: canvas)
        let photos = readPhotos(top["photos"])
        var ordered = applyOrder(top["order"], to: photos)
        if top["order"] != nil {   // `order` wins over a glob's `sort: date`
            ordered = ordered?.map { photo in var photo = photo; photo.dateSortGroup = nil; return photo }
        }
        let layout = readLayout(top["layout"], photoCount: ordered?.count, photosEntry: top["photos"])
        if let focus = layout?.focus, let photos = ordered {
            // `layout.focus`: every photo that gives no `focus` of its own.
            ordered = photos.map { photo in
                var photo = photo
                if !ownFocus.contains(photo.srcLocation) { photo.setFocus(focus, at: layout?.focusLocation) }
                return photo
            }
        }
        if let layout, let ordered {
            checkPhotoKeys(ordered, against: layout)
            checkGrid(ordered, layout: layout)
        }
        // docs/format.md "canvas": a canvas side can be derived for one photo only, so with
        // two or more both are required (reported here rather than by the
        // layout stage). A canvas with errors of its own (a misspelled
        // 'widht', an invalid side) was reported already: no extra noise.
        if let count = ordered?.count, count >= 2, !canvasHadErrors {
            let derivable = layout.flatMap { $0.kind.name.reading.derivedSide(of: $0.kind) } ?? ""
            for (side, value) in [("width", canvas.width), ("height", canvas.height)] where value == nil && side != derivable {
                report(.missingKey, canvasEntry?.keyLocation ?? documentStart,
                       "missing canvas '\(side)': it can only be derived for a single photo, and this document lays out \(count)",
                       notes: ["give the canvas 'width' and 'height' in pixels"])
            }
        }
        // docs/format.md "photos": a document without photos (none listed,
        // an empty list, or `order: []`) is a card of overlays, and nothing
        // can size its canvas.
        // (A list whose photos all failed to read is reported at them instead.)
        let emptyOrder: Bool = if let order = top["order"], case .sequence(let items) = order.value.content { items.isEmpty } else { false }
        let listsNone = photos.map { $0.photos.isEmpty && $0.complete } ?? false
        if let count = ordered?.count, count == 0, listsNone || emptyOrder, !canvasHadErrors,
           canvas.width == nil || canvas.height == nil {
            let missing = [("width", canvas.width), ("height", canvas.height)].filter { $0.1 == nil }.map { "'\($0.0)'" }
            let sides = missing.joined(separator: " and ")
            let notes = ["give the canvas 'width' and 'height' in pixels for a card without photos"]
            if emptyOrder, let order = top["order"] {
                report(.missingKey, order.value.location, "'order' lists no photos, so the canvas needs \(sides)", notes: notes)
            } else if let photosEntry = top["photos"] {
                report(.missingKey, photosEntry.value.location, "'photos' lists no photos, so the canvas needs \(sides)", notes: notes)
            } else {
                report(.missingKey, documentStart,
                       "missing key 'photos' at the top level: the list of photos to lay out (or, for a card without photos, the canvas \(sides))",
                       notes: notes)
            }
        }
        let overlays = readOverlays(top["overlays"])
        checkOverlayPhotos(overlays, photos: ordered)

        guard !diagnostics.contains(where: { $0.severity == .error }),
              let ordered, let layout else { return nil }
        var spec = Spec(file: source.file, version: version, canvas: canvas, output: output,
                        photos: ordered, layout: layout, overlays: overlays, variables: variables)
        spec.print = print
        spec.includes = templates.includeInputs
        spec.variants = variantNames
        return spec
    }

    // MARK: - Mappings

    /// The entries of a mapping node whose keys the format supports, keyed by
    /// name. Reports unknown keys (with a suggestion), unsupported keys, and
    /// a node that is not a mapping (`key` names it in that message).
    mutating func keys(of node: Node, in section: Section, key: String?) -> [String: Node.Entry]? {
        guard case .mapping(let entries) = node.content else {
            let what = key.map { "'\($0)'" } ?? "the document"
            report(.wrongType, node.location, "expected a mapping of keys for \(what), found \(describe(node))")
            return nil
        }
        var result: [String: Node.Entry] = [:]
        for entry in entries {
            if section.supported.contains(entry.key) {
                result[entry.key] = entry
            } else if section.unsupported.contains(entry.key) {
                // A mistyped boolean is reported as such (with the spelling
                // meant) before the feature is: the fix is needed either way.
                if section.booleans.contains(entry.key), boolean(entry.value, key: entry.key) == nil { continue }
                report(.unsupported, entry.keyLocation,
                       "'\(entry.key)' \(section.phrase) is not supported yet")
            } else if let suggestion = Suggestions.closest(to: entry.key, in: section.allKeys) {
                report(.unknownKey, entry.keyLocation,
                       "unknown key '\(entry.key)' \(section.phrase); did you mean '\(suggestion)'?")
            } else {
                report(.unknownKey, entry.keyLocation, "unknown key '\(entry.key)' \(section.phrase)",
                       notes: ["known keys: " + section.allKeys.joined(separator: ", ")])
            }
        }
        return result
    }
}
