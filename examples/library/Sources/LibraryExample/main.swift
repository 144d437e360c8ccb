// Builds a collage document in code, renders it through the Collage library
// and writes it to the path given as the first argument:
//   swift run LibraryExample /tmp/example.png     (a 640x360 PNG)
import Collage
#if canImport(Glibc)
import Glibc
#endif

/// Writes `text` to standard error.
func printError(_ text: String) { _ = text.withCString { write(2, $0, strlen($0)) } }

guard CommandLine.arguments.count == 2 else {
    printError("usage: LibraryExample OUT.png\n")
    exit(64)
}
// The photo: a 2x2 PNG (red, green / blue, yellow) in a temporary folder.
let tile: [UInt8] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x08, 0x02, 0x00, 0x00, 0x00, 0xFD, 0xD4, 0x9A,
    0x73, 0x00, 0x00, 0x00, 0x16, 0x49, 0x44, 0x41, 0x54, 0x78, 0xDA, 0x63, 0xB8, 0x23, 0x27, 0x27,
    0x77, 0xC2, 0x86, 0x41, 0xC3, 0xE6, 0xCE, 0x87, 0x3B, 0x1A, 0x00, 0x22, 0x3C, 0x05, 0x6F, 0xE0,
    0x63, 0xE0, 0xD9, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
]
var template = Array("/tmp/library-example-XXXXXX".utf8CString)
guard let folder = mkdtemp(&template).map({ String(cString: $0) }),
      let file = fopen(folder + "/tile.png", "wb"), fwrite(tile, 1, tile.count, file) == tile.count, fclose(file) == 0
else {
    printError("LibraryExample: cannot write the photo\n")
    exit(1)
}

// The document: three prints in a grid and a caption on a label (docs/format.md).
var document = CollageDocument(canvas: .init(width: 640, height: 360, background: "#1d1f21"))
document.photos = [
    .init("tile.png", cornerRadius: 24, rotation: -4),
    .init("tile.png", cornerRadius: 24),
    .init("tile.png", cornerRadius: 24, rotation: 4),
]
document.layout = .init(kind: .grid, gap: 32, padding: 40, columns: 3)
var caption = CollageDocument.Overlay.text("Made with the Collage library", family: ["DejaVu Sans"], size: 28,
                                           color: "#ffffff", anchor: .bottom, offset: (x: 0, y: -24))
// Keys without a property of their own, as JSON values, validated like the rest.
caption.additionalKeys["background"] = .object([("color", .string("#000000b0")), ("padding", .int(10)),
                                                ("cornerRadius", .int(8))])
document.overlays = [caption]

let renderer = DocumentRenderer()
var status: Int32 = 0
do {
    let image = try renderer.write(.document(document, baseDirectory: folder), to: CommandLine.arguments[1])
    printError(DiagnosticFormatter().format(DiagnosticList(image.warnings, source: image.source)))
    print("wrote \(CommandLine.arguments[1]): \(image.width)x\(image.height) \(image.format), \(image.bytes.count) bytes")
} catch {
    printError(error.description)   // file:line:column: error: ... as collage prints it
    status = 1
}
unlink(folder + "/tile.png")
rmdir(folder)
exit(status)
