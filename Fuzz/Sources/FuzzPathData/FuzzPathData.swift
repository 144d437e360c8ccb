import Collage
import CollageLayout
import CollageRaster
import FuzzSupport

/// Target (e): SVG path data and the stroker (issue 15). The first 4 bytes
/// choose a stroke, the rest is the `d` string (UTF-8, invalid sequences
/// replaced):
///
///     0: width (n % 64) / 2 px       1: bits: join (0-1), cap (2-3), dashed (4)
///     2: first dash length n / 4     3: gap n / 4, also the dash offset − 32
///
/// The string is read by `PathData(svg:)` (an error must give a column inside
/// the string), turned into a scene `Path`, stroked (`Path.stroked`) and both
/// are rasterised over a 256 x 256 clip. The same string then goes through
/// a document as a path shape's `d` (`check`'s validation with the error's
/// location inside the string, layout and scene). Errors are normal outcomes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPathData(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = fuzzBytes(data, size)
    let head = Array(bytes.prefix(4)) + [UInt8](repeating: 0, count: max(0, 4 - bytes.count))
    let text = String(decoding: bytes.dropFirst(4), as: UTF8.self)
    let clip = PixelRect(x: 0, y: 0, width: 256, height: 256)
    do {
        let path = Path(try PathData(svg: text))
        let joins: [LineJoin] = [.miter, .round, .bevel, .miter], caps: [LineCap] = [.butt, .round, .square, .butt]
        let dashed = head[1] & 16 != 0
        let style = StrokeStyle(width: Double(head[0] % 64) / 2, join: joins[Int(head[1] & 3)], cap: caps[Int((head[1] >> 2) & 3)],
                                dash: dashed ? [Double(head[2]) / 4, Double(head[3]) / 4] : [],
                                dashOffset: Double(head[3]) - 32)
        _ = PathRasterizer.fill(path, clip: clip)
        _ = PathRasterizer.fill(path.stroked(style), clip: clip)
    } catch {
        precondition(error.column >= 1 && error.column <= text.unicodeScalars.count + 1, "column \(error.column) outside the string")
    }
    let document = """
    version: 1
    canvas: {width: 64, height: 48, background: white}
    photos: [photos/quadrants.png]
    overlays:
      - shape: path
        d: \(quoted(text))
        fill: red
        stroke: {width: \(head[0] % 16), dash: [\(head[2] % 8 + 1), \(head[3] % 8)]}
        rotation: \(Int(head[1]) - 128)
    """
    let spec: Spec
    do {
        spec = try DocumentLoader.load(text: Array(document.utf8), file: FuzzEnvironment.folder + "/fuzz.yaml",
                                       baseDirectory: FuzzEnvironment.folder, variables: [:])
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


@_cdecl("FuzzPathData_main")
public func fuzzPathDataMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc: argc, argv: argv, fuzzPathData)
}
