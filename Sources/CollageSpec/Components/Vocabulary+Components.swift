/// The mappings components, uses, includes and variants add (docs/format.md
/// "Components", "Includes", "Variants").
extension Vocabulary {
    /// One component under `components:` (`ComponentDefinition`; the schema's `$defs/component`).
    static let component = Section(name: "component", phrase: "in a component",
        supported: ["width", "height", "params", "overlays", "override"], unsupported: [], booleans: ["override"])
    /// One parameter under a component's `params` (the schema's `$defs/componentParam`).
    static let componentParam = Section(name: "param", phrase: "in a component parameter",
        supported: ["type", "default"], unsupported: [])
    /// An overlay that places a component (`use:`; the schema's `$defs/use`).
    static let use = Section(name: "use", phrase: "in a 'use' overlay",
        supported: ["use", "with", "id", "anchor", "offset", "photo", "rotation", "opacity", "layer", "blend", "shadow"],
        unsupported: [])
}

extension Vocabulary {
    /// One variant under `variants:` (`DocumentVariants`; the schema's `$defs/variant`).
    static let variant = Section(name: "variant", phrase: "in a variant",
        supported: ["width", "height", "overrides"], unsupported: [])
}
