/// `components:` and `use:` (docs/format.md "Components"): a component is
/// a named list of overlays laid out in a box of its own, with parameters
/// (`params`) that substitute as `${name}` inside it and shadow `vars`. A
/// `use` item of `overlays` expands to the component's overlays, each
/// carrying the instance (`ComponentInstance`) the layout places and the
/// scene draws as one group.
extension Validator {
    /// Most overlay items that the uses of one document may expand to, nested
    /// uses counted at every level: each component using the next twice,
    /// thirty deep, would otherwise expand to a billion overlays.
    public static let maxExpandedOverlays = 10_000

    /// Reads `components` into `templates.components` (after included ones).
    mutating func readComponents(_ entry: Node.Entry?) {
        guard let entry else { return }
        guard case .mapping(let entries) = entry.value.content else {
            report(.wrongType, entry.value.location,
                   "expected a mapping of component names to components for 'components', found \(describe(entry.value))")
            return
        }
        for item in entries {
            guard Self.isVariableName(item.key) else {
                report(.invalidValue, item.keyLocation,
                       "'\(item.key)' is not a component name; use letters, digits and '_', not starting with a digit")
                continue
            }
            if let definition = readComponent(item) {
                define(definition)
                templates.failedComponents.remove(item.key)
            } else {
                templates.failedComponents.insert(item.key)
            }
        }
    }

    private mutating func readComponent(_ item: Node.Entry) -> ComponentDefinition? {
        guard let keys = keys(of: item.value, in: Vocabulary.component, key: item.key) else { return nil }
        var definition = ComponentDefinition(name: item.key, location: item.keyLocation, parameters: [],
                                             overlays: keys["overlays"], overrides: false,
                                             baseDirectory: baseDirectory, source: source)
        var failed = false
        for side in ["width", "height"] {
            guard let entry = keys[side] else { continue }
            guard let value = length(entry.value, key: side) else { failed = true; continue }
            guard value.resolved(reference: 100) > 0, value.resolved(reference: 100) <= Double(Self.maxCanvasSide) else {
                report(.outOfRange, entry.value.location,
                       "a component's '\(side)' must be more than 0 and at most \(Self.maxCanvasSide) pixels (or percent); found \(describe(entry.value))")
                failed = true
                continue
            }
            if side == "width" { definition.width = value } else { definition.height = value }
        }
        if let entry = keys["params"] {
            if let parameters = readParameters(entry) { definition.parameters = parameters } else { failed = true }
        }
        if let entry = keys["overlays"], case .sequence = entry.value.content {} else if let entry = keys["overlays"] {
            report(.wrongType, entry.value.location,
                   "expected a list of overlays for 'overlays', found \(describe(entry.value))")
            failed = true
        }
        if let entry = keys["override"] {
            if let value = boolean(entry.value, key: "override") { definition.overrides = value } else { failed = true }
        }
        return failed ? nil : definition
    }

    private mutating func readParameters(_ entry: Node.Entry) -> [ComponentDefinition.Parameter]? {
        guard case .mapping(let entries) = entry.value.content else {
            report(.wrongType, entry.value.location,
                   "expected a mapping of parameter names to {type, default} for 'params', found \(describe(entry.value))")
            return nil
        }
        var parameters: [ComponentDefinition.Parameter] = []
        var failed = false
        let kinds = ComponentDefinition.Parameter.Kind.allCases.map(\.rawValue)
        for item in entries {
            guard Self.isVariableName(item.key) else {
                report(.invalidValue, item.keyLocation,
                       "'\(item.key)' is not a parameter name; use letters, digits and '_', not starting with a digit")
                failed = true
                continue
            }
            guard let keys = keys(of: item.value, in: Vocabulary.componentParam, key: item.key) else { failed = true; continue }
            var kind = ComponentDefinition.Parameter.Kind.string
            if let type = keys["type"] {
                guard let name = enumeration(type.value, key: "type", allowed: kinds),
                      let value = ComponentDefinition.Parameter.Kind(rawValue: name) else { failed = true; continue }
                kind = value
            }
            var defaultValue: String?
            if let given = keys["default"] {
                guard let text = argument(given.value, name: item.key, kind: kind) else { failed = true; continue }
                defaultValue = text
            }
            parameters.append(.init(name: item.key, kind: kind, defaultValue: defaultValue, location: item.keyLocation))
        }
        return failed ? nil : parameters
    }

    /// Adds `definition`; one that replaces an earlier definition of its
    /// name is a warning unless it says `override: true`.
    mutating func define(_ definition: ComponentDefinition) {
        if let earlier = templates.components[definition.name], !definition.overrides {
            report(.duplicateKey, definition.location,
                   "component '\(definition.name)' replaces the one defined at \(earlier.location)",
                   notes: ["write 'override: true' in it to replace it on purpose"], severity: .warning)
        }
        templates.components[definition.name] = definition
    }

    /// True for an overlay item that places a component (`use:`).
    func isUse(_ node: Node) -> Bool {
        guard case .mapping(let entries) = node.content else { return false }
        return entries.contains { $0.key == "use" }
    }

    /// The overlay as read inside the components being expanded: it carries
    /// their instances, and anchors in the box of the innermost.
    mutating func inComponent(_ overlay: OverlaySpec, node: Node) -> OverlaySpec {
        guard let outermost = templates.groups.first else { return overlay }
        var overlay = overlay
        if overlay.photo != nil, let location = overlay.photoLocation {
            report(.invalidValue, location, "'photo' does not apply inside a component: its overlays anchor in the component's box",
                   notes: ["give 'photo' to the 'use' item instead"])
        }
        overlay.groups = templates.groups
        overlay.photo = outermost.photo
        overlay.photoLocation = outermost.photoLocation
        overlay.layer = outermost.layer
        return overlay
    }

    /// Expands one `use:` item: checks its arguments against the
    /// component's parameters (errors at the `use`, with a note naming the
    /// definition), then reads the component's overlays with the parameters
    /// in scope, in the folder and text of the file that declares it.
    mutating func readUse(_ node: Node) -> [OverlaySpec] {
        guard let keys = keys(of: node, in: Vocabulary.use, key: "overlays"), let useEntry = keys["use"],
              let name = string(useEntry.value, key: "use") else { return [] }
        guard let definition = templates.components[name] else {
            if templates.failedComponents.contains(name) { return [] }   // its definition's error was reported
            var message = "no component named '\(name)'"
            if let suggestion = Suggestions.closest(to: name, in: templates.components.keys.sorted()) {
                message += "; did you mean '\(suggestion)'?"
            }
            report(.unknownId, useEntry.value.location, message,
                   notes: templates.components.isEmpty ? ["declare it under 'components', or include a file that does"]
                                                        : ["the components: " + templates.components.keys.sorted().joined(separator: ", ")])
            return []
        }
        let definedAt = "'\(name)' is defined at \(definition.location)"
        if templates.chain.contains(where: { $0.name == name }) {
            let names = templates.chain.map(\.name) + [name]
            report(.invalidValue, useEntry.value.location,
                   "component cycle: \(names.joined(separator: " -> "))",
                   notes: templates.chain.map { "'\($0.name)' is used at \($0.location)" } + [definedAt])
            return []
        }
        if templates.expansionCapped { return [] }
        if case .sequence(let items) = definition.overlays?.value.content {
            templates.expandedOverlays += items.count
            if templates.expandedOverlays > Self.maxExpandedOverlays {
                templates.expansionCapped = true
                report(.outOfRange, useEntry.value.location,
                       "this use of '\(name)' expands the document's components to more than \(Self.maxExpandedOverlays) overlays, the limit",
                       notes: [definedAt, "components that use other components several times multiply: use fewer, or flatten them"])
                return []
            }
        }
        guard let arguments = readArguments(keys["with"], of: definition, use: useEntry, definedAt: definedAt),
              var placement = readOverlayPlacement(keys, kind: .image, node: node) else { return [] }
        var instance = ComponentInstance(instance: templates.uses, name: name, width: definition.width,
                                         height: definition.height, location: node.location)
        templates.uses += 1
        instance.anchor = placement.anchor
        instance.offsetX = placement.offsetX; instance.offsetY = placement.offsetY
        instance.rotation = placement.rotation; instance.opacity = placement.opacity
        instance.blend = placement.blend; instance.layer = placement.layer
        if let outer = templates.groups.first {
            if placement.photo != nil, let location = placement.photoLocation {
                report(.invalidValue, location, "'photo' does not apply inside a component: its overlays anchor in the component's box")
            }
            placement.photo = outer.photo; placement.photoLocation = outer.photoLocation
        }
        instance.photo = placement.photo; instance.photoLocation = placement.photoLocation
        if let entry = keys["shadow"] {
            guard let shadow = readDropShadow(entry.value, of: "a component") else { return [] }
            instance.shadow = shadow
        }
        // The component's scope: the caller's variables, shadowed by the arguments.
        let saved = (variables, source, baseDirectory)
        variables.merge(arguments) { _, argument in argument }
        source = definition.source
        baseDirectory = definition.baseDirectory
        templates.chain.append((name, useEntry.value.location))
        templates.groups.append(instance)
        let before = diagnostics.count
        let measuring = templates.measuredBox
        templates.measuredBox = instance.isMeasured ? name : nil
        let overlays = readOverlays(definition.overlays)
        templates.measuredBox = measuring
        // An error inside the component names the use that expanded it.
        for index in diagnostics.indices.dropFirst(before) {
            diagnostics[index].notes.append("in component '\(name)' used at \(useEntry.value.location)")
        }
        templates.groups.removeLast()
        templates.chain.removeLast()
        (variables, source, baseDirectory) = saved
        return overlays
    }

    /// The arguments of a use by parameter name (defaults filled in); nil
    /// after reporting an unknown, missing or wrongly typed one.
    private mutating func readArguments(_ entry: Node.Entry?, of definition: ComponentDefinition, use: Node.Entry,
                                        definedAt: String) -> [String: String]? {
        var given: [Node.Entry] = []
        if let entry {
            guard case .mapping(let entries) = entry.value.content else {
                report(.wrongType, entry.value.location,
                       "expected a mapping of parameter names to values for 'with', found \(describe(entry.value))",
                       notes: [definedAt])
                return nil
            }
            given = entries
        }
        let names = definition.parameters.map(\.name)
        var arguments: [String: String] = [:]
        var failed = false
        for item in given {
            guard let parameter = definition.parameters.first(where: { $0.name == item.key }) else {
                var message = "component '\(definition.name)' has no parameter '\(item.key)'"
                if let suggestion = Suggestions.closest(to: item.key, in: names) { message += "; did you mean '\(suggestion)'?" }
                report(.unknownKey, item.keyLocation, message,
                       notes: [names.isEmpty ? "it takes no parameters" : "its parameters: " + names.joined(separator: ", "), definedAt])
                failed = true
                continue
            }
            let before = diagnostics.count
            if let text = argument(item.value, name: item.key, kind: parameter.kind) {
                arguments[item.key] = text
            } else {
                for index in diagnostics.indices.dropFirst(before) {
                    diagnostics[index].notes.append("parameter '\(parameter.name)' is declared at \(parameter.location) as a \(parameter.kind.rawValue)")
                }
                failed = true
            }
        }
        for parameter in definition.parameters where arguments[parameter.name] == nil && !given.contains(where: { $0.key == parameter.name }) {
            if let value = parameter.defaultValue {
                arguments[parameter.name] = value
            } else {
                report(.missingKey, use.value.location,
                       "missing argument '\(parameter.name)' for component '\(definition.name)'",
                       notes: ["give it under 'with': with: {\(parameter.name): …}",
                               "parameter '\(parameter.name)' is declared at \(parameter.location) as a required \(parameter.kind.rawValue)"])
                failed = true
            }
        }
        return failed ? nil : arguments
    }

    /// An argument's text (variables of the caller's scope substituted),
    /// checked against the parameter's type; nil after reporting it.
    private mutating func argument(_ node: Node, name: String, kind: ComponentDefinition.Parameter.Kind) -> String? {
        guard let scalar = scalar(node, key: name, expected: "a \(kind.rawValue)") else { return nil }
        switch kind {
        case .string: return string(node, key: name).map { _ in scalar.text }
        case .number: return number(node, key: name).map { _ in scalar.text }
        case .color: return color(node, key: name).map { _ in scalar.text }
        case .boolean: return boolean(node, key: name).map { _ in scalar.text }
        }
    }
}
