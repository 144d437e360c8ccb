/// `canvas.background` given as an image (`BackgroundImageSpec`), and a
/// photo's blurred `letterbox` (`LetterboxSpec`).
extension Validator {
    /// `letterbox`: a colour, or `{blur, dim}` (σ 0-1000 canvas pixels,
    /// default 0; dim 0-1, default 0).
    mutating func readLetterbox(_ node: Node) -> LetterboxSpec? {
        guard case .mapping = node.content else { return color(node, key: "letterbox").map(LetterboxSpec.color) }
        guard let keys = keys(of: node, in: Vocabulary.letterbox, key: "letterbox") else { return nil }
        var blur = 0.0, dim = 0.0, failed = false
        if let entry = keys["blur"] {
            if let value = number(entry.value, key: "blur", range: 0...1000,
                                  rangeText: "at least 0 and at most 1000 pixels (the Gaussian's standard deviation)", isLength: true) {
                blur = value + 0
            } else { failed = true }
        }
        if let entry = keys["dim"] {
            if let value = number(entry.value, key: "dim", range: 0...1, rangeText: "a fraction from 0 to 1") {
                dim = value + 0
            } else { failed = true }
        }
        return failed ? nil : .blur(blur: blur, dim: dim)
    }

    /// `{image, fit, focus, blur, filter, color}`: `image` required (a
    /// regular file); `blur` 0-1000 canvas pixels (σ); `blur` with `fit: tile`
    /// is not supported yet.
    mutating func readBackgroundImage(_ node: Node) -> BackgroundImageSpec? {
        guard let keys = keys(of: node, in: Vocabulary.backgroundImage, key: "background") else { return nil }
        guard let imageEntry = keys["image"] else {
            report(.missingKey, node.location,
                   "a background image needs 'image', the path of the image file (or give a colour, or a paint {gradient: ...})")
            return nil
        }
        guard let file = imageFile(imageEntry, key: BackgroundImageSpec.imageKey, what: "background image") else { return nil }
        var failed = !file.exists
        var image = BackgroundImageSpec(input: file.input)
        if let entry = keys["fit"] {
            if let name = enumeration(entry.value, key: "fit", allowed: BackgroundImageSpec.Fit.allCases.map(\.rawValue)),
               let fit = BackgroundImageSpec.Fit(rawValue: name) {
                image.fit = fit
            } else { failed = true }
        }
        if let entry = keys["focus"] {
            if let (x, y) = pair(entry.value, key: "focus", range: 0...1, rangeText: "a fraction from 0 to 1") {
                image.focusX = x + 0; image.focusY = y + 0
            } else { failed = true }
        }
        if let entry = keys["blur"] {
            if let blur = number(entry.value, key: "blur", range: 0...1000,
                                 rangeText: "at least 0 and at most 1000 pixels (the Gaussian's standard deviation)", isLength: true) {
                image.blur = blur + 0
                if image.fit == .tile, blur > 0 {
                    report(.unsupported, entry.keyLocation, "'blur' with 'fit: tile' is not supported yet",
                           notes: ["blur a cover image, or the tile image itself"])
                    failed = true
                }
            } else { failed = true }
        }
        if let entry = keys["filter"] {
            if let filters = readFilters(entry.value) { image.filters = filters } else { failed = true }
        }
        if let entry = keys["color"] {
            if let color = color(entry.value, key: "color") { image.color = color } else { failed = true }
        }
        return failed ? nil : image
    }
}
