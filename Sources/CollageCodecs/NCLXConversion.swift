import CImageShim

/// Converts pixels described by an nclx colour box (AVIF/HEIF `colr`:
/// ISO/IEC 23091-2 primaries and transfer code points) to sRGB with
/// LittleCMS, like an ICC profile (README "Rules": Colour). Supported:
/// primaries BT.709, BT.470BG, BT.601, SMPTE 240M, BT.2020, DCI-P3,
/// Display P3; transfer BT.709/601/2020, sRGB, gamma 2.2/2.8, linear.
/// HDR curves (PQ, HLG) are kept as they are, with a warning.
enum NCLXConversion {
    static func apply(primaries: Int, transfer: Int, pixels: inout [UInt8], width: Int, height: Int) -> ICCConversion.Outcome {
        var message = [CChar](repeating: 0, count: Int(COLLAGE_MESSAGE_MAX))
        let status = pixels.withUnsafeMutableBufferPointer { buffer in
            collage_nclx_to_srgb(Int32(primaries), Int32(transfer), buffer.baseAddress, width, height, &message)
        }
        switch status {
        case 0: return .converted
        case 1: return .none
        default:
            let text = String(decoding: message.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .ignored("nclx colour (primaries \(primaries), transfer \(transfer)): \(text)")
        }
    }
}
