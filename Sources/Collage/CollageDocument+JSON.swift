import CollageSpec

/// A built document as the JSON document a file would hold: the one way a
/// `CollageDocument` reaches the validator (`DocumentRenderer`), so built
/// documents and files share every rule and message.
extension CollageDocument {
    /// The document as JSON text (docs/format.md "JSON and YAML"), keys in
    /// the format's order, optional properties left out when nil,
    /// `additionalKeys` after the named ones in key order. Deterministic.
    public var jsonText: String { JSONText.write(json) + "\n" }

    /// The document as a JSON value.
    public var json: JSONText.Value {
        var members: [(String, JSONText.Value)] = [("version", .int(1)), ("canvas", canvas.json)]
        if let output { members.append(("output", output.json)) }
        members.append(("photos", .array(photos.map(\.json))))
        if let order { members.append(("order", .array(order.map { .string($0) }))) }
        members.append(("layout", layout.json))
        if !overlays.isEmpty { members.append(("overlays", .array(overlays.map(\.json)))) }
        if !variables.isEmpty {
            members.append(("vars", .object(variables.keys.sorted().map { ($0, .string(variables[$0]!)) })))
        }
        return .object(members + templateMembers)
    }

    /// `key: value` pairs whose value is present, then `additional` in key order.
    static func object(_ members: [(String, JSONText.Value?)], additional: [String: JSONText.Value] = [:]) -> JSONText.Value {
        .object(members.compactMap { key, value in value.map { (key, $0) } }
                + additional.keys.sorted().map { ($0, additional[$0]!) })
    }

    static func pair(_ x: Length, _ y: Length) -> JSONText.Value { .array([x.json, y.json]) }
}

extension CollageDocument.Length {
    /// A number of pixels, or the string `"N%"`.
    var json: JSONText.Value {
        switch self {
        case .pixels(let value): return .number(value)
        case .percent(let value): return .string(JSONText.number(value) + "%")
        }
    }
}

extension CollageDocument.Canvas {
    var json: JSONText.Value {
        CollageDocument.object([("width", width.map { .int($0) }), ("height", height.map { .int($0) }),
                                ("background", background.map { .string($0) })])
    }
}

extension CollageDocument.Output {
    var json: JSONText.Value {
        CollageDocument.object([("format", format.map { .string($0.rawValue) }), ("quality", quality.map { .int($0) })])
    }
}

extension CollageDocument.Photo {
    var json: JSONText.Value {
        CollageDocument.object([
            ("src", .string(src)), ("id", id.map { .string($0) }), ("fit", fit.map { .string($0.rawValue) }),
            ("focus", focus.map { .array([.number($0.x), .number($0.y)]) }),
            ("cell", cell.map { cell in CollageDocument.object([
                ("column", .int(cell.column)), ("row", .int(cell.row)),
                ("columnSpan", cell.columnSpan.map { .int($0) }), ("rowSpan", cell.rowSpan.map { .int($0) })]) }),
            ("frame", frame.map { frame in .object([("x", frame.x.json), ("y", frame.y.json),
                                                    ("width", frame.width.json), ("height", frame.height.json)]) }),
            ("cornerRadius", cornerRadius?.json), ("rotation", rotation.map { .number($0) }),
            ("opacity", opacity.map { .number($0) }), ("shadow", shadow?.json),
            ("filter", filter.map { .array($0.map(\.json)) }), ("blend", blend.map { .string($0.rawValue) }),
        ], additional: additionalKeys)
    }
}

extension CollageDocument.Layout {
    var json: JSONText.Value {
        CollageDocument.object([
            ("kind", .string(kind.rawValue)), ("gap", gap?.json), ("padding", padding?.json),
            ("columns", columns.map { .int($0) }), ("rows", rows.map { .int($0) }), ("rowHeight", rowHeight?.json),
        ], additional: additionalKeys)
    }
}

extension CollageDocument.Overlay {
    var json: JSONText.Value {
        let own: [(String, JSONText.Value?)] = switch kind {
        case .text(let text): text.members
        case .image(let path, let width, let height, let filter): Kind.imageMembers(path: path, width: width, height: height, filter: filter)
        case .shape(let shape): shape.members
        case .qrcode(let code): code.members
        case .use(let name): [("use", .string(name))]
        }
        return CollageDocument.object(own + [
            ("anchor", anchor.map { .string($0.rawValue) }),
            ("offset", offset.map { CollageDocument.pair($0.x, $0.y) }), ("photo", photo.map { .string($0) }),
            ("rotation", rotation.map { .number($0) }), ("opacity", opacity.map { .number($0) }),
            ("shadow", shadow?.json), ("blend", blend.map { .string($0.rawValue) }), ("layer", layer.map { .string($0.rawValue) }),
        ], additional: additionalKeys)
    }
}
