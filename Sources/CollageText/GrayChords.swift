import CollageRaster

/// A FreeType outline flattened into the chords FreeType's own anti-aliasing
/// rasteriser draws it with (`src/smooth/ftgrays.c` of FreeType 2.12.1, the
/// version Debian bookworm ships, on a 64-bit host), so a glyph filled by the
/// path rasteriser covers each pixel as `FT_Render_Glyph` does, within ±2
/// levels of 255 (issue 33; `GlyphOutlineCoverageTests`): both take the exact
/// area of the same polygon.
///
/// The rules, in FreeType's fixed point of 1/256 px (26.6 × 4) with y up:
/// - a conic (quadratic) is a line when its second difference
///   |p0 + p2 − 2·p1| is at most 1/4 px on both axes; otherwise it is cut
///   into 2^n chords at t = k/2^n, n the number of times that difference is
///   quartered (`>> 2`) until at most 1/4 px, the points found by forward
///   differences in 32.32 fixed point and floored to 1/256 px;
/// - a cubic is bisected (de Casteljau, each midpoint floored to 1/256 px)
///   until its control points are within 1/2 px of the chord's trisection
///   points on both axes, then drawn as that chord.
///
/// Floors commute with whole-pixel translations but not with a flip of y or
/// with `FT_Outline_Decompose`'s midpoints of two off-curve points (C's
/// division, truncating towards zero), so the outline is moved by whole
/// pixels to non-negative coordinates, as `FT_Render_Glyph` moves it into
/// its bitmap, before it is decomposed, and moved back and turned y-down
/// only as chord ends are emitted (exactly: multiples of 1/256 px). The
/// polygon is then FreeType's for any origin that is a multiple of 1/64 px.
///
/// A rotated or scaled glyph (the scene's transforms) keeps these chords:
/// rotation is an isometry, so each chord strays from its curve by what it
/// strays at size, unrotated.
struct GrayChords {
    /// The flattened outline: glyph-space pixels, origin at the glyph origin, y down.
    private(set) var path = Path()
    /// The current point, 1/256 px, y up, moved by (`shiftX`, `shiftY`).
    private var x = 0, y = 0
    /// Where the outline was moved to before decomposing, 1/256 px (whole pixels).
    private let shiftX: Int, shiftY: Int

    /// Sub-pixel bits of FreeType's rasteriser (`PIXEL_BITS`): 1/256 px.
    static let pixelBits = 8
    static let onePixel = 1 << pixelBits

    /// - Parameters: shiftX, shiftY: the whole-pixel move applied to the
    ///   outline before it is decomposed, 26.6 units (multiples of 64).
    init(shiftX: Int, shiftY: Int) {
        self.shiftX = Self.upscale(shiftX)
        self.shiftY = Self.upscale(shiftY)
    }

    /// 26.6 to 1/256 px (`UPSCALE`).
    private static func upscale(_ value: Int) -> Int { value &* (onePixel >> 6) }

    private mutating func emit(_ px: Int, _ py: Int) {
        path.line(to: Double(px - shiftX) / Double(Self.onePixel), -Double(py - shiftY) / Double(Self.onePixel))
        x = px; y = py
    }

    /// Starts a contour at a 26.6 point (the caller closes the previous one).
    mutating func move(toX toX26: Int, y toY26: Int) {
        x = Self.upscale(toX26); y = Self.upscale(toY26)
        path.move(to: Double(x - shiftX) / Double(Self.onePixel), -Double(y - shiftY) / Double(Self.onePixel))
    }

    mutating func line(toX toX26: Int, y toY26: Int) { emit(Self.upscale(toX26), Self.upscale(toY26)) }

    mutating func close() { path.close() }

    /// A conic from the current point (`gray_render_conic`, the forward-difference form).
    mutating func conic(controlX: Int, _ controlY: Int, toX: Int, _ toY: Int) {
        let p0x = x, p0y = y
        let p1x = Self.upscale(controlX), p1y = Self.upscale(controlY)
        let p2x = Self.upscale(toX), p2y = Self.upscale(toY)
        let bx = p1x &- p0x, by = p1y &- p0y
        let ax = p2x &- p1x &- bx, ay = p2y &- p1y &- by
        var d = max(abs(ax), abs(ay))
        guard d > Self.onePixel / 4 else { emit(p2x, p2y); return }
        var shift = 0
        repeat { d >>= 2; shift += 1 } while d > Self.onePixel / 4
        // FreeType's own bound: no 32-bit deviation needs more than 16 (and
        // 33 − 2·shift must stay a shift left).
        shift = min(shift, 16)
        let rx = ax &<< (33 - 2 * shift), ry = ay &<< (33 - 2 * shift)
        var qx = (bx &<< (33 - shift)) &+ (ax &<< (32 - 2 * shift))
        var qy = (by &<< (33 - shift)) &+ (ay &<< (32 - 2 * shift))
        var px = p0x &<< 32, py = p0y &<< 32
        for _ in 0 ..< 1 << shift {
            px = px &+ qx; py = py &+ qy
            qx = qx &+ rx; qy = qy &+ ry
            emit(px >> 32, py >> 32)
        }
    }

    /// A cubic from the current point (`gray_render_cubic`).
    mutating func cubic(control1X: Int, _ control1Y: Int, control2X: Int, _ control2Y: Int, toX: Int, _ toY: Int) {
        // FreeType's stack: the arc's points end first, each split pushing
        // the half nearer the start on top; 16 splits deep at most.
        let depth = 16
        var ax = [Int](repeating: 0, count: depth * 3 + 7), ay = ax
        ax[0] = Self.upscale(toX); ay[0] = Self.upscale(toY)
        ax[1] = Self.upscale(control2X); ay[1] = Self.upscale(control2Y)
        ax[2] = Self.upscale(control1X); ay[2] = Self.upscale(control1Y)
        ax[3] = x; ay[3] = y
        let half = Self.onePixel / 2
        var top = 0
        while true {
            let flat = abs(2 &* ax[top] &- 3 &* ax[top + 1] &+ ax[top + 3]) <= half
                && abs(2 &* ay[top] &- 3 &* ay[top + 1] &+ ay[top + 3]) <= half
                && abs(ax[top] &- 3 &* ax[top + 2] &+ 2 &* ax[top + 3]) <= half
                && abs(ay[top] &- 3 &* ay[top + 2] &+ 2 &* ay[top + 3]) <= half
            if !flat, top < depth * 3 {
                Self.split(&ax, at: top); Self.split(&ay, at: top)
                top += 3
                continue
            }
            emit(ax[top], ay[top])
            if top == 0 { return }
            top -= 3
        }
    }

    /// Bisects the cubic at `base[i ... i + 3]` (end first) into
    /// `base[i ... i + 6]` (`gray_split_cubic`, one axis).
    private static func split(_ base: inout [Int], at i: Int) {
        base[i + 6] = base[i + 3]
        var a = base[i] &+ base[i + 1]
        let b = base[i + 1] &+ base[i + 2]
        var c = base[i + 2] &+ base[i + 3]
        base[i + 5] = c >> 1
        c = c &+ b
        base[i + 4] = c >> 2
        base[i + 1] = a >> 1
        a = a &+ b
        base[i + 2] = a >> 2
        base[i + 3] = (a &+ c) >> 3
    }
}
