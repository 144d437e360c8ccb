/// What the PDF backend reads from a JPEG's markers to decide whether its
/// bytes can go into the file as they are (`/DCTDecode`): its stored size,
/// its components (1 grey, 3 YCbCr/RGB; 4 CMYK/YCCK is re-encoded), a
/// baseline or progressive 8-bit frame (`SOF0`-`SOF2`), and its ICC profile
/// (the `APP2 ICC_PROFILE` chunks in order), kept for an `/ICCBased` colour
/// space when its colour space matches the components.
struct PDFJPEG {
    var width: Int
    var height: Int
    var components: Int
    /// The embedded profile, nil when the file has none (untagged: sRGB).
    var profile: [UInt8]?

    /// The JPEG in `bytes`, nil when it cannot be copied as it is (another
    /// frame type, 12-bit, CMYK, a damaged marker, a profile for another
    /// colour space).
    init?(_ bytes: [UInt8]) {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var chunks: [Int: [UInt8]] = [:]
        var frame: (width: Int, height: Int, components: Int)?
        var at = 2
        scan: while at + 4 <= bytes.count {
            guard bytes[at] == 0xFF else { return nil }
            let marker = bytes[at + 1]
            if marker == 0xFF { at += 1; continue }
            if marker == 0xD8 || (0xD0 ... 0xD7).contains(marker) || marker == 0x01 { at += 2; continue }
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length >= 2, at + 2 + length <= bytes.count else { return nil }
            let body = bytes[(at + 4) ..< (at + 2 + length)]
            switch marker {
            case 0xC0, 0xC1, 0xC2:
                guard body.count >= 6, body[body.startIndex] == 8 else { return nil }
                let b = body.startIndex
                frame = (Int(body[b + 3]) << 8 | Int(body[b + 4]), Int(body[b + 1]) << 8 | Int(body[b + 2]), Int(body[b + 5]))
            case 0xC3, 0xC5 ... 0xC7, 0xC9 ... 0xCB, 0xCD ... 0xCF:
                return nil
            case 0xE2:
                let tag = Array("ICC_PROFILE".utf8) + [0]
                if body.count > 14, Array(body.prefix(12)) == tag {
                    chunks[Int(body[body.startIndex + 12])] = Array(body.dropFirst(14))
                }
            case 0xDA:
                break scan
            default:
                break
            }
            at += 2 + length
        }
        guard let frame, frame.width > 0, frame.height > 0, frame.components == 1 || frame.components == 3 else { return nil }
        width = frame.width; height = frame.height; components = frame.components
        if chunks.isEmpty {
            profile = nil
        } else {
            let joined = chunks.keys.sorted().flatMap { chunks[$0]! }
            guard joined.count >= 128 else { return nil }
            let space = String(decoding: joined[16 ..< 20], as: UTF8.self)
            guard space == (components == 3 ? "RGB " : "GRAY") else { return nil }
            profile = joined
        }
    }
}
