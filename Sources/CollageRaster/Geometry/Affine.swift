import Glibc

/// A 2-D affine transform (2x3 matrix) in canvas pixels, origin top-left,
/// y down: a point (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty).
/// Positive angles turn clockwise on screen (y points down).
///
/// `then` composes: `p.then(q)` applies `p` first, then `q`. A node's
/// transform maps its local coordinates into its parent's.
public struct Affine: Sendable, Hashable, CustomStringConvertible {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = Affine(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ x: Double, _ y: Double) -> Affine { Affine(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }

    public static func scale(_ x: Double, _ y: Double) -> Affine { Affine(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0) }

    /// Turns by `degrees` clockwise (y down) about the origin. Multiples of
    /// 90° are exact (no 6e-17 residue from `cos`).
    public static func rotation(degrees: Double) -> Affine {
        let turn = degrees.truncatingRemainder(dividingBy: 360)
        let (cosine, sine): (Double, Double)
        switch turn {
        case 0: (cosine, sine) = (1, 0)
        case 90, -270: (cosine, sine) = (0, 1)
        case 180, -180: (cosine, sine) = (-1, 0)
        case 270, -90: (cosine, sine) = (0, -1)
        default:
            let radians = turn * Double.pi / 180
            (cosine, sine) = (cos(radians), sin(radians))
        }
        return Affine(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Turns by `degrees` clockwise about the point (`x`, `y`).
    public static func rotation(degrees: Double, about x: Double, _ y: Double) -> Affine {
        translation(-x, -y).then(rotation(degrees: degrees)).then(translation(x, y))
    }

    /// Mirrors about the origin's vertical axis (`horizontal`: x → −x) and/or
    /// horizontal axis (`vertical`: y → −y).
    public static func flip(horizontal: Bool, vertical: Bool) -> Affine {
        scale(horizontal ? -1 : 1, vertical ? -1 : 1)
    }

    /// `self` first, then `next`.
    public func then(_ next: Affine) -> Affine {
        Affine(a: next.a * a + next.c * b, b: next.b * a + next.d * b,
               c: next.a * c + next.c * d, d: next.b * c + next.d * d,
               tx: next.a * tx + next.c * ty + next.tx, ty: next.b * tx + next.d * ty + next.ty)
    }

    /// The point `(x, y)` mapped.
    @inline(__always)
    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }

    public var determinant: Double { a * d - b * c }

    /// The inverse transform; nil when the matrix is singular or not finite.
    public var inverted: Affine? {
        let det = determinant
        guard det.isFinite, det != 0, tx.isFinite, ty.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Affine(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }

    /// True when the transform only scales each axis (possibly mirrored) and translates.
    public var isAxisAligned: Bool { b == 0 && c == 0 }

    /// True when the transform is a pure translation.
    public var isTranslation: Bool { a == 1 && b == 0 && c == 0 && d == 1 }

    /// How long a unit step along local x (`x`) and local y (`y`) is after
    /// the transform: the node's scale in device pixels per local pixel.
    public var axisScales: (x: Double, y: Double) {
        ((a * a + b * b).squareRoot(), (c * c + d * d).squareRoot())
    }

    /// True when every entry is finite.
    public var isFinite: Bool { a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite }

    /// The bounding box of `rect` after the transform.
    public func bounds(of rect: Rect) -> Rect {
        let corners = [apply(rect.x, rect.y), apply(rect.maxX, rect.y), apply(rect.x, rect.maxY), apply(rect.maxX, rect.maxY)]
        let x0 = corners.map(\.x).min()!, x1 = corners.map(\.x).max()!
        let y0 = corners.map(\.y).min()!, y1 = corners.map(\.y).max()!
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }
}
