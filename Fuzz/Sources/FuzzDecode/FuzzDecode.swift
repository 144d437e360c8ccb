import CollageCodecs
import CollageRaster
import FuzzSupport

/// Target (b): every image decoder from bytes (`ImageDecoder.header(bytes:)`,
/// `decode(bytes:)`): the format is sniffed from the magic bytes as for a
/// file, so JPEG, PNG, WebP and HEIF/AVIF inputs reach their own decoder
/// (the corpus seeds each). Each input is read three ways: header only;
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
    return 0
}

@_cdecl("FuzzDecode_main")
public func fuzzDecodeMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc: argc, argv: argv, fuzzDecode)
}
