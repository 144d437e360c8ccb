import Collage

/// `collage layout DOC [--json]`: prints the computed frames without
/// decoding any photo (headers only).
enum LayoutCommand {
    static let help = """
    Usage: collage layout DOC [--json] [--set NAME=VALUE]... [--variant NAME]

    Lays out DOC (`-`: read from standard input) without rendering it and
    prints where everything lands, in
    canvas pixels (origin top-left, y down): the canvas size; for each photo
    its id, src, oriented size, cell, destination (the cell for `cover`, the
    letterboxed rectangle for `contain`) and crop window (fractional, in the
    oriented photo's pixels); for each text overlay its box and first baseline
    (vertical text: the first column's centre line, an x coordinate; with
    --json its lines are the columns, right to left). With --json it also
    lists `inputs`: every file DOC names, with its path, kind (image, font),
    key and location.

    Options:
      --json            print JSON (fixed key order) instead of text
      --set NAME=VALUE  set a document variable (repeatable)
      --variant NAME    lay out the document's variant NAME; without it, a
                        document with `variants` is laid out in every variant
                        (${variant} set to each name): the text report gives
                        each after a line `variant NAME`, --json prints an
                        array of reports, each with "variant" first
      -h, --help        show this help

    Example:

      $ collage layout examples/grid.yaml
      canvas 2400x1400
      photo seeding  cell 48,48 752x640  destination 48,48 752x640  crop 900.6,0 3510.9x2988 of 5312x2988
      ...
      photo wine  cell 1600,712 752x640  destination 1762,712 428x640  crop 0,0 2560x3837 of 2560x3837
      overlay 0 "Spring 2018"  box 72,72 438.5x84
      $ collage layout examples/grid.yaml --json | jq -c '.photos[0].cell'
      {"x":48,"y":48,"width":752,"height":640}
      $ collage layout card.yaml --variant og
      canvas 1200x630
      ...

    Exit codes: 0 printed; 1 document or photo error; 64 usage error.

    """

    static func run(_ arguments: [String]) -> ExitStatus {
        var scanner = Arguments(arguments)
        var json = false
        var variables: [String: String] = [:]
        var variant: String?
        let status = scanner.parseOptions(
            command: "layout", help: help,
            valued: ["--set", "--variant"],
            flags: ["--json"]
        ) { name, value in
            switch name {
            case "--json": json = true
            case "--variant": variant = value
            case "--set":
                let (key, text) = try RenderCommand.parseSet(value)
                variables[key] = text
            default: break
            }
        }
        if let status { return status }
        guard scanner.positionals.count == 1, let document = scanner.positionals.first else {
            return usage(scanner.positionals.isEmpty ? "layout needs a document: collage layout DOC --json"
                         : "layout takes one document, got \(scanner.positionals.count)")
        }
        do throws(Arguments.UsageError) {
            variables[DocumentVariants.variable] = try RenderCommand.chosenVariant(flag: variant, variables: variables)
        } catch {
            return usage(error.message)
        }
        let names = document == "-" || variables[DocumentVariants.variable] != nil ? [] : DocumentInput.file(document).variantNames
        guard !names.isEmpty else { return layOut(document, variables: variables, json: json) }
        // Every variant, in document order (docs/format.md "Variants").
        var reports: [JSONText.Value] = []
        for name in names {
            var chosen = variables
            chosen[DocumentVariants.variable] = name
            let prepared: CollageRenderer.Prepared
            do {
                prepared = try CollageRenderer.prepare(input: .file(document), variables: chosen)
            } catch {
                Console.err("\(document): in variant '\(name)':\n")
                return error.report(command: "layout")
            }
            DiagnosticPrinter.print(prepared.warnings, source: prepared.spec.source)
            let report = LayoutReport.json(prepared)
            if json, case .object(let members) = report {
                reports.append(.object([("variant", .string(name))] + members))
            } else {
                Console.out("variant \(name)\n" + text(report) + "\n")
            }
        }
        if json { Console.out(JSONText.write(.array(reports)) + "\n") }
        return .success
    }

    /// One layout report of `document` (no variant, or the one `variables` chooses).
    private static func layOut(_ document: String, variables: [String: String], json: Bool) -> ExitStatus {
        let prepared: CollageRenderer.Prepared
        do {
            let input: DocumentInput = document == "-" ? try DocumentInput.standardInput() : .file(document)
            prepared = try CollageRenderer.prepare(input: input, variables: variables)
        } catch {
            return error.report(command: "layout")
        }
        DiagnosticPrinter.print(prepared.warnings, source: prepared.spec.source)
        let report = LayoutReport.json(prepared)
        Console.out((json ? JSONText.write(report) : text(report)) + "\n")
        return .success
    }

    static func text(_ report: JSONText.Value) -> String {
        guard case .object(let top) = report else { return "" }
        func field(_ members: [(String, JSONText.Value)], _ key: String) -> JSONText.Value? {
            members.first { $0.0 == key }?.1
        }
        func plain(_ v: JSONText.Value?) -> String {
            switch v {
            case .string(let s)?: return s
            case .int(let n)?: return String(n)
            case .number(let d)?: return JSONText.number((d * 10).rounded() / 10)
            case .object(let m)?:
                let p = m.map { plain($0.1) }
                return p.count == 4 ? "\(p[0]),\(p[1]) \(p[2])x\(p[3])" : p.joined(separator: "x")
            default: return "-"
            }
        }
        var lines = ["canvas " + plain(field(top, "canvas"))]
        if let trim = field(top, "trim") {   // `print:` (docs/print.md)
            lines.append("print trim \(plain(trim))  bleed \(plain(field(top, "bleed")))  safe \(plain(field(top, "safe")))  output \(plain(field(top, "output")))")
        }
        if case .array(let photos)? = field(top, "photos") {
            for case .object(let p) in photos {
                lines.append("photo \(plain(field(p, "id")))  cell \(plain(field(p, "cell")))  destination \(plain(field(p, "destination")))  crop \(plain(field(p, "crop"))) of \(plain(field(p, "orientedSize")))")
            }
        }
        if case .array(let overlays)? = field(top, "overlays") {
            for case .object(let o) in overlays {
                // Each kind's first own entry (after index and kind) names it: a text's or a QR code's
                // text (quoted), an image's src, a shape's shape; a text overlay is named by its text alone.
                let kind = field(o, "kind").map(plain) ?? "-"
                let own = o.count > 2 ? o[2] : nil
                let name = own.map { $0.0 == "text" ? JSONText.quoted(plain($0.1)) : plain($0.1) } ?? "-"
                let label = kind == "text" ? name : "\(kind) \(name)"
                lines.append("overlay \(plain(field(o, "index"))) \(label)  box \(plain(field(o, "box")))")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func usage(_ message: String) -> ExitStatus {
        Console.err("error: \(message)\nsee `collage layout --help`\n")
        return .usage
    }
}
