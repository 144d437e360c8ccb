import CollageCodecs
import CollageRaster
import FuzzSupport

/// Target (b): every image decoder from bytes (`ImageDecoder.header(bytes:)`,
/// `decode(bytes:)`): the format is sniffed from the magic bytes as for a
/// file, so JPEG, PNG, WebP, HEIF/AVIF and SVG/SVGZ inputs reach their own
/// decoder (the corpus seeds each; an SVG is also drawn turned through cairo). Each input is read three ways: header only;
/// full decode with a 4-megapixel budget; and a shrink-on-load decode that
/// accepts truncated data and keeps the stored ICC values. An `ImageError`
/// is a normal outcome.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecode(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = fuzzBytes(data, size)
    _ = try? ImageDecoder.header(bytes: bytes)
    let budget = 4_000_000, memory = 256 << 20
    _ = try? ImageDecoder.decode(bytes: bytes, options: DecodeOptions(maxPixels: budget, maxLibraryMemory: memory))
    _ = try? ImageDecoder.decodeStored(bytes: bytes, options: DecodeOptions(
        minimumSize: Size(width: 7, height: 5), maxPixels: budget, maxLibraryMemory: memory,
        allowTruncated: true, convertICCProfiles: false))
    // An SVG is also drawn as the renderer draws it: at a turned, scaled
    // device transform into a small buffer (`VectorPicture`).
    if let header = try? ImageDecoder.header(bytes: bytes), header.format == .svg,
       let document = try? SVGDocument(bytes: bytes, path: ImageDecoder.bytesName) {
        var pixels = [UInt32](repeating: 0, count: 48 * 32)
        let transform = Affine.scale(48 / Double(header.storedSize.width), 32 / Double(header.storedSize.height))
            .then(.rotation(degrees: 17, about: 24, 16))
        _ = try? pixels.withUnsafeMutableBufferPointer { buffer in
            try document.draw(viewport: header.storedSize, transform: transform, width: 48, height: 32, into: buffer)
        }
    }
    return 0
}

@_cdecl("FuzzDecode_main")
public func fuzzDecodeMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc: argc, argv: argv, fuzzDecode)
}
