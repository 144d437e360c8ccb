import Collage
import FuzzSupport

/// Target (a): a collage document (YAML, or JSON when it starts with `{` or
/// `[`) through DocumentLoader -> Validator -> Spec -> layout (photo headers
/// from the synthetic photos folder) -> Scene -> the `layout --json` report.
/// No pixel is decoded. A document error is a normal outcome; a trap, a
/// sanitizer report, a leak, a hang or 2 GB of memory is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDocument(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = FuzzEnvironment.fonts
    let bytes = fuzzBytes(data, size)
    let first = bytes.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
    let name = first == UInt8(ascii: "{") || first == UInt8(ascii: "[") ? "fuzz.json" : "fuzz.yaml"
    let spec: Spec
    do {
        spec = try DocumentLoader.load(text: bytes, file: FuzzEnvironment.folder + "/" + name,
                                       baseDirectory: FuzzEnvironment.folder)
    } catch {
        _ = DiagnosticFormatter().format(error)
        return 0
    }
    do {
        let prepared = try CollageRenderer.prepare(spec: spec)
        _ = JSONText.write(LayoutReport.json(prepared))
    } catch {
        if case .diagnostics(let list) = error { _ = DiagnosticFormatter().format(list) }
    }
    return 0
}

@_cdecl("FuzzDocument_main")
public func fuzzDocumentMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc: argc, argv: argv, fuzzDocument)
}

/// Number-aware mutations (`mutateNumbers`) next to libFuzzer's own.
@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzDocumentMutate(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    mutateNumbers(data, size, maxSize, seed)
}
