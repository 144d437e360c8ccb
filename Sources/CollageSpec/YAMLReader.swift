import CYAML

/// Parses YAML (and JSON, which libyaml reads as YAML flow style) into a
/// `Node` tree with the event API of libyaml, keeping every node's location.
///
/// Rules from README "Rules": Errors: syntax errors are located diagnostics of
/// kind `.syntax` (a tab used for indentation says 'tab'); a UTF-8 BOM is
/// accepted; duplicate keys are `.duplicateKey` naming both lines (the first
/// value is kept so validation can go on); aliases are expanded with a
/// bounded node counter (`.tooManyAliases`); a file holds one document.
///
/// The YAML subset (docs/format.md "YAML"), each refusal a located `.syntax`
/// error that stops reading: a second document; a tag other than `!!str`
/// (collage types a scalar by the key that holds it, so `!!int 5` or a local
/// `!thing` would be silently ignored otherwise); nesting deeper than
/// `maxDepth`. Keys must be scalars (`.wrongType` otherwise). Merge keys
/// (`<<: *base`, `<<: [*a, *b]`, a plain `<<` only) insert the merged
/// mappings' entries where the `<<` is, keeping their own locations (so an
/// error in merged content points into the anchored mapping); explicit keys
/// override merged ones, an earlier mapping of a list overrides a later one,
/// and neither is a duplicate key.
struct YAMLReader {
    /// Most nodes that alias expansion may add to a document. A collage of
    /// hundreds of photos needs a few thousand nodes; a 'billion laughs'
    /// document hits the bound after a few levels, before memory grows.
    static let maxExpandedNodes = 100_000
    /// Deepest nesting of mappings and sequences accepted.
    static let maxDepth = 64

    struct Result {
        /// The document's root node; nil when it is empty or does not parse.
        var root: Node?
        var diagnostics: [Diagnostic]
    }

    private struct Frame {
        var isMapping: Bool
        var location: SourceLocation
        var anchor: String?
        var entries: [Node.Entry] = []
        var items: [Node] = []
        var pendingKey: (String, SourceLocation)?
        var awaitingValue = false
        var skipValue = false
        var seen: [String: SourceLocation] = [:]
        /// The value being awaited is a merge key's (`<<`).
        var awaitingMerge = false
        /// Where the merged entries go (the index of `<<` among `entries`).
        var mergeIndex = 0
        /// Entries of the merged mappings, in precedence order (first wins).
        var merged: [Node.Entry] = []

        /// The mapping's entries with merged ones inserted at the `<<`, each
        /// merged key only when no explicit or earlier merged entry has it.
        var mergedEntries: [Node.Entry] {
            guard !merged.isEmpty else { return entries }
            var taken = Set(entries.map(\.key))
            var inserted: [Node.Entry] = []
            for entry in merged where !taken.contains(entry.key) {
                taken.insert(entry.key)
                inserted.append(entry)
            }
            var result = entries
            result.insert(contentsOf: inserted, at: min(mergeIndex, entries.count))
            return result
        }
    }

    private let source: SourceText
    private var stack: [Frame] = []
    private var anchors: [String: Node] = [:]
    private var expanded = 0
    private var root: Node?
    private var diagnostics: [Diagnostic] = []

    private init(source: SourceText) { self.source = source }

    /// Reads the whole document; never throws: problems are in `diagnostics`.
    static func read(_ source: SourceText) -> Result {
        var reader = YAMLReader(source: source)
        reader.run()
        return Result(root: reader.root, diagnostics: reader.diagnostics)
    }

    private func location(_ mark: yaml_mark_t) -> SourceLocation {
        // libyaml counts lines and columns from 0, columns in characters
        // (Unicode scalars) after decoding, with a BOM already skipped.
        source.location(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private mutating func run() {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            diagnostics.append(Diagnostic(.syntax, at: nil, "cannot initialise the YAML parser (out of memory)"))
            return
        }
        defer { yaml_parser_delete(&parser) }
        // An empty buffer pointer is fine: libyaml reads `size` bytes.
        let bytes = source.bytes
        bytes.withUnsafeBufferPointer { buffer in
            // No explicit encoding: libyaml then detects it and skips a BOM
            // before counting columns.
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var documents = 0
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    reportParserError(parser)
                    return
                }
                defer { yaml_event_delete(&event) }
                let here = location(event.start_mark)
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return
                case YAML_DOCUMENT_START_EVENT:
                    documents += 1
                    if documents > 1 {
                        diagnostics.append(Diagnostic(.syntax, at: here,
                            "a collage document holds one YAML document; found a second one"))
                        return
                    }
                case YAML_SCALAR_EVENT:
                    let scalar = event.data.scalar
                    let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length),
                                      as: UTF8.self)
                    var style: Node.ScalarStyle
                    switch scalar.style {
                    case YAML_SINGLE_QUOTED_SCALAR_STYLE, YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .quoted
                    case YAML_LITERAL_SCALAR_STYLE, YAML_FOLDED_SCALAR_STYLE: style = .block
                    default: style = .plain
                    }
                    // `!!str 5` asks for a string explicitly; other tags are refused.
                    if let tag = scalar.tag {
                        guard String(cString: tag) == Self.stringTag else { refuseTag(tag, at: here); return }
                        style = .quoted
                    }
                    let node = Node(.scalar(text, style), at: here)
                    if let anchor = scalar.anchor { anchors[String(cString: anchor)] = node }
                    if !add(node) { return }
                case YAML_ALIAS_EVENT:
                    let name = String(cString: event.data.alias.anchor)
                    guard var node = anchors[name] else {
                        diagnostics.append(Diagnostic(.syntax, at: here,
                            "alias '*\(name)' refers to no anchor '&\(name)' defined before it"))
                        return
                    }
                    expanded += node.weight
                    if expanded > Self.maxExpandedNodes {
                        diagnostics.append(Diagnostic(.tooManyAliases, at: here,
                            "aliases expand to more than \(Self.maxExpandedNodes) nodes; refusing to expand '*\(name)'",
                            notes: ["this bound stops 'billion laughs' documents; reuse anchors less deeply"]))
                        return
                    }
                    node.location = here
                    if !add(node) { return }
                case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
                    guard stack.count < Self.maxDepth else {
                        diagnostics.append(Diagnostic(.syntax, at: here,
                            "the document nests more than \(Self.maxDepth) levels deep"))
                        return
                    }
                    let isMapping = event.type == YAML_MAPPING_START_EVENT
                    if let tag = isMapping ? event.data.mapping_start.tag : event.data.sequence_start.tag {
                        refuseTag(tag, at: here)
                        return
                    }
                    let anchorPointer = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
                    stack.append(Frame(isMapping: isMapping, location: here,
                                       anchor: anchorPointer.map { String(cString: $0) }))
                case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
                    guard let frame = stack.popLast() else { return }
                    let node = frame.isMapping
                        ? Node(.mapping(frame.mergedEntries), at: frame.location)
                        : Node(.sequence(frame.items), at: frame.location)
                    if let anchor = frame.anchor { anchors[anchor] = node }
                    if !add(node) { return }
                default:
                    break
                }
            }
        }
    }

    /// Attaches a finished node to its parent. Returns false to stop reading.
    private mutating func add(_ node: Node) -> Bool {
        guard var top = stack.popLast() else {
            root = node
            return true
        }
        if !top.isMapping {
            top.items.append(node)
        } else if top.awaitingValue && top.awaitingMerge {
            merge(node, into: &top)
            top.awaitingValue = false
            top.awaitingMerge = false
            top.skipValue = false
        } else if top.awaitingValue {
            if !top.skipValue, let key = top.pendingKey {
                top.entries.append(Node.Entry(key: key.0, keyLocation: key.1, value: node))
            }
            top.awaitingValue = false
            top.skipValue = false
            top.pendingKey = nil
        } else {
            top.awaitingValue = true
            if case .scalar(let key, _) = node.content {
                if let first = top.seen[key] {
                    diagnostics.append(Diagnostic(.duplicateKey, at: node.location,
                        "duplicate key '\(key)' on line \(node.location.line); it is already on line \(first.line)",
                        notes: ["the first '\(key)' is at \(first)"]))
                    top.skipValue = true
                } else {
                    top.seen[key] = node.location
                    if key == "<<", case .scalar(_, .plain) = node.content {
                        top.awaitingMerge = true
                        top.mergeIndex = top.entries.count
                    } else {
                        top.pendingKey = (key, node.location)
                    }
                }
            } else {
                let found = if case .mapping = node.content { "a mapping" } else { "a list" }
                diagnostics.append(Diagnostic(.wrongType, at: node.location,
                    "a key must be a string; found \(found)"))
                top.skipValue = true
            }
        }
        stack.append(top)
        return true
    }

    /// `tag:yaml.org,2002:str`, the one tag accepted (`!!str`).
    static let stringTag = "tag:yaml.org,2002:str"

    /// A refused tag: a located error naming it as written (`!!int`, `!photo`).
    private mutating func refuseTag(_ tag: UnsafeMutablePointer<yaml_char_t>, at location: SourceLocation) {
        var name = String(cString: tag)
        let core = "tag:yaml.org,2002:"
        if name.hasPrefix(core) { name = "!!" + name.dropFirst(core.count) }
        diagnostics.append(Diagnostic(.syntax, at: location,
            "the YAML tag '\(name)' is not supported; only '!!str' is",
            notes: ["collage types every value by the key that holds it: remove the tag, "
                    + "or write !!str (or quotes) to keep a value as a string"]))
    }

    /// The value of a merge key: a mapping, or a list of mappings, whose
    /// entries are merged into `frame` (first one wins among them).
    private mutating func merge(_ value: Node, into frame: inout Frame) {
        let mappings: [Node]
        if case .sequence(let items) = value.content { mappings = items } else { mappings = [value] }
        for mapping in mappings {
            guard case .mapping(let entries) = mapping.content else {
                let found = if case .sequence = mapping.content { "a list" } else { "a scalar" }
                diagnostics.append(Diagnostic(.wrongType, at: mapping.location,
                    "a merge key '<<' takes a mapping (such as *base) or a list of mappings; found \(found)"))
                continue
            }
            frame.merged += entries
        }
    }

    private mutating func reportParserError(_ parser: yaml_parser_t) {
        let problem = parser.problem.map { String(cString: $0) } ?? "the document does not parse"
        var at: SourceLocation
        if parser.error == YAML_READER_ERROR {
            let position = source.position(ofByte: Int(parser.problem_offset))
            at = source.location(line: position.line, column: position.column)
            diagnostics.append(Diagnostic(.syntax, at: at,
                "the document is not valid UTF-8 text (\(problem))"))
            return
        }
        at = location(parser.problem_mark)
        var notes: [String] = []
        if let context = parser.context.map({ String(cString: $0) }) {
            notes.append("\(context) at \(location(parser.context_mark))")
        }
        if let tab = tabLocation(near: at, problem: problem) {
            diagnostics.append(Diagnostic(.syntax, at: tab,
                "a tab character is not allowed here: YAML indents and separates with spaces",
                notes: ["replace the tab with spaces"]))
            return
        }
        if problem.hasPrefix("did not find expected ',' or"),
           let hash = FlowComment.unquotedHash(in: source, from: location(parser.context_mark).line, to: at.line) {
            diagnostics.append(Diagnostic(.syntax, at: hash,
                "syntax error: this '#' starts a comment, which hides the rest of the line and the "
                + "closing bracket",
                notes: ["an unquoted '#' starts a comment in YAML: quote the colour, e.g. \"#ffffff\""] + notes))
            return
        }
        if problem.hasPrefix("did not find expected ',' or"), at.column > 1,
           source.scalar(line: at.line, column: at.column - 1) == "$", source.scalar(line: at.line, column: at.column) == "{" {
            // `{width: ${w}}`: in a flow collection the `{` of `${` opens a mapping.
            let text = source.line(at.line).map { line -> String in
                let tail = line.unicodeScalars.dropFirst(at.column - 2)
                return String(String.UnicodeScalarView(tail.prefix { $0 != "}" })) + "}"
            } ?? "${name}"
            diagnostics.append(Diagnostic(.syntax, at: source.location(line: at.line, column: at.column - 1),
                "syntax error: an unquoted variable inside { } or [ ] starts a new mapping at its '{'",
                notes: ["quote the value: \"\(text)\""] + notes))
            return
        }
        var message = "syntax error: \(problem)"
        if problem == "found character that cannot start any token",
           let char = source.scalar(line: at.line, column: at.column) {
            message = "syntax error: '\(char)' cannot start a value here; quote the value"
        }
        diagnostics.append(Diagnostic(.syntax, at: at, message, notes: notes))
    }

    /// Where a tab caused a libyaml error: at the error's mark, or (for the
    /// messages that mention tabs) the first tab in that line's indentation.
    private func tabLocation(near at: SourceLocation, problem: String) -> SourceLocation? {
        if source.scalar(line: at.line, column: at.column) == "\t" { return at }
        guard problem.contains("tab"), let line = source.line(at.line) else { return nil }
        var column = 1
        for scalar in line.unicodeScalars {
            if scalar == "\t" { return source.location(line: at.line, column: column) }
            if scalar != " " { break }
            column += 1
        }
        return at
    }
}
