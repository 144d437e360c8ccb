import CImageShim

/// Converts the shim's collected library warnings to strings: each distinct
/// message once (" (N times)" when repeated), at most 16, then
/// "N more warnings not listed" when the list overflowed.
enum ShimWarnings {
    static func list(_ warnings: UnsafePointer<collage_warnings>?) -> [String] {
        guard let w = warnings?.pointee else { return [] }
        var out: [String] = []
        withUnsafeBytes(of: w.text) { raw in
            let stride = Int(COLLAGE_MESSAGE_MAX)
            for i in 0 ..< Int(w.count) {
                let slice = raw[i * stride ..< (i + 1) * stride]
                let end = slice.firstIndex(of: 0) ?? slice.endIndex
                var text = String(decoding: raw[slice.startIndex ..< end], as: UTF8.self)
                let repeats = withUnsafeBytes(of: w.repeats) { $0.load(fromByteOffset: i * 4, as: Int32.self) }
                if repeats > 1 { text += " (\(repeats) times)" }
                out.append(text)
            }
        }
        if w.dropped > 0 { out.append("\(w.dropped) more warnings not listed") }
        return out
    }
}
