import CText
import CollageRaster
import Glibc

/// Rasterises glyph outlines with FreeType into one coverage mask
/// (DESIGN.md "Text": unhinted, at fractional pen positions, never rounded).
enum GlyphRasterizer {
    /// A glyph origin on the canvas, pixels (x right, y down), fractional.
    struct Placed {
        var id: UInt32
        var x: Double
        var y: Double
    }

    /// Draws `glyphs` of `face` (at its current size) into one mask.
    ///
    /// Each glyph's outline is moved by the fractional part of its position
    /// (to FreeType's 1/64 px) before rendering, and its bitmap lands at the
    /// integer part, so glyphs sit at their exact positions inside a mask
    /// placed at whole canvas pixels. Overlapping coverage adds, saturating
    /// at 255. Glyphs without an outline (bitmap-only faces) draw nothing.
    ///
    /// - Parameter clip: canvas pixels the mask may cover (the canvas).
    /// - Returns: the mask and its top-left canvas pixel, or nil when no ink
    ///   falls inside `clip`.
    static func rasterize(_ glyphs: [Placed], face: FontFace, clip: PixelRect) -> (mask: CoverageMask, x: Int, y: Int)? {
        struct Bitmap { var x: Int; var y: Int; var width: Int; var height: Int; var pixels: [UInt8] }
        var bitmaps: [Bitmap] = []
        let handle = face.handle
        defer { FT_Set_Transform(handle, nil, nil) }
        let loadFlags = Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        // Positions this far out cannot reach any canvas (and would not fit an Int).
        let reach = 1e9
        for glyph in glyphs where abs(glyph.x) < reach && abs(glyph.y) < reach {
            let ix = glyph.x.rounded(.down), iy = glyph.y.rounded(.down)
            // FreeType's y axis points up: moving the glyph down is a negative delta.
            var delta = FT_Vector(x: FT_Pos(((glyph.x - ix) * 64).rounded(.toNearestOrAwayFromZero)),
                                  y: FT_Pos(-((glyph.y - iy) * 64).rounded(.toNearestOrAwayFromZero)))
            FT_Set_Transform(handle, nil, &delta)
            guard FT_Load_Glyph(handle, glyph.id, loadFlags) == 0,
                  let slot = handle.pointee.glyph,
                  slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { continue }
            // Skip glyphs wholly outside the clip before rendering them.
            var box = FT_BBox()
            FT_Outline_Get_CBox(&slot.pointee.outline, &box)
            let left = Int(ix) + Int(box.xMin >> 6), right = Int(ix) + Int((box.xMax + 63) >> 6)
            let top = Int(iy) - Int((box.yMax + 63) >> 6), bottom = Int(iy) - Int(box.yMin >> 6)
            if right <= clip.x || left >= clip.maxX || bottom <= clip.y || top >= clip.maxY { continue }
            guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { continue }
            let bitmap = slot.pointee.bitmap
            let width = Int(bitmap.width), height = Int(bitmap.rows)
            guard width > 0, height > 0, let buffer = bitmap.buffer,
                  bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { continue }
            let pitch = Int(bitmap.pitch)
            var pixels = [UInt8](repeating: 0, count: width * height)
            pixels.withUnsafeMutableBufferPointer { target in
                for row in 0..<height {
                    // A negative pitch stores rows bottom-up.
                    let source = buffer + (pitch >= 0 ? row * pitch : (height - 1 - row) * -pitch)
                    UnsafeMutableRawPointer(target.baseAddress! + row * width)
                        .copyMemory(from: source, byteCount: width)
                }
            }
            bitmaps.append(Bitmap(x: Int(ix) + Int(slot.pointee.bitmap_left),
                                  y: Int(iy) - Int(slot.pointee.bitmap_top),
                                  width: width, height: height, pixels: pixels))
        }
        guard let first = bitmaps.first else { return nil }
        var bounds = PixelRect(x: first.x, y: first.y, width: first.width, height: first.height)
        for b in bitmaps.dropFirst() {
            let x0 = min(bounds.x, b.x), y0 = min(bounds.y, b.y)
            let x1 = max(bounds.maxX, b.x + b.width), y1 = max(bounds.maxY, b.y + b.height)
            bounds = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        bounds = bounds.intersection(clip)
        guard !bounds.isEmpty else { return nil }
        var coverage = [UInt8](repeating: 0, count: bounds.width * bounds.height)
        coverage.withUnsafeMutableBufferPointer { mask in
            for b in bitmaps {
                let area = PixelRect(x: b.x, y: b.y, width: b.width, height: b.height).intersection(bounds)
                if area.isEmpty { continue }
                b.pixels.withUnsafeBufferPointer { source in
                    for y in area.y..<area.maxY {
                        let sourceRow = (y - b.y) * b.width - b.x
                        let maskRow = (y - bounds.y) * bounds.width - bounds.x
                        for x in area.x..<area.maxX {
                            let sum = UInt16(mask[maskRow + x]) + UInt16(source[sourceRow + x])
                            mask[maskRow + x] = UInt8(min(sum, 255))
                        }
                    }
                }
            }
        }
        return (CoverageMask(width: bounds.width, height: bounds.height, coverage: coverage), bounds.x, bounds.y)
    }
}
