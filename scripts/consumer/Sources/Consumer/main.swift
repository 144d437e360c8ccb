// A program that depends on the `Collage` library product by version (see
// scripts/check-consumer): it writes a 2x2 photo, a document that uses it,
// renders the document through the library and checks the result.
import Collage
#if canImport(Glibc)
import Glibc
#endif

/// A 2x2 opaque PNG (#cc3333).
let photo: [UInt8] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x08, 0x02, 0x00, 0x00, 0x00, 0xFD, 0xD4, 0x9A,
    0x73, 0x00, 0x00, 0x00, 0x16, 0x49, 0x44, 0x41, 0x54, 0x08, 0xD7, 0x63, 0x3C, 0x63, 0x6C, 0xCC,
    0xC0, 0xC0, 0xC0, 0xC4, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0x00, 0x00, 0x0F, 0x1B, 0x01, 0x36, 0x4D,
    0x06, 0x87, 0x9A, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82
]

func write(_ bytes: [UInt8], to path: String) {
    guard let file = fopen(path, "wb"), fwrite(bytes, 1, bytes.count, file) == bytes.count, fclose(file) == 0 else {
        print("consumer: cannot write \(path)")
        exit(1)
    }
}

let folder = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "."
write(photo, to: folder + "/dot.png")
write(Array("""
version: 1
canvas: {width: 64, height: 32}
photos: [dot.png]
overlays:
  - text: "ok"
    font: {family: "DejaVu Sans", size: 16}
    color: "#ffffff"

""".utf8), to: folder + "/doc.yaml")
do {
    let report = try CollageRenderer.render(documentPath: folder + "/doc.yaml",
                                            options: RenderOptions(outputPath: folder + "/out.png"))
    print("collage \(CollageVersion.current): wrote \(report.byteCount) bytes of \(report.format)")
} catch {
    print("consumer: \(error)")
    exit(1)
}
