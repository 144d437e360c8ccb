#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer's own driver (compiler-rt, linked by `-sanitize=fuzzer`): parses
/// the libFuzzer flags in `argv` and calls `callback` once per input.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// Runs libFuzzer over `callback`. Each target calls it from its
/// `@_cdecl("<Module>_main")` entry: this SwiftPM links executables with
/// `--defsym main=<Module>_main`, so that symbol is the process's `main`, and
/// libFuzzer's own `main` is never linked (a target with only top-level code
/// builds, then exits 0 at once without fuzzing).
public func runFuzzer(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                      _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32 {
    FuzzEnvironment.warmUp()
    var count = argc
    var vector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&count, &vector, callback)
}

/// The input as an array (empty for a null pointer).
public func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}
