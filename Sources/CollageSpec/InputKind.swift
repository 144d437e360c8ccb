/// What a file a document names is read as: the value of the key's
/// `x-collage-input` mark in `schema/collage.schema.json`.
public enum InputKind: String, Sendable, Hashable, CaseIterable {
    /// A raster or SVG image, decoded (photos, image overlays, a background image).
    case image
    /// A TrueType/OpenType font file.
    case font
    /// A collage document read by another (no key of format v1 names one yet).
    case document
}
