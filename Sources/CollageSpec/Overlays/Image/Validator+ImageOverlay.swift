/// Image overlays (issue 5): `image` (a path, required), `width`/`height`
/// (lengths; aspect kept when one is given), `shadow` (`DropShadow`, cast by
/// the image's alpha, as CSS `drop-shadow`: no `spread`). The placement keys (`anchor`, `offset`, `photo`,
/// `rotation`, `opacity`) are read by `readOverlay` for every kind.
extension Validator {
    mutating func readImageOverlay(_ keys: [String: Node.Entry]) -> OverlayKind? {
        guard let file = imageFile(keys["image"]!, key: ImageOverlaySpec.imageKey, what: "overlay image") else { return nil }
        var failed = !file.exists
        var image = ImageOverlaySpec(input: file.input)
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
        if let entry = keys["shadow"] {
            if let shadow = readDropShadow(entry.value, of: "an image overlay") {
                image.shadow = shadow
                reportUnrendered("overlay.image.shadow", entry, phrase: "in an image overlay")
            } else { failed = true }
        }
        if let entry = keys["filter"] {
            if let filters = readFilters(entry.value) { image.filters = filters } else { failed = true }
        }
        return failed ? nil : .image(image)
    }
}
