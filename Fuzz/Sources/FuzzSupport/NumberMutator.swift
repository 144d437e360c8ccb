/// libFuzzer's own mutator (compiler-rt): the default byte-level mutations.
@_silgen_name("LLVMFuzzerMutate")
func LLVMFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int) -> Int

/// A number-aware mutation for text inputs (documents): half the time, one
/// number written in the input is replaced by a value that traps careless
/// arithmetic (2^31, 1e19 beyond `Int`, 1e300, 1e-300, -0, the bounds of
/// the validator's ranges and one step past them), sometimes as a
/// percentage; otherwise libFuzzer mutates as usual. Byte mutations alone
/// seldom turn `-10` into `1e19` (measured: the image-overlay offset trap
/// of issue 13 was not found in 58,000 runs of target document without it).
/// Targets install it from their `LLVMFuzzerCustomMutator`.
public func mutateNumbers(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    var state = UInt64(seed) &* 6364136223846793005 &+ 1442695040888963407
    func next() -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int(truncatingIfNeeded: state >> 33)
    }
    guard let data, size > 0, next() % 2 == 0 else { return LLVMFuzzerMutate(data, size, maxSize) }
    let bytes = UnsafeMutableBufferPointer(start: data, count: size)
    // Numbers: a digit run, with an optional leading '-' and any '.', 'e',
    // 'E', '+', '-' or digits that follow.
    var numbers: [Range<Int>] = []
    var i = 0
    while i < size {
        guard bytes[i] >= 0x30, bytes[i] <= 0x39 else { i += 1; continue }
        var start = i
        if start > 0, bytes[start - 1] == UInt8(ascii: "-") { start -= 1 }
        while i < size, (bytes[i] >= 0x30 && bytes[i] <= 0x39) || [UInt8(ascii: "."), UInt8(ascii: "e"),
                                                                   UInt8(ascii: "E"), UInt8(ascii: "+"),
                                                                   UInt8(ascii: "-")].contains(bytes[i]) {
            i += 1
        }
        numbers.append(start..<i)
    }
    guard !numbers.isEmpty else { return LLVMFuzzerMutate(data, size, maxSize) }
    let values = ["1e19", "-1e19", "1e300", "-1e300", "1e-300", "-1e-300", "-0", "0", "2147483648", "-2147483649",
                  "4294967296", "9223372036854775807", "9223372036854775808", "1e308", "5e-324", "65535", "65536",
                  "16383", "16384", "32768", "32769", "100000", "100001", "-100001", "1000", "1001", "1e9", "0.0001",
                  "0.5", "1", "-1", "255", "256"]
    var text = values[next() % values.count]
    if next() % 4 == 0 { text += "%" }
    let range = numbers[next() % numbers.count]
    let replacement = Array(text.utf8)
    let newSize = size - range.count + replacement.count
    guard newSize <= maxSize else { return LLVMFuzzerMutate(data, size, maxSize) }
    let tail = Array(bytes[range.upperBound..<size])
    let whole = UnsafeMutableBufferPointer(start: data, count: maxSize)
    for (k, b) in (replacement + tail).enumerated() { whole[range.lowerBound + k] = b }
    return newSize
}
