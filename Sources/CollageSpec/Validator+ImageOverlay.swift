/// Image overlays (issue 5): `image` (a path, required), `anchor` (default
/// center), `offset` [x, y], `width`/`height` (lengths; aspect kept when one
/// is given), `opacity` (0...1), `photo: ID` (anchor inside that photo's cell).
extension Validator {
    /// The keys an image overlay takes; the overlay's other keys are for text.
    static let imageOverlayKeys: Set<String> = ["image", "anchor", "offset", "width", "height", "opacity", "photo"]

    mutating func readImageOverlay(_ imageEntry: Node.Entry, keys: [String: Node.Entry], node: Node) -> OverlaySpec? {
        guard let src = string(imageEntry.value, key: "image") else { return nil }
        guard !src.isEmpty else {
            report(.invalidValue, imageEntry.value.location, "'image' is empty; give the path of an image file")
            return nil
        }
        let path = PathResolver.resolve(src, against: baseDirectory)
        var failed = false
        if !requireRegularFile(path, src: src, what: "overlay image", at: imageEntry.value.location,
                               missing: "overlay image not found: '\(src)'") {
            failed = true
        }
        // Keys of text overlays are refused by name here (never silently ignored).
        for key in Vocabulary.overlay.allKeys where !Self.imageOverlayKeys.contains(key) && keys[key] != nil {
            report(.invalidValue, keys[key]!.keyLocation, "'\(key)' applies only to text overlays")
            failed = true
        }
        var image = ImageOverlaySpec(path: path, src: src, srcLocation: imageEntry.value.location)
        var anchor = Anchor.center
        if let entry = keys["anchor"] {
            if let name = enumeration(entry.value, key: "anchor", allowed: Self.boxAnchors) {
                anchor = Anchor(rawValue: name) ?? .center
            } else { failed = true }
        }
        // The same range as a text overlay's offset (±100000 px, ±1000%),
        // checked here so that no arithmetic sees an offset of 1e19.
        if let entry = keys["offset"] {
            if let (x, y) = lengthPair(entry.value, key: "offset") {
                image.offsetX = x; image.offsetY = y
            } else { failed = true }
        }
        for key in ["width", "height"] {
            guard let entry = keys[key] else { continue }
            guard let value = length(entry.value, key: key) else { failed = true; continue }
            let amount = value.value
            guard amount > 0, amount <= Double(Self.maxCanvasSide) else {
                report(.outOfRange, entry.value.location,
                       "'\(key)' must be more than 0 and at most \(Self.maxCanvasSide) pixels (or percent); found \(describe(entry.value))")
                failed = true
                continue
            }
            if key == "width" { image.width = value } else { image.height = value }
        }
        if let entry = keys["opacity"] {
            if let value = number(entry.value, key: "opacity", range: 0...1, rangeText: "a fraction from 0 to 1") {
                image.opacity = value
            } else { failed = true }
        }
        guard !failed else { return nil }
        var overlay = OverlaySpec(content: .image(image), anchor: anchor, location: node.location)
        // `photo: ID` is checked against the laid-out photos by `checkOverlayPhotos`, as for text.
        if let entry = keys["photo"] {
            guard let id = string(entry.value, key: "photo") else { return nil }
            overlay.photo = id
            overlay.photoLocation = entry.value.location
        }
        return overlay
    }
}
