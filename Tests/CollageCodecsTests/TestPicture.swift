import CollageRaster
import Foundation

/// Pictures the codec tests encode and decode.
enum TestPicture {
    /// A deterministic test picture: smooth gradients plus a few hard edges.
    static func synthetic(width: Int, height: Int, alpha: (Int, Int) -> UInt8 = { _, _ in 255 }) -> Pixmap {
        var p = Pixmap(width: width, height: height)
        for y in 0 ..< height {
            for x in 0 ..< width {
                let r = UInt8(x * 255 / max(width - 1, 1))
                let g = UInt8(y * 255 / max(height - 1, 1))
                let b = UInt8((x + y) % 64 < 32 ? 200 : 40)
                p[x, y] = Color(red: r, green: g, blue: b, alpha: alpha(x, y))
            }
        }
        return p
    }
}
