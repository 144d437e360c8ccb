import Collage
import FuzzSupport

/// Target (d): the string grammars. The input is up to 7 fields separated
/// by NUL bytes, each dropped into the place its grammar is read:
///
///     0  a colour          `ColorParser.parse`, canvas background, text colour
///     1  a length          text size, offsets, gap (numbers and "N%" percentages)
///     2  a variable value  `vars: {v: …}`
///     3  `${…}` text       a caption, substituted
///     4  a photo glob      `src:` of a second photo (none when empty), matched
///                          against the synthetic photos folder
///     5  `--set NAME=VALUE` split at the first `=` as the CLI does, then an override
///     6  a CSV table       `CSVReader.table`, its first row as `batch` variables;
///                          the same bytes as JSON `--data` rows (`VariableRows.read`)
///
/// The document is validated, laid out and turned into a scene (photo
/// headers only, as target `document`). Diagnostics are normal outcomes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGrammars(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = FuzzEnvironment.fonts
    var fields = fuzzBytes(data, size).split(separator: 0, maxSplits: 6, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    while fields.count < 7 { fields.append("") }
    _ = ColorParser.parse(fields[0])

    var variables: [String: String] = [:]
    if let eq = fields[5].firstIndex(of: "="), eq != fields[5].startIndex {
        variables[String(fields[5][..<eq])] = String(fields[5][fields[5].index(after: eq)...])
    }
    let csv = Array(fields[6].utf8)
    if let table = try? CSVReader.table(csv), let row = table.rows.first {
        for (key, value) in row.fields { variables[key] = value }
    }
    _ = try? VariableRows.read(SourceText(file: "rows.json", bytes: csv))

    let document = """
    version: 1
    vars: {v: \(quoted(fields[2])), w: "x"}
    canvas: {width: 240, height: 160, background: \(quoted(fields[0]))}
    photos:
      - photos/quadrants.png
    \(fields[4].isEmpty ? "" : "  - src: " + quoted(fields[4]))
    layout: {kind: grid, columns: 2, gap: \(scalar(fields[1]))}
    overlays:
      - text: \(quoted(fields[3]))
        color: \(scalar(fields[0]))
        font: {size: \(scalar(fields[1]))}
        offset: [\(scalar(fields[1])), \(quoted(fields[1]))]
    """
    let spec: Spec
    do {
        spec = try DocumentLoader.load(text: Array(document.utf8), file: FuzzEnvironment.folder + "/fuzz.yaml",
                                       baseDirectory: FuzzEnvironment.folder, variables: variables)
    } catch {
        _ = DiagnosticFormatter().format(error)
        return 0
    }
    do {
        _ = JSONText.write(LayoutReport.json(try CollageRenderer.prepare(spec: spec)))
    } catch {
        if case .diagnostics(let list) = error { _ = DiagnosticFormatter().format(list) }
    }
    return 0
}


/// `text` plain when it reads as a number (so YAML types it as one), quoted otherwise.
func scalar(_ text: String) -> String {
    !text.isEmpty && text.count < 40 && text.allSatisfy({ "0123456789.+-eE".contains($0) }) ? text : quoted(text)
}

@_cdecl("FuzzGrammars_main")
public func fuzzGrammarsMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc: argc, argv: argv, fuzzGrammars)
}

/// Number-aware mutations (`mutateNumbers`) next to libFuzzer's own.
@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzGrammarsMutate(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    mutateNumbers(data, size, maxSize, seed)
}
