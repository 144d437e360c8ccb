import CollageSpec

/// Components, includes and variants in a built document (docs/format.md
/// "Components", "Includes", "Variants"), written to the JSON the
/// validator reads like every other key.
extension CollageDocument {
    /// `components.NAME`: overlays laid out in a box of `width` x `height`.
    public struct Component: Sendable, Equatable {
        /// A parameter's type (`params.NAME.type`).
        public enum ParameterType: String, Sendable, Equatable { case string, number, color, boolean }
        /// `params.NAME`: its type, and a default (nil: required).
        public struct Parameter: Sendable, Equatable {
            public var type: ParameterType
            public var defaultValue: String?
            public init(_ type: ParameterType = .string, default defaultValue: String? = nil) {
                self.type = type; self.defaultValue = defaultValue
            }
        }
        /// The box: pixels, or a percentage of the area the component is placed
        /// in; nil: the union of the overlays laid out at the origin (docs/format.md "Components").
        public var width: Length?, height: Length?
        public var parameters: [String: Parameter]
        public var overlays: [Overlay]
        /// `override: true`: replaces an included definition without a warning.
        public var overrides: Bool
        public init(width: Length? = nil, height: Length? = nil, parameters: [String: Parameter] = [:], overlays: [Overlay],
                    overrides: Bool = false) {
            self.width = width; self.height = height; self.parameters = parameters; self.overlays = overlays
            self.overrides = overrides
        }
    }

    /// `variants.NAME`: a canvas size and overrides by key path (`"overlays.title.font.size"`).
    public struct Variant: Sendable, Equatable {
        public var width: Int?, height: Int?
        public var overrides: [String: JSONText.Value]
        public init(width: Int? = nil, height: Int? = nil, overrides: [String: JSONText.Value] = [:]) {
            self.width = width; self.height = height; self.overrides = overrides
        }
    }

    /// The template keys as JSON members, after `vars`.
    var templateMembers: [(String, JSONText.Value)] {
        var members: [(String, JSONText.Value)] = []
        if !includes.isEmpty { members.append(("include", .array(includes.map { .string($0) }))) }
        if !components.isEmpty {
            members.append(("components", .object(components.keys.sorted().map { ($0, components[$0]!.json) })))
        }
        if !variants.isEmpty {
            members.append(("variants", .object(variants.keys.sorted().map { ($0, variants[$0]!.json) })))
        }
        return members
    }
}

extension CollageDocument.Overlay {
    /// A use of the component `name` with `arguments` (`use:`, `with:`),
    /// placed and drawn as one group by the overlay's placement keys.
    public static func use(_ name: String, with arguments: [String: String] = [:], anchor: Anchor? = nil,
                           offset: (x: CollageDocument.Length, y: CollageDocument.Length)? = nil,
                           rotation: Double? = nil, opacity: Double? = nil) -> Self {
        var members: [String: JSONText.Value] = [:]
        if !arguments.isEmpty { members["with"] = .object(arguments.keys.sorted().map { ($0, .string(arguments[$0]!)) }) }
        return Self(.use(name), anchor: anchor, offset: offset, rotation: rotation, opacity: opacity, additionalKeys: members)
    }
}

extension CollageDocument.Component {
    var json: JSONText.Value {
        CollageDocument.object([
            ("width", width?.json), ("height", height?.json),
            ("params", parameters.isEmpty ? nil : .object(parameters.keys.sorted().map { name in
                let parameter = parameters[name]!
                return (name, CollageDocument.object([("type", .string(parameter.type.rawValue)),
                                                      ("default", parameter.defaultValue.map { .string($0) })]))
            })),
            ("overlays", .array(overlays.map(\.json))), ("override", overrides ? .bool(true) : nil),
        ])
    }
}

extension CollageDocument.Variant {
    var json: JSONText.Value {
        CollageDocument.object([("width", width.map { .int($0) }), ("height", height.map { .int($0) }),
                                ("overrides", overrides.isEmpty ? nil : .object(overrides.keys.sorted().map { ($0, overrides[$0]!) }))])
    }
}
