/// A component as declared under `components:` (docs/format.md
/// "Components"): a named, parameterised list of overlays laid out in a box.
/// Its overlays stay unread nodes until a `use` expands them with its
/// arguments, in the folder and source text of the file that declares it.
struct ComponentDefinition: Sendable {
    /// A declared parameter: `NAME: {type: string | number | color | boolean, default: VALUE}`.
    struct Parameter: Sendable {
        enum Kind: String, Sendable, CaseIterable { case string, number, color, boolean }
        var name: String
        var kind: Kind
        /// The default's text; nil: the parameter is required.
        var defaultValue: String?
        var location: SourceLocation
    }

    var name: String
    /// Where the component's name is written.
    var location: SourceLocation
    /// The box; nil when omitted (both are needed: `Validator.readUse`).
    var width: Length?
    var height: Length?
    var parameters: [Parameter]
    /// The `overlays` list, read at each use.
    var overlays: Node.Entry?
    /// `override: true`: replaces an earlier definition of the name without a warning.
    var overrides: Bool
    /// The folder and text of the file that declares it (paths inside resolve there).
    var baseDirectory: String
    var source: SourceText
}
