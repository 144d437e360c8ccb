import CollageRaster
import CText
import Glibc

/// Glyph outlines as paths (issue 33): an outline glyph's FreeType outline,
/// unhinted (`FT_LOAD_NO_HINTING`), decomposed with `FT_Outline_Decompose`
/// into a `Path` once per face, glyph id and size, kept with its curves
/// (what a stroke follows, `curves`) and flattened within `tolerance` (what
/// the fill draws, `outline`), and cached; the scene draws it with the path
/// rasteriser (non-zero winding) at its exact, fractional position (README
/// "Rules": Text).
///
/// Thread safety: the cache has its own lock; a miss loads the glyph, which
/// needs the face's `FontLibrary` lock held by the caller.
package final class GlyphOutlines: @unchecked Sendable {
    /// The process's cache (faces are the process's too: `FontLibrary.shared`).
    package static let shared = GlyphOutlines()

    /// Entries kept before the cache starts over (a glyph's path is a few
    /// hundred bytes; 50 000 of them is a few tens of MiB at most).
    package static let capacity = 50_000

    /// How far a chord of a flattened curve strays from it at most, pixels:
    /// a tenth of the rasteriser's own 0.025 px, so a glyph's coverage is
    /// within a level of 255 of the exact area (`GlyphOutlineCoverageTests`).
    package static let tolerance = 0.0025

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
        let curves = Self.decompose(face, id: id, size: size)
        let entry = Entry(curves: curves, flat: curves.flattened(tolerance: Self.tolerance))
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

    /// Loads and decomposes one outline (y flipped to point down; 26.6 → pixels), curves kept.
    private static func decompose(_ face: FontFace, id: UInt32, size: Double) -> Path {
        guard face.isScalable, (try? face.setSize(size)) != nil else { return Path() }
        let handle = face.handle
        FT_Set_Transform(handle, nil, nil)
        guard FT_Load_Glyph(handle, id, Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
              let slot = handle.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return Path() }
        var builder = Builder()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                let b = user!.assumingMemoryBound(to: Builder.self)
                b.pointee.closeContour()
                let (x, y) = Builder.point(to!)
                b.pointee.path.move(to: x, y)
                b.pointee.open = true
                return 0
            },
            line_to: { to, user in
                let (x, y) = Builder.point(to!)
                user!.assumingMemoryBound(to: Builder.self).pointee.path.line(to: x, y)
                return 0
            },
            conic_to: { control, to, user in
                let (cx, cy) = Builder.point(control!), (x, y) = Builder.point(to!)
                user!.assumingMemoryBound(to: Builder.self).pointee.path.quad(to: x, y, control: cx, cy)
                return 0
            },
            cubic_to: { control1, control2, to, user in
                let (c1x, c1y) = Builder.point(control1!), (c2x, c2y) = Builder.point(control2!)
                let (x, y) = Builder.point(to!)
                user!.assumingMemoryBound(to: Builder.self).pointee.path.cubic(to: x, y, control1: c1x, c1y,
                                                                                control2: c2x, c2y)
                return 0
            },
            shift: 0, delta: 0)
        let status = withUnsafeMutablePointer(to: &builder) { pointer in
            FT_Outline_Decompose(&slot.pointee.outline, &funcs, UnsafeMutableRawPointer(pointer))
        }
        guard status == 0 else { return Path() }
        builder.closeContour()
        return builder.path
    }

    /// The path being built by the decomposition's callbacks.
    private struct Builder {
        var path = Path()
        /// A contour was started and not closed yet.
        var open = false

        mutating func closeContour() {
            if open { path.close() }
            open = false
        }

        /// A 26.6 outline point (y up) in glyph-space pixels (y down).
        static func point(_ vector: UnsafePointer<FT_Vector>) -> (Double, Double) {
            (Double(vector.pointee.x) / 64, -Double(vector.pointee.y) / 64)
        }
    }
}
