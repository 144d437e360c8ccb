/// What the validator keeps while it reads components, includes and
/// variants (docs/format.md "Components", "Includes").
struct TemplateState: Sendable {
    /// Components by name: included ones first, then the document's.
    var components: [String: ComponentDefinition] = [:]
    /// The uses being expanded, outermost first, for the cycle check.
    var chain: [(name: String, location: SourceLocation)] = []
    /// The instances the overlays being read sit in, outermost first.
    var groups: [ComponentInstance] = []
    /// The component whose own overlays are being read when it omits
    /// `width` or `height`: a percentage inside it has no box to refer to.
    var measuredBox: String?
    /// Components whose definition had an error (reported there): a use of
    /// one is not reported again as "no component named".
    var failedComponents: Set<String> = []
    /// Overlay items read inside components so far (nested uses count at
    /// every level), against `Validator.maxExpandedOverlays`.
    var expandedOverlays = 0
    /// Set once a use crossed `Validator.maxExpandedOverlays` (reported at it):
    /// no use is expanded after it.
    var expansionCapped = false
    /// Uses expanded so far (numbers `ComponentInstance.instance`).
    var uses = 0
    /// Files read by `include`, by the name their locations carry.
    var included: [String: IncludedFile] = [:]
    /// The included files' paths being read, outermost first (cycle check).
    var includeStack: [String] = []
    /// Every included file, in reading order (`Spec.includes`).
    var includeInputs: [InputFile] = []
    /// Variables the included files define, and where.
    var includedVariables: [String: (value: String, location: SourceLocation)] = [:]
}

/// One file read by `include`: its text (for quoting its lines) and the
/// note naming the include chain that every diagnostic inside it carries.
struct IncludedFile: Sendable {
    var source: SourceText
    var chainNote: String
}
