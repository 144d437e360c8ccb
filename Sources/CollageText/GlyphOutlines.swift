import CollageRaster
import CText
import Glibc

/// Glyph outlines as paths (issue 33): an outline glyph's FreeType outline,
/// unhinted (`FT_LOAD_NO_HINTING`), decomposed with `FT_Outline_Decompose`
/// into a `Path` once per face, glyph id and size, kept with its curves
/// (what a stroke follows, `curves`) and flattened into the chords
/// FreeType's own rasteriser draws it with (`GrayChords`: what the fill
/// draws, `outline`, so its coverage is `FT_Render_Glyph`'s within ±2
/// levels), and cached; the scene draws it with the path rasteriser
/// (non-zero winding) at its exact, fractional position (README "Rules": Text).
///
/// Thread safety: the cache has its own lock; a miss loads the glyph, which
/// needs the face's `FontLibrary` lock held by the caller.
package final class GlyphOutlines: @unchecked Sendable {
    /// The process's cache (faces are the process's too: `FontLibrary.shared`).
    package static let shared = GlyphOutlines()

    /// Entries kept before the cache starts over (a glyph's path is a few
    /// hundred bytes; 50 000 of them is a few tens of MiB at most).
    package static let capacity = 50_000

    private struct Key: Hashable {
        var face: FontFace.Identity
        var id: UInt32
        /// The em size, pixels (as `FontFace.setSize` sets it: to 1/64 px).
        var size: Double
    }

    /// One decomposed outline: as FreeType gave it, and flattened.
    private struct Entry {
        var curves: Path
        var flat: Path
    }

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var paths: [Key: Entry] = [:]
    /// How many outlines were decomposed (cache misses), for tests.
    package private(set) var decompositions = 0

    package init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    private func locked<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// The outline of glyph `id` of `face` at `size` pixels per em, in glyph
    /// space: origin at the glyph origin, x right, y down, pixels. Empty for
    /// a glyph with no outline (a space, a bitmap-only face's glyph, an id
    /// the face does not have). Call holding the face's library lock.
    package func outline(_ face: FontFace, id: UInt32, size: Double) -> Path {
        entry(face, id: id, size: size).flat
    }

    /// The outline of glyph `id` of `face` at `size` pixels per em with its
    /// curves (quadratic and cubic segments, not flattened), in glyph space
    /// as `outline(_:id:size:)`: what a stroke follows, so it flattens the
    /// curves once at its own tolerance instead of stroking thousands of
    /// chords. Call holding the face's library lock.
    package func curves(_ face: FontFace, id: UInt32, size: Double) -> Path {
        entry(face, id: id, size: size).curves
    }

    private func entry(_ face: FontFace, id: UInt32, size: Double) -> Entry {
        let key = Key(face: face.identity, id: id, size: size)
        if let entry = locked({ paths[key] }) { return entry }
        let entry = Self.decompose(face, id: id, size: size)
        locked {
            if paths.count >= Self.capacity { paths.removeAll(keepingCapacity: true) }
            paths[key] = entry
            decompositions += 1
        }
        return entry
    }

    /// The outline of `glyph` of `layout` on the canvas: its glyph-space
    /// outline scaled by its width scale, turned a quarter clockwise when
    /// sideways, and moved to its origin (canvas pixels). Call holding the
    /// layout's library lock.
    ///
    /// Its chords are cut in glyph space, at size and unturned; a quarter
    /// turn here, or the overlay's rotation in the scene, is an isometry, so
    /// each chord strays from its curve as far as it does unturned (FreeType's
    /// bound), and a width scale scales that by at most its factor.
    package func outline(of glyph: PositionedGlyph, in layout: TextLayout) -> Path {
        let local = outline(layout.fontFaces[glyph.face], id: glyph.id, size: glyph.size)
        guard !local.isEmpty else { return local }
        return local.transformed(by: Self.placement(of: glyph))
    }

    /// `outline(of:in:)` with its curves (`curves(_:id:size:)`), on the canvas.
    package func curves(of glyph: PositionedGlyph, in layout: TextLayout) -> Path {
        let local = curves(layout.fontFaces[glyph.face], id: glyph.id, size: glyph.size)
        guard !local.isEmpty else { return local }
        return local.transformed(by: Self.placement(of: glyph))
    }

    /// Glyph space to canvas for `glyph`: the width scale first, then a
    /// clockwise quarter turn (y down: (x, y) → (−y, x)) when sideways, then
    /// the move to its origin.
    package static func placement(of glyph: PositionedGlyph) -> Affine {
        var transform = Affine.scale(glyph.widthScale, 1)
        if glyph.sideways { transform = transform.then(Affine(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)) }
        return transform.then(.translation(glyph.x, glyph.y))
    }

    /// Loads and decomposes one outline: its curves (y flipped to point
    /// down; 26.6 → pixels) and its fill polygon (`GrayChords`: FreeType's
    /// own chords, decided at this size in glyph space).
    private static func decompose(_ face: FontFace, id: UInt32, size: Double) -> Entry {
        guard face.isScalable, (try? face.setSize(size)) != nil else { return Entry(curves: Path(), flat: Path()) }
        let handle = face.handle
        FT_Set_Transform(handle, nil, nil)
        guard FT_Load_Glyph(handle, id, Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
              let slot = handle.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else {
            return Entry(curves: Path(), flat: Path())
        }
        // Moved by whole pixels to non-negative coordinates, as FT_Render_Glyph
        // moves it into its bitmap (`GrayChords`), and back afterwards.
        var box = FT_BBox()
        FT_Outline_Get_CBox(&slot.pointee.outline, &box)
        let shiftX = box.xMin < 0 ? (63 - box.xMin) / 64 * 64 : 0
        let shiftY = box.yMin < 0 ? (63 - box.yMin) / 64 * 64 : 0
        FT_Outline_Translate(&slot.pointee.outline, shiftX, shiftY)
        defer { FT_Outline_Translate(&slot.pointee.outline, -shiftX, -shiftY) }
        var builder = Builder(shiftX: shiftX, shiftY: shiftY)
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                let b = user!.assumingMemoryBound(to: Builder.self)
                b.pointee.closeContour()
                let (x, y) = b.pointee.point(to!)
                b.pointee.path.move(to: x, y)
                b.pointee.chords.move(toX: to!.pointee.x, y: to!.pointee.y)
                b.pointee.open = true
                return 0
            },
            line_to: { to, user in
                let b = user!.assumingMemoryBound(to: Builder.self)
                let (x, y) = b.pointee.point(to!)
                b.pointee.path.line(to: x, y)
                b.pointee.chords.line(toX: to!.pointee.x, y: to!.pointee.y)
                return 0
            },
            conic_to: { control, to, user in
                let b = user!.assumingMemoryBound(to: Builder.self)
                let (cx, cy) = b.pointee.point(control!), (x, y) = b.pointee.point(to!)
                b.pointee.path.quad(to: x, y, control: cx, cy)
                b.pointee.chords.conic(controlX: control!.pointee.x, control!.pointee.y, toX: to!.pointee.x, to!.pointee.y)
                return 0
            },
            cubic_to: { control1, control2, to, user in
                let b = user!.assumingMemoryBound(to: Builder.self)
                let (c1x, c1y) = b.pointee.point(control1!), (c2x, c2y) = b.pointee.point(control2!)
                let (x, y) = b.pointee.point(to!)
                b.pointee.path.cubic(to: x, y, control1: c1x, c1y, control2: c2x, c2y)
                b.pointee.chords.cubic(control1X: control1!.pointee.x, control1!.pointee.y,
                                       control2X: control2!.pointee.x, control2!.pointee.y,
                                       toX: to!.pointee.x, to!.pointee.y)
                return 0
            },
            shift: 0, delta: 0)
        let status = withUnsafeMutablePointer(to: &builder) { pointer in
            FT_Outline_Decompose(&slot.pointee.outline, &funcs, UnsafeMutableRawPointer(pointer))
        }
        guard status == 0 else { return Entry(curves: Path(), flat: Path()) }
        builder.closeContour()
        return Entry(curves: builder.path, flat: builder.chords.path)
    }

    /// The paths being built by the decomposition's callbacks.
    private struct Builder {
        /// The outline with its curves.
        var path = Path()
        /// The fill polygon.
        var chords: GrayChords
        /// A contour was started and not closed yet.
        var open = false
        /// The whole-pixel move the outline was decomposed with, 26.6.
        let shiftX: Int, shiftY: Int

        init(shiftX: Int, shiftY: Int) {
            self.shiftX = shiftX; self.shiftY = shiftY
            chords = GrayChords(shiftX: shiftX, shiftY: shiftY)
        }

        mutating func closeContour() {
            if open { path.close(); chords.close() }
            open = false
        }

        /// A 26.6 outline point (y up, moved) in glyph-space pixels (y down).
        func point(_ vector: UnsafePointer<FT_Vector>) -> (Double, Double) {
            (Double(vector.pointee.x - shiftX) / 64, -Double(vector.pointee.y - shiftY) / 64)
        }
    }
}
