import CollageNumerics
import CText
import CollageText
import CollageRaster
import Glibc

/// Rasterises glyphs with FreeType into coverage masks and colour tiles
/// (README "Rules": Text: unhinted, at fractional pen positions, never rounded).
enum GlyphRasterizer {
    /// A glyph origin on the canvas, pixels (x right, y down), fractional.
    struct Placed {
        var face: FontFace
        var id: UInt32
        var x: Double
        var y: Double
        /// The size to draw at, pixels; nil: the face's current size.
        var size: Double? = nil
        /// The fill mask the glyph goes to (one per fill colour), 0 ..< count.
        var group = 0
        /// Turned 90° clockwise about its origin (`ShapedGlyph.sideways`).
        var sideways = false
        /// Horizontal scale about its origin (`ShapedGlyph.widthScale`).
        var widthScale = 1.0
    }

    /// A mask placed with its top-left pixel at (`x`, `y`), canvas pixels.
    struct PlacedMask {
        var mask: CoverageMask
        var x: Int
        var y: Int
    }

    /// What `rasterize` draws.
    struct Layers {
        /// Outline glyphs' coverage per fill group (`Placed.group`; drawn in
        /// that group's colour); nil where a group has no ink in the clip.
        var fills: [PlacedMask?]
        /// Group 0's coverage.
        var fill: PlacedMask? { fills.first ?? nil }
        /// The outlines expanded by the stroke width (drawn under the fill).
        var stroke: PlacedMask?
        /// Colour glyphs (emoji) in their own colours.
        var tiles: [ColorTile]
    }

    private struct Bitmap { var x: Int; var y: Int; var width: Int; var height: Int; var pixels: [UInt8] }

    /// Draws `glyphs` (each face already at its size) into masks and tiles.
    ///
    /// Each outline is moved by the fractional part of its position (to
    /// FreeType's 1/64 px) before rendering, and its bitmap lands at the
    /// integer part, so glyphs sit at their exact positions inside masks
    /// placed at whole canvas pixels. Overlapping coverage adds, saturating
    /// at 255. With `strokeWidth` > 0 each outline is also expanded by that
    /// many pixels with FreeType's stroker (outside border, round joins and
    /// caps) into the stroke mask. Bitmap-only colour faces are loaded with
    /// `FT_LOAD_COLOR` and their BGRA strike scaled by `face.scale`.
    ///
    /// - Parameter clip: canvas pixels the masks may cover (the canvas).
    static func rasterize(_ glyphs: [Placed], strokeWidth: Double = 0, clip: PixelRect) -> Layers {
        let groups = (glyphs.map(\.group).max() ?? 0) + 1
        var fills = [[Bitmap]](repeating: [], count: groups), strokes: [Bitmap] = []
        // The face and size last set (faces are shared between sizes).
        var current: (face: ObjectIdentifier, size: Double)?
        var tiles: [ColorTile] = []
        var stroker: FT_Stroker?
        var library: FT_Library?
        defer { if let stroker { FT_Stroker_Done(stroker) } }
        // Positions this far out cannot reach any canvas (and would not fit an Int).
        let reach = 1e9
        let margin = Int(checked: strokeWidth, .up) + 1
        for glyph in glyphs where abs(glyph.x) < reach && abs(glyph.y) < reach {
            let handle = glyph.face.handle
            if let size = glyph.size, current.map({ $0.face != ObjectIdentifier(glyph.face) || $0.size != size }) ?? true {
                try? glyph.face.setSize(size)
                current = (ObjectIdentifier(glyph.face), size)
            }
            if !glyph.face.isScalable {
                if let tile = colorGlyph(glyph, clip: clip) { tiles.append(tile) }
                continue
            }
            let ix = glyph.x.rounded(.down), iy = glyph.y.rounded(.down)
            let px = Int(checked: ix), py = Int(checked: iy)
            // FreeType's y axis points up: moving the glyph down is a negative delta.
            var delta = FT_Vector(x: FT_Pos(Int(checked: (glyph.x - ix) * 64, .toNearestOrAwayFromZero)),
                                  y: FT_Pos(Int(checked: -((glyph.y - iy) * 64), .toNearestOrAwayFromZero)))
            if glyph.sideways || glyph.widthScale != 1 {
                // FreeType's y axis points up: a clockwise quarter turn maps
                // (x, y) to (y, -x); the width scale applies before it.
                let scale = FT_Fixed(Int(checked: glyph.widthScale * 65536, .toNearestOrAwayFromZero))
                var matrix = glyph.sideways ? FT_Matrix(xx: 0, xy: 0x10000, yx: -scale, yy: 0)
                    : FT_Matrix(xx: scale, xy: 0, yx: 0, yy: 0x10000)
                FT_Set_Transform(handle, &matrix, &delta)
            } else {
                FT_Set_Transform(handle, nil, &delta)
            }
            defer { FT_Set_Transform(handle, nil, nil) }
            guard FT_Load_Glyph(handle, glyph.id, Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
                  let slot = handle.pointee.glyph,
                  slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { continue }
            // Skip glyphs wholly outside the clip (with the stroke's reach) before rendering them.
            var box = FT_BBox()
            FT_Outline_Get_CBox(&slot.pointee.outline, &box)
            let left = px + Int(box.xMin >> 6) - margin, right = px + Int((box.xMax + 63) >> 6) + margin
            let top = py - Int((box.yMax + 63) >> 6) - margin, bottom = py - Int(box.yMin >> 6) + margin
            if right <= clip.x || left >= clip.maxX || bottom <= clip.y || top >= clip.maxY { continue }
            if strokeWidth > 0 {
                if stroker == nil {
                    library = handle.pointee.glyph.pointee.library
                    FT_Stroker_New(library, &stroker)
                    FT_Stroker_Set(stroker, FT_Fixed(Int(checked: strokeWidth * 64, .toNearestOrAwayFromZero)), FT_STROKER_LINECAP_ROUND,
                                   FT_STROKER_LINEJOIN_ROUND, 0)
                }
                if let band = strokeBitmap(slot, stroker: stroker, x: px, y: py) { strokes.append(band) }
            }
            let whole = PixelRect(x: px + Int(box.xMin >> 6), y: py - Int((box.yMax + 63) >> 6),
                                  width: Int((box.xMax + 63) >> 6) - Int(box.xMin >> 6),
                                  height: Int((box.yMax + 63) >> 6) - Int(box.yMin >> 6))
            if whole.intersection(clip) != whole {
                // Partly off the clip (a 9000 px glyph on a 1800 px canvas):
                // only the part inside is rendered.
                if let bitmap = renderClipped(slot, x: px, y: py, area: whole.intersection(clip)) { fills[glyph.group].append(bitmap) }
                continue
            }
            guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { continue }
            if let bitmap = copy(slot.pointee.bitmap, x: px + Int(slot.pointee.bitmap_left),
                                 y: py - Int(slot.pointee.bitmap_top)) { fills[glyph.group].append(bitmap) }
        }
        return Layers(fills: fills.map { compose($0, clip: clip) }, stroke: compose(strokes, clip: clip), tiles: tiles)
    }

    /// The part `area` (canvas pixels) of the outline in `slot`, whose origin
    /// is at canvas pixel (`x`, `y`), rendered by FreeType's anti-aliasing
    /// rasteriser into a bitmap of just that size: the outline moves by whole
    /// pixels so the bitmap's bottom-left is `area`'s, and the rasteriser
    /// clips to the bitmap, so each pixel gets the coverage `FT_Render_Glyph`
    /// would give it.
    private static func renderClipped(_ slot: FT_GlyphSlot, x: Int, y: Int, area: PixelRect) -> Bitmap? {
        guard !area.isEmpty, let library = slot.pointee.library else { return nil }
        var pixels = [UInt8](repeating: 0, count: area.width * area.height)
        let dx = FT_Pos(-(area.x - x) * 64), dy = FT_Pos(-(y - area.maxY) * 64)
        FT_Outline_Translate(&slot.pointee.outline, dx, dy)
        defer { FT_Outline_Translate(&slot.pointee.outline, -dx, -dy) }
        let status = pixels.withUnsafeMutableBufferPointer { buffer -> FT_Error in
            var bitmap = FT_Bitmap()
            bitmap.rows = UInt32(area.height); bitmap.width = UInt32(area.width); bitmap.pitch = Int32(area.width)
            bitmap.buffer = buffer.baseAddress; bitmap.num_grays = 256
            bitmap.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
            return FT_Outline_Get_Bitmap(library, &slot.pointee.outline, &bitmap)
        }
        guard status == 0 else { return nil }
        return Bitmap(x: area.x, y: area.y, width: area.width, height: area.height, pixels: pixels)
    }

    /// The outline in `slot` expanded by the stroker (its outside border), rendered.
    private static func strokeBitmap(_ slot: FT_GlyphSlot, stroker: FT_Stroker?, x: Int, y: Int) -> Bitmap? {
        var glyph: FT_Glyph?
        guard FT_Get_Glyph(slot, &glyph) == 0, glyph != nil else { return nil }
        defer { FT_Done_Glyph(glyph) }
        guard FT_Glyph_StrokeBorder(&glyph, stroker, 0, 1) == 0,
              FT_Glyph_To_Bitmap(&glyph, FT_RENDER_MODE_NORMAL, nil, 1) == 0, let glyph else { return nil }
        return UnsafeMutableRawPointer(glyph).withMemoryRebound(to: FT_BitmapGlyphRec.self, capacity: 1) { bitmap in
            copy(bitmap.pointee.bitmap, x: x + Int(bitmap.pointee.left), y: y - Int(bitmap.pointee.top))
        }
    }

    /// A colour glyph's strike, scaled to the face's size and placed.
    private static func colorGlyph(_ glyph: Placed, clip: PixelRect) -> ColorTile? {
        let handle = glyph.face.handle
        guard FT_Load_Glyph(handle, glyph.id, Int32(FT_LOAD_COLOR)) == 0, let slot = handle.pointee.glyph else { return nil }
        let bitmap = slot.pointee.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), let buffer = bitmap.buffer,
              bitmap.width > 0, bitmap.rows > 0, bitmap.pitch > 0 else { return nil }
        let scale = glyph.face.scale
        let left = glyph.x + Double(slot.pointee.bitmap_left) * scale
        let top = glyph.y - Double(slot.pointee.bitmap_top) * scale
        let width = Double(bitmap.width) * scale, height = Double(bitmap.rows) * scale
        if left + width <= Double(clip.x) || left >= Double(clip.maxX)
            || top + height <= Double(clip.y) || top >= Double(clip.maxY) { return nil }
        return ColorTile.scaledStrike(bgra: buffer, width: Int(bitmap.width), height: Int(bitmap.rows),
                                      pitch: Int(bitmap.pitch), scale: scale, left: left, top: top, clip: clip)
    }

    private static func copy(_ bitmap: FT_Bitmap, x: Int, y: Int) -> Bitmap? {
        let width = Int(bitmap.width), height = Int(bitmap.rows)
        guard width > 0, height > 0, let buffer = bitmap.buffer,
              bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { return nil }
        let pitch = Int(bitmap.pitch)
        var pixels = [UInt8](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBufferPointer { target in
            for row in 0..<height {
                // A negative pitch stores rows bottom-up.
                let source = buffer + (pitch >= 0 ? row * pitch : (height - 1 - row) * -pitch)
                UnsafeMutableRawPointer(target.baseAddress! + row * width).copyMemory(from: source, byteCount: width)
            }
        }
        return Bitmap(x: x, y: y, width: width, height: height, pixels: pixels)
    }

    /// One mask holding every bitmap, clipped to `clip`.
    private static func compose(_ bitmaps: [Bitmap], clip: PixelRect) -> PlacedMask? {
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
        return PlacedMask(mask: CoverageMask(width: bounds.width, height: bounds.height, coverage: coverage),
                          x: bounds.x, y: bounds.y)
    }
}
