import CNettle

/// SHA-256 (FIPS 180-4) by Nettle's `sha256_*`, for `collage batch
/// --skip-unchanged` stamps (a stamp must not collide by accident across a
/// million rows) and a PDF's `/ID` (a hash of its body). Feed bytes with
/// `update`, read `hex`; the hash is then spent.
struct SHA256 {
    private var context = sha256_ctx()

    init() { nettle_sha256_init(&context) }

    mutating func update(_ bytes: some Sequence<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            nettle_sha256_update(&context, buffer.count, buffer.baseAddress)
        }
        if done == nil {
            let copy = Array(bytes)
            copy.withUnsafeBufferPointer { nettle_sha256_update(&context, $0.count, $0.baseAddress) }
        }
    }

    mutating func update(_ text: String) {
        var text = text
        text.withUTF8 { nettle_sha256_update(&context, $0.count, $0.baseAddress) }
    }

    /// The digest as 64 lowercase hex digits.
    mutating func hex() -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        digest.withUnsafeMutableBufferPointer { nettle_sha256_digest(&context, 32, $0.baseAddress) }
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in digest { out.append(digits[Int(byte >> 4)]); out.append(digits[Int(byte & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }
}
