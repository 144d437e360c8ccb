/// `photos` and `order` (docs/format.md): each photo is a
/// bare string (its `src`) or a mapping with `src`, `id` (default: the file
/// stem), `fit` and `focus`; `order` reorders and subsets by id.
extension Validator {
    /// A photo as read, before `order` is applied.
    struct PhotoEntry {
        var spec: PhotoSpec
        /// True when the document gave `id`; false when it is the file stem.
        var explicitId: Bool
        /// Where the photo's list item starts.
        var location: SourceLocation
        /// Where its `id` value is (the item's start when the id is the stem).
        var idLocation: SourceLocation
    }

    /// The photos read from `photos`, including those with errors other than
    /// in `src` and `id` (so `order` can still resolve their ids); nil when
    /// `photos` itself is missing or malformed. Errors are in `diagnostics`.
    ///
    /// No `photos` (or an empty list) is no photos: a card of overlays
    /// alone, which `validate` allows when the canvas gives both sides.
    mutating func readPhotos(_ entry: Node.Entry?) -> (photos: [PhotoEntry], complete: Bool)? {
        guard let entry else { return ([], true) }
        guard case .sequence(let items) = entry.value.content else {
            report(.wrongType, entry.value.location,
                   "expected a list of photos for 'photos', found \(describe(entry.value))")
            return nil
        }
        var photos: [PhotoEntry] = []
        var complete = true
        var explicitIds: [String: SourceLocation] = [:]
        for item in items {
            guard let expanded = readPhoto(item) else { complete = false; continue }
            for photo in expanded {
            if photo.explicitId {
                if let first = explicitIds[photo.spec.id] {
                    report(.invalidValue, photo.idLocation,
                           "photo id '\(photo.spec.id)' is already used by the photo on line \(first.line)",
                           notes: ["ids must be unique"])
                } else {
                    explicitIds[photo.spec.id] = photo.location
                }
            }
            photos.append(photo)
            }
        }
        return (photos, complete)
    }

    /// One photo, or the photos a glob `src` expands to (name order, ids
    /// from the file stems); nil when its `src` or `id` cannot be read or a
    /// glob matches nothing. Other errors are reported and the photos are
    /// still returned.
    private mutating func readPhoto(_ node: Node) -> [PhotoEntry]? {
        var srcNode = node
        var keys: [String: Node.Entry] = [:]
        switch node.content {
        case .scalar:
            break
        case .mapping:
            guard let found = self.keys(of: node, in: Vocabulary.photo, key: "photos") else { return nil }
            keys = found
            guard let src = keys["src"] else {
                report(.missingKey, node.location, "missing key 'src' in a photo: the path of the image file")
                return nil
            }
            srcNode = src.value
        case .sequence:
            report(.wrongType, node.location,
                   "expected a photo path or a mapping with 'src' in 'photos', found a list")
            return nil
        }
        guard let src = string(srcNode, key: "src") else { return nil }
        guard !src.isEmpty else {
            report(.invalidValue, srcNode.location, "'src' is empty; give the path of an image file")
            return nil
        }
        let path: String
        switch PhotoGlob.reading(src, against: baseDirectory, kind: fileKind) {
        case .pattern(let pattern):
            return readGlob(src, pattern: pattern, at: srcNode.location, node: node, keys: keys)
        case .file(let file):
            path = file
        }
        if let sort = keys["sort"] {
            report(.invalidValue, sort.keyLocation, "'sort' applies only to a glob 'src' such as \"photos/*.jpg\"")
        }
        let file = inputFile(src, key: PhotoSpec.sourceKey, at: srcNode.location,
                             what: "photo", missing: "photo file not found: '\(src)'", resolving: path)
        var photo = PhotoSpec(input: file.input, id: PathResolver.stem(of: src))
        var explicitId = false
        var idLocation = node.location
        if let id = keys["id"] {
            idLocation = id.value.location
            if let value = string(id.value, key: "id") {
                guard !value.isEmpty else {
                    report(.invalidValue, id.value.location, "'id' is empty")
                    return nil
                }
                photo.id = value
                explicitId = true
            } else { return nil }
        }
        readFitAndStyle(keys, into: &photo)
        photo.location = node.location
        return [PhotoEntry(spec: photo, explicitId: explicitId, location: node.location, idLocation: idLocation)]
    }

    /// `fit`, `focus` and the style keys, shared by a photo and a glob's photos.
    private mutating func readFitAndStyle(_ keys: [String: Node.Entry], into photo: inout PhotoSpec) {
        if let fit = keys["fit"] {
            if let name = enumeration(fit.value, key: "fit", allowed: Vocabulary.fits) {
                photo.fit = Fit(rawValue: name) ?? .cover
            }
        }
        if let focus = keys["focus"] {
            ownFocus.insert(photo.srcLocation)
            if let setting = focusSetting(focus.value) { photo.setFocus(setting, at: focus.value.location) }
        }
        readPhotoStyle(keys, into: &photo)
    }

    /// The photos of a glob `src`: every regular file it matches, in name
    /// order, each with its file stem as id and the item's other keys;
    /// `sort: date` marks them for the pipeline to reorder by EXIF date
    /// (unless `order` is given). `id` is an error here (ids come from stems).
    private mutating func readGlob(_ src: String, pattern: String, at location: SourceLocation, node: Node,
                                   keys: [String: Node.Entry]) -> [PhotoEntry]? {
        if let id = keys["id"] {
            report(.invalidValue, id.keyLocation, "'id' cannot be given for a glob 'src'; each photo's id is its file stem")
            return nil
        }
        var byDate = false
        if let sort = keys["sort"] {
            guard let name = enumeration(sort.value, key: "sort", allowed: Vocabulary.sortOrders) else { return nil }
            byDate = name == "date"
        }
        // A pattern whose folder is outside the root is not expanded (its
        // matches, or their number, would be told); one that matches a link
        // pointing out is refused as a whole, naming no match.
        guard refuseOutsideRoot(src, path: pattern, at: location) else { return nil }
        let paths = PhotoGlob.expand(pattern)
        if let root, paths.contains(where: { !root.contains($0) }) {
            report(.pathOutsideRoot, location, "the photo pattern '\(src)' matches files outside the allowed root '\(root.path)'",
                   notes: ["--root allows only files inside that folder, after following symlinks"])
            return nil
        }
        guard !paths.isEmpty else {
            report(.missingFile, location, "no file matches the photo pattern '\(src)'",
                   notes: ["looked for \(pattern)"])
            return nil
        }
        globCount += 1
        // Each match is resolved like any other file (it was a regular file
        // when matched; one removed since is reported).
        let inputs = paths.map { path in
            inputFile(src, key: PhotoSpec.sourceKey, at: location, what: "photo",
                      missing: "photo file '\(path)' matched by '\(src)' is gone", resolving: path).input
        }
        var template = PhotoSpec(input: inputs[0], id: "")
        template.location = node.location
        readFitAndStyle(keys, into: &template)
        if byDate { template.dateSortGroup = globCount }
        return inputs.map { input in
            var photo = template
            photo.input = input
            photo.id = PathResolver.stem(of: input.path)
            return PhotoEntry(spec: photo, explicitId: false, location: node.location, idLocation: node.location)
        }
    }

    /// The photos in layout order: `order` applied (reordered and subset by
    /// id), else the list order. An id shared by several photos (two files
    /// with the same stem, say) is an error only where `order` names it.
    mutating func applyOrder(_ entry: Node.Entry?, to read: (photos: [PhotoEntry], complete: Bool)?) -> [PhotoSpec]? {
        guard let read else { return nil }
        let photos = read.photos
        guard let entry else { return photos.map(\.spec) }
        guard case .sequence(let items) = entry.value.content else {
            report(.wrongType, entry.value.location,
                   "expected a list of photo ids for 'order', found \(describe(entry.value))")
            return nil
        }
        var result: [PhotoSpec] = []
        var listed: [String: SourceLocation] = [:]
        var failed = false
        for item in items {
            guard let id = string(item, key: "order") else { failed = true; continue }
            if let first = listed[id] {
                report(.invalidValue, item.location,
                       "'\(id)' is listed twice in 'order' (first on line \(first.line))")
                failed = true
                continue
            }
            listed[id] = item.location
            let explicit = photos.filter { $0.explicitId && $0.spec.id == id }
            let matches = explicit.count == 1 ? explicit : photos.filter { $0.spec.id == id }
            if matches.count == 1 {
                result.append(matches[0].spec)
            } else if matches.isEmpty {
                if !read.complete { failed = true; continue }   // it may be the id of an unreadable photo
                var message = "no photo has id '\(id)'"
                if let suggestion = Suggestions.closest(to: id, in: photos.map(\.spec.id)) {
                    message += "; did you mean '\(suggestion)'?"
                }
                report(.unknownId, item.location, message,
                       notes: ["ids: " + photos.map(\.spec.id).joined(separator: ", ")])
                failed = true
            } else {
                let lines = matches.map { "line \($0.location.line)" }.joined(separator: ", ")
                report(.invalidValue, item.location,
                       "id '\(id)' is ambiguous: the photos on \(lines) all have it",
                       notes: ["give those photos distinct 'id's"])
                failed = true
            }
        }
        return failed ? nil : result
    }
}
