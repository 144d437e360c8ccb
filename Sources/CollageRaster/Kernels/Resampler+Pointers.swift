extension Resampler {
    /// The read-only arrays both pass orders read in their loops, pinned:
    /// the sRGB decode and alpha tables and both axes' taps.
    struct KernelPointers {
        let decode: UnsafePointer<Float>
        let alpha: UnsafePointer<Float>
        let hWeights: UnsafePointer<Float>
        let hFirst: UnsafePointer<Int>
        let hCount: UnsafePointer<Int>
        let vWeights: UnsafePointer<Float>
    }

    /// Runs `body` with `KernelPointers`, valid only during the call. The
    /// loops read plain local pointers, which the compiler keeps in registers
    /// instead of reloading captured arrays after every store.
    func withKernelPointers<R>(_ body: (KernelPointers) -> R) -> R {
        SRGBTransfer.decodeTable.withUnsafeBufferPointer { decode in
        SRGBTransfer.alphaTable.withUnsafeBufferPointer { alpha in
        horizontal.weights.withUnsafeBufferPointer { hWeights in
        horizontal.first.withUnsafeBufferPointer { hFirst in
        horizontal.count.withUnsafeBufferPointer { hCount in
        vertical.weights.withUnsafeBufferPointer { vWeights in
            body(KernelPointers(decode: decode.baseAddress!, alpha: alpha.baseAddress!,
                                hWeights: hWeights.baseAddress!, hFirst: hFirst.baseAddress!,
                                hCount: hCount.baseAddress!, vWeights: vWeights.baseAddress!))
        }}}}}}
    }
}
