/// A PDF content stream being written (ISO 32000-1, 8: graphics operators),
/// in the coordinates of the scene: canvas pixels, origin top-left, y down
/// (the page's first `cm` maps them to points, y up). Numbers are written
/// with at most four decimals and never in exponent form, so the same
/// scene gives the same bytes.
public struct PDFContent: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// One line of operators and operands, as written ("q", "0 0 1 rg").
    public mutating func op(_ text: String) {
        bytes += text.utf8
        bytes.append(0x0A)
    }

    /// `value` as a PDF number: rounded to 1/10000, trailing zeros dropped,
    /// "0" for anything that rounds to zero or is not finite.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let scaled = (value * 10000).rounded()
        guard scaled != 0, abs(scaled) < 1e15 else { return scaled == 0 ? "0" : (value < 0 ? "-" : "") + "99999999999" }
        let negative = scaled < 0
        let whole = Int64(abs(scaled))
        var text = String(whole / 10000)
        var fraction = whole % 10000
        if fraction != 0 {
            var digits = 4
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
            let f = String(fraction)
            text += "." + String(repeating: "0", count: digits - f.count) + f
        }
        return negative ? "-" + text : text
    }

    /// Numbers separated by spaces.
    public static func numbers(_ values: [Double]) -> String { values.map(number).joined(separator: " ") }

    /// `m cm`: `m` maps the coming coordinates into the current ones.
    public mutating func concatenate(_ m: Affine) {
        guard m != .identity else { return }
        op(Self.numbers([m.a, m.b, m.c, m.d, m.tx, m.ty]) + " cm")
    }

    /// The path's construction operators (m, l, c, h); a quadratic curve is
    /// written as the cubic it equals.
    public mutating func path(_ path: Path) {
        var current = (x: 0.0, y: 0.0), start = (x: 0.0, y: 0.0)
        for element in path.elements {
            switch element {
            case .move(let x, let y):
                op(Self.numbers([x, y]) + " m"); current = (x, y); start = current
            case .line(let x, let y):
                op(Self.numbers([x, y]) + " l"); current = (x, y)
            case .quad(let cx, let cy, let x, let y):
                let c1 = (current.x + 2 * (cx - current.x) / 3, current.y + 2 * (cy - current.y) / 3)
                let c2 = (x + 2 * (cx - x) / 3, y + 2 * (cy - y) / 3)
                op(Self.numbers([c1.0, c1.1, c2.0, c2.1, x, y]) + " c"); current = (x, y)
            case .cubic(let c1x, let c1y, let c2x, let c2y, let x, let y):
                op(Self.numbers([c1x, c1y, c2x, c2y, x, y]) + " c"); current = (x, y)
            case .close:
                op("h"); current = start
            }
        }
    }

    /// `color` as the non-stroking colour (DeviceRGB, sRGB-encoded values).
    public mutating func fillColor(_ color: Color) {
        op(Self.numbers([Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255]) + " rg")
    }

    /// `color` as the stroking colour (DeviceRGB, sRGB-encoded values).
    public mutating func strokeColor(_ color: Color) {
        op(Self.numbers([Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255]) + " RG")
    }

    /// The line state of `style` (ISO 32000-1, 8.4.3): width `w`, cap `J`
    /// (0 butt, 1 round, 2 projecting square), join `j` (0 miter, 1 round,
    /// 2 bevel), miter limit `M` (the same ratio as SVG's, at least 1) and
    /// the dash pattern `d`: `dash` (the lengths the raster draws,
    /// `Path.drawnDashPattern`; nil or empty for solid) with `style`'s
    /// offset as a phase within one period (PDF's phase is not negative).
    /// Lengths in the current coordinates.
    public mutating func lineStyle(_ style: StrokeStyle, dash: [Double]?) {
        let cap: Int = switch style.cap { case .butt: 0; case .round: 1; case .square: 2 }
        let join: Int = switch style.join { case .miter: 0; case .round: 1; case .bevel: 2 }
        op(Self.number(style.width) + " w")
        op("\(cap) J")
        op("\(join) j")
        op(Self.number(max(1, style.miterLimit)) + " M")
        if let dash, !dash.isEmpty {
            let period = dash.reduce(0, +)
            var phase = style.dashOffset.isFinite ? style.dashOffset.truncatingRemainder(dividingBy: period) : 0
            if phase < 0 { phase += period }
            op("[" + Self.numbers(dash) + "] " + Self.number(phase) + " d")
        }
    }

    /// Draws `placement`'s image: its matrix is given in canvas pixels
    /// (`device`), so it is mapped back through `device`, the transform
    /// from the current coordinates to canvas pixels. The unit square is
    /// also the clip (`re W n`), and the image is drawn inset by 1/500 of a
    /// canvas pixel on each side: poppler's Splash widens an image whose
    /// edge falls on a whole device pixel by one more pixel (its
    /// `imgCoordMungeUpper`), which would stretch every picture by a pixel.
    public mutating func draw(_ placement: PDFPlacement, device: Affine) {
        guard let inverse = device.inverted else { return }
        let m = placement.matrix
        let width = (m.a * m.a + m.b * m.b).squareRoot(), height = (m.c * m.c + m.d * m.d).squareRoot()
        guard width > 0, height > 0 else { return }
        let ex = 0.002 / width, ey = 0.002 / height
        let inset = Affine(a: 1 - 2 * ex, b: 0, c: 0, d: 1 - 2 * ey, tx: ex, ty: ey)
        op("q")
        concatenate(inset.then(m).then(inverse))
        op("0 0 1 1 re W n")
        op("/\(placement.name) Do")
        op("Q")
    }
}

/// An XObject (image or form) and where it goes: `matrix` maps its unit
/// square (an image's) or its own space (a form's) to canvas pixels.
public struct PDFPlacement: Sendable, Hashable {
    /// The resource name ("Im3"), without the slash.
    public var name: String
    public var matrix: Affine
    public init(name: String, matrix: Affine) { self.name = name; self.matrix = matrix }
}
