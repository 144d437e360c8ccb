/// `vars` and `${name}` substitution (docs/format.md):
/// `${name}` may appear in any scalar value (numbers included: the result is
/// typed after substitution), `$${` is a literal `${`, overrides passed to the
/// loader (`--set name=value`) win over the document's `vars`, and an unknown
/// name is `.undefinedVariable` at the column of its `${`.
extension Validator {
    /// Reads `vars` (a mapping of names to scalars) over the included
    /// files' (a name they define too is a warning unless it is written
    /// `{value: …, override: true}`) and applies the overrides.
    mutating func readVariables(_ entry: Node.Entry?) {
        var values = templates.includedVariables.mapValues(\.value)
        for (name, value, location, overrides) in variableDefinitions(entry) {
            if let earlier = templates.includedVariables[name], !overrides {
                report(.duplicateKey, location, "variable '\(name)' replaces the one defined at \(earlier.location)",
                       notes: ["write it as \(name): {value: …, override: true} to replace it on purpose"], severity: .warning)
            }
            values[name] = value
        }
        for (name, value) in overrides { values[name] = value }
        variables = values
    }

    /// The definitions of a `vars` mapping, in order: `name: scalar`, or
    /// `name: {value: scalar, override: true}` (docs/format.md "Includes").
    mutating func variableDefinitions(_ entry: Node.Entry?)
        -> [(name: String, value: String, location: SourceLocation, overrides: Bool)] {
        guard let entry else { return [] }
        guard case .mapping(let entries) = entry.value.content else {
            report(.wrongType, entry.value.location,
                   "expected a mapping of variable names to values for 'vars', found \(describe(entry.value))")
            return []
        }
        var found: [(name: String, value: String, location: SourceLocation, overrides: Bool)] = []
        for item in entries {
            guard Self.isVariableName(item.key) else {
                report(.invalidValue, item.keyLocation,
                       "'\(item.key)' is not a variable name; use letters, digits and '_', not starting with a digit")
                continue
            }
            var valueNode = item.value
            var overrides = false
            if case .mapping(let keys) = item.value.content,
               let value = keys.first(where: { $0.key == "value" }),
               keys.allSatisfy({ $0.key == "value" || $0.key == "override" }) {
                valueNode = value.value
                if let flag = keys.first(where: { $0.key == "override" }) {
                    guard let given = boolean(flag.value, key: "override") else { continue }
                    overrides = given
                }
            }
            guard case .scalar(let text, _) = valueNode.content else {
                report(.wrongType, valueNode.location,
                       "expected a string or number for variable '\(item.key)', found \(describe(valueNode))")
                continue
            }
            found.append((item.key, text, item.keyLocation, overrides))
        }
        return found
    }

    static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    /// Substitutes `${name}` references in a scalar written at `location`.
    /// Returns the new text and whether any reference was substituted, or nil
    /// after reporting an undefined or malformed reference.
    mutating func substitute(_ text: String, style: Node.ScalarStyle,
                             at location: SourceLocation) -> (String, Bool)? {
        guard text.contains("${") else { return (text, false) }
        var result = ""
        var substituted = false
        var failed = false
        var referenceIndex = 0
        for piece in VariableSyntax.pieces(of: text.unicodeScalars) {
            switch piece {
            case .text(let literal):
                result += literal
            case .unclosed:
                report(.invalidValue, referenceLocation(index: referenceIndex, from: location),
                       "'${' is not closed by '}'; write '$${' for a literal '${'")
                return nil
            case .reference(let name, _):
                let at = referenceLocation(index: referenceIndex, from: location)
                referenceIndex += 1
                if let value = variables[name] {
                    result += value
                    substituted = true
                } else {
                    var message = "undefined variable '\(name)'"
                    if let suggestion = Suggestions.closest(to: name, in: variables.keys.sorted()) {
                        message += "; did you mean '\(suggestion)'?"
                    }
                    report(.undefinedVariable, at, message,
                           notes: ["define it under 'vars' or pass --set \(name)=VALUE"])
                    failed = true
                }
            }
        }
        return failed ? nil : (result, substituted)
    }

    /// The location of the `index`-th `${` reference (escaped `$${` not
    /// counted) of the scalar starting at `start`, found in the source text
    /// so quoting and line folding do not shift it.
    private func referenceLocation(index: Int, from start: SourceLocation) -> SourceLocation {
        var line = start.line
        var column = start.column
        var seen = 0
        while let text = source.line(line) {
            for piece in VariableSyntax.pieces(of: text.unicodeScalars.dropFirst(column - 1)) {
                let offset: Int
                switch piece {
                case .text: continue
                case .reference(_, let at), .unclosed(let at): offset = at
                }
                if seen == index { return source.location(line: line, column: column + offset) }
                seen += 1
            }
            line += 1
            column = 1
        }
        return start
    }
}
