import CollageSpec

/// The identity of a render's result, without rendering: `collage batch
/// --skip-unchanged` keeps it per output (`BatchStamps`), `collage serve`
/// sends it as the strong ETag and keys its result cache with it.
///
/// It is the SHA-256 (64 hex digits) of: the collage version and its
/// `renderingRules`; the render
/// settings that change pixels or bytes (`RenderOptions.stampText`); the
/// template's bytes; the values of the variables the template refers to
/// (`${name}`) and of `page` and `variant` (which choose a page and a
/// variant), which with the template fix the expanded document; and the
/// path, size and modification time (nanoseconds) of every file the
/// expanded document names (`Spec.inputs`, the single input list).
/// Computing it costs one `stat(2)` per input plus the hash of the template:
/// no file is read or decoded. Fonts chosen by `family` are known only after
/// shaping and are not in it.
public enum RenderStamp {
    /// The rendering rules' generation, hashed with the version: bumped by
    /// any change that makes the same document and inputs give other bytes
    /// between releases, so `--skip-unchanged` re-renders and a cached
    /// ETag stops matching. 2: `canvas.compositing` defaults to `css`
    /// (issue 36; the bytes of every translucent edge changed).
    public static let renderingRules = 2

    /// The stamp of `template` (its bytes) loaded as `spec` with
    /// `variables`, rendered with `options` by collage `version`.
    public static func stamp(template: [UInt8], variables: [String: String], spec: Spec, options: RenderOptions,
                             version: String) -> String {
        var hash = SHA256()
        hash.update("collage \(version) rules \(renderingRules)\n")
        hash.update(options.stampText + "\n")
        hash.update("template \(template.count)\n")
        hash.update(template)
        hash.update("\n")
        // `page` and `variant` choose what is rendered even where the template never writes `${page}`.
        let selectors = [DocumentPages.variable, DocumentVariants.variable]
        for name in selectors + BatchStamps.referencedVariables(in: template).filter({ !selectors.contains($0) }) {
            let value = variables[name].map { "=" + $0 } ?? " unset"
            hash.update("var \(name.utf8.count) \(name)\(value.utf8.count) \(value)\n")
        }
        for (path, signature) in zip(spec.inputs.map(\.path), inputSignatures(of: spec)) {
            hash.update("input \(path.utf8.count) \(path) \(signature)\n")
        }
        return hash.hex()
    }

    /// The identity of each input of `spec` as the stamp hashes it: "<size>
    /// <modification time, ns>", or "missing"; one `stat(2)` each. A caller
    /// that keeps a stamp may reuse it while these, the template and the
    /// variables are unchanged.
    public static func inputSignatures(of spec: Spec) -> [String] {
        spec.inputs.map { BatchStamps.signature(of: $0.path) }
    }
}
