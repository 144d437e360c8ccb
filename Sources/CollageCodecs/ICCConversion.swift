import CImageShim

/// Converts decoded pixels from their embedded ICC profile to sRGB with
/// LittleCMS (README "Rules": Colour: relative colorimetric with black point
/// compensation). A profile that cannot be used is dropped with a warning.
enum ICCConversion {
    enum Outcome: Equatable {
        /// No profile, or one that already describes sRGB.
        case none
        case converted
        /// The profile was unusable; the pixels are untouched. Carries the warning text.
        case ignored(String)
    }

    /// - Parameters:
    ///   - profile: the profile bytes (nil: nothing to do).
    ///   - pixels: `width * height * 4` bytes, converted in place.
    ///   - threads: threads converting an RGB image of a megapixel or more
    ///     at once (`DecodeOptions.threads`); the pixels do not depend on it.
    static func apply(profile: UnsafePointer<UInt8>?, length: Int, input: collage_icc_input,
                      pixels: inout [UInt8], width: Int, height: Int, threads: Int = 1) -> Outcome {
        guard let profile, length > 0 else { return .none }
        var message = [CChar](repeating: 0, count: Int(COLLAGE_MESSAGE_MAX))
        let status = pixels.withUnsafeMutableBufferPointer { buffer in
            collage_icc_to_srgb(profile, length, input, buffer.baseAddress, width, height, Int32(clamping: threads), &message)
        }
        switch status {
        case 0: return .converted
        case 1: return .none
        default:
            let text = String(decoding: message.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .ignored("ignored the embedded ICC profile: \(text)")
        }
    }
}
