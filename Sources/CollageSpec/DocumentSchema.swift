/// The JSON Schema (2020-12) of the document format v1, as committed in
/// `schema/collage.schema.json`; `collage schema` prints `text`. Editors use
/// it for completion and checking (the `yaml-language-server` comment at the
/// top of a document points at it). Keys equal the validator's vocabulary
/// (checked by SchemaTests); the format reference is `docs/format.md`.
public enum DocumentSchema {
    /// The schema's `$id`: the format's identity, ending in `/v1`.
    public static let id = "https://collage.example/schema/collage.schema.json/v1"
}
