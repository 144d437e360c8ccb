import CollageNumerics
import Glibc

/// Why SVG path data could not be read: the 1-based column (Unicode
/// scalars into the string) where reading stopped, and what was expected there.
public struct PathDataError: Error, Sendable, Equatable {
    public var column: Int
    public var message: String
    public init(column: Int, message: String) { self.column = column; self.message = message }
}

/// SVG path data read into absolute commands (`PathData(svg:)`): lines,
/// quadratic and cubic Béziers (arcs already converted), in the shape's
/// own coordinates (canvas pixels, y down, before the overlay's offset and
/// rotation). `CollageLayout` turns it into a scene `Path` element by element.
public struct PathData: Sendable, Hashable {
    /// One absolute drawing command (`PathElement`, shared with the scene's `Path`).
    public typealias Element = PathElement

    public internal(set) var elements: [Element] = []

    public init() {}

    /// Most commands one path data string may hold (with their implicit repeats).
    public static let maxCommands = 100_000

    /// Reads SVG path data (SVG 2 "Paths", the `d` attribute's grammar):
    /// every command, absolute (upper case) and relative (lower case):
    /// `M L H V C S Q T A Z`, with implicit repeats (pairs after `M` are lines),
    /// numbers in SVG's syntax (sign, fraction, exponent; `1.5.5` is two
    /// numbers), arc flags written as one digit each, and commas or white
    /// space between numbers. Arcs become cubic Béziers of at most 90° each
    /// (SVG's "Elliptical arc implementation notes": zero radii make a line,
    /// too-small radii are scaled up, equal end points draw nothing).
    ///
    /// - Throws: `PathDataError` at the first character that breaks the
    ///   grammar (SVG renders up to there; a document is refused instead),
    ///   or at a number that is not finite.
    public init(svg text: String) throws(PathDataError) {
        var reader = PathDataReader(Array(text.unicodeScalars))
        self = try reader.read()
    }

    public var isEmpty: Bool { elements.isEmpty }

    mutating func move(to x: Double, _ y: Double) { elements.append(.move(x: x, y: y)) }
    mutating func line(to x: Double, _ y: Double) { elements.append(.line(x: x, y: y)) }
    mutating func quad(to x: Double, _ y: Double, control cx: Double, _ cy: Double) {
        elements.append(.quad(cx: cx, cy: cy, x: x, y: y))
    }
    mutating func cubic(to x: Double, _ y: Double, control1 c1x: Double, _ c1y: Double, control2 c2x: Double, _ c2y: Double) {
        elements.append(.cubic(c1x: c1x, c1y: c1y, c2x: c2x, c2y: c2y, x: x, y: y))
    }
    mutating func close() { elements.append(.close) }
}

/// The reader behind `Path(svgPathData:)`.
struct PathDataReader {
    let scalars: [Unicode.Scalar]
    var index = 0
    var path = PathData()
    /// Current point, subpath start, and the last control point of the
    /// previous command (for `S` and `T`), with the command that set it.
    var current = SIMD2<Double>(0, 0), start = SIMD2<Double>(0, 0)
    var lastControl: SIMD2<Double>?
    var lastKind: Character = " "

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    private func error(_ message: String, at position: Int? = nil) -> PathDataError {
        PathDataError(column: (position ?? index) + 1, message: message)
    }

    private static func isSpace(_ s: Unicode.Scalar) -> Bool {
        s == " " || s == "\t" || s == "\n" || s == "\r" || s == "\u{0C}"
    }

    private mutating func skipSpace() { while index < scalars.count, Self.isSpace(scalars[index]) { index += 1 } }

    /// White space with at most one comma.
    private mutating func skipSeparator() {
        skipSpace()
        if index < scalars.count, scalars[index] == "," { index += 1; skipSpace() }
    }

    /// True when a number (or flag) may start here.
    private var atNumber: Bool {
        guard index < scalars.count else { return false }
        let s = scalars[index]
        return s == "+" || s == "-" || s == "." || ("0" ... "9").contains(s)
    }

    mutating func read() throws(PathDataError) -> PathData {
        skipSpace()
        guard index < scalars.count else { return path }
        var commands = 0
        var first = true
        while true {
            skipSpace()
            guard index < scalars.count else { break }
            let s = scalars[index]
            let commandStart = index
            guard let command = Character(String(s)).asPathCommand else {
                throw error(atNumber ? "a number here needs a command before it" : "unknown path command '\(s)'; expected one of M L H V C S Q T A Z (or lower case)")
            }
            if first, command.uppercased() != "M" {
                throw error("path data must start with a move command ('M' or 'm'), found '\(s)'")
            }
            first = false
            index += 1
            var repeats = 0
            repeat {
                commands += 1
                guard commands <= PathData.maxCommands else {
                    throw error("path data has more than \(PathData.maxCommands) commands", at: commandStart)
                }
                // After M, further pairs are lines (SVG).
                let effective: Character = repeats > 0 && command == "M" ? "L" : repeats > 0 && command == "m" ? "l" : command
                try apply(effective)
                repeats += 1
                if command.uppercased() == "Z" { break }
                skipSpace()
                if index < scalars.count, scalars[index] == "," {
                    index += 1; skipSpace()
                    guard atNumber else { throw error("expected a number after ','") }
                }
            } while atNumber
        }
        return path
    }

    private mutating func number() throws(PathDataError) -> Double {
        skipSeparator()
        let begin = index
        var text = ""
        func take() { text.unicodeScalars.append(scalars[index]); index += 1 }
        func digits() -> Int {
            var n = 0
            while index < scalars.count, ("0" ... "9").contains(scalars[index]) { take(); n += 1 }
            return n
        }
        if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { take() }
        var count = digits()
        if index < scalars.count, scalars[index] == "." { take(); count += digits() }
        guard count > 0 else {
            index = begin
            throw error(index < scalars.count ? "expected a number, found '\(scalars[index])'" : "expected a number, found the end of the path data")
        }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            let mark = index
            take()
            if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { take() }
            if digits() == 0 { throw error("expected the digits of an exponent", at: index < scalars.count ? index : mark) }
        }
        guard let value = Double(text), value.isFinite else { throw error("number '\(text)' is out of range", at: begin) }
        return value
    }

    private mutating func flag() throws(PathDataError) -> Bool {
        skipSeparator()
        guard index < scalars.count, scalars[index] == "0" || scalars[index] == "1" else {
            throw error(index < scalars.count ? "expected an arc flag (0 or 1), found '\(scalars[index])'" : "expected an arc flag (0 or 1), found the end of the path data")
        }
        index += 1
        return scalars[index - 1] == "1"
    }

    private mutating func point(relative: Bool) throws(PathDataError) -> SIMD2<Double> {
        let x = try number(), y = try number()
        return relative ? current + SIMD2(x, y) : SIMD2(x, y)
    }

    private mutating func apply(_ command: Character) throws(PathDataError) {
        let relative = command.isLowercase
        var control: SIMD2<Double>?
        switch command.uppercased() {
        case "M":
            let p = try point(relative: relative)
            path.move(to: p.x, p.y)
            current = p; start = p
        case "L":
            let p = try point(relative: relative)
            path.line(to: p.x, p.y); current = p
        case "H":
            let x = try number()
            current.x = relative ? current.x + x : x
            path.line(to: current.x, current.y)
        case "V":
            let y = try number()
            current.y = relative ? current.y + y : y
            path.line(to: current.x, current.y)
        case "C":
            let c1 = try point(relative: relative), c2 = try point(relative: relative), p = try point(relative: relative)
            path.cubic(to: p.x, p.y, control1: c1.x, c1.y, control2: c2.x, c2.y)
            current = p; control = c2
        case "S":
            let c1 = lastKind == "C" ? 2 * current - (lastControl ?? current) : current
            let c2 = try point(relative: relative), p = try point(relative: relative)
            path.cubic(to: p.x, p.y, control1: c1.x, c1.y, control2: c2.x, c2.y)
            current = p; control = c2
        case "Q":
            let c = try point(relative: relative), p = try point(relative: relative)
            path.quad(to: p.x, p.y, control: c.x, c.y)
            current = p; control = c
        case "T":
            let c = lastKind == "Q" ? 2 * current - (lastControl ?? current) : current
            let p = try point(relative: relative)
            path.quad(to: p.x, p.y, control: c.x, c.y)
            current = p; control = c
        case "A":
            let rx = try number(), ry = try number(), rotation = try number()
            let large = try flag(), sweep = try flag()
            let p = try point(relative: relative)
            arc(to: p, rx: rx, ry: ry, rotation: rotation, large: large, sweep: sweep)
            current = p
        default:   // Z
            path.close()
            current = start
        }
        lastControl = control
        let upper = command.uppercased()
        lastKind = upper == "C" || upper == "S" ? "C" : upper == "Q" || upper == "T" ? "Q" : " "
    }

    /// An elliptical arc from `current` to `end` as cubic Béziers (SVG 2, "B.2.4 Conversion from endpoint to centre parameterization").
    private mutating func arc(to end: SIMD2<Double>, rx rxIn: Double, ry ryIn: Double, rotation: Double, large: Bool, sweep: Bool) {
        let p0 = current
        if p0 == end { return }
        var rx = abs(rxIn), ry = abs(ryIn)
        guard rx > 0, ry > 0 else { path.line(to: end.x, end.y); return }
        let phi = rotation.truncatingRemainder(dividingBy: 360) * Double.pi / 180
        let cosPhi = cos(phi), sinPhi = sin(phi)
        // Step 1: the midpoint in the ellipse's axes.
        let dx = (p0.x - end.x) / 2, dy = (p0.y - end.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy, y1 = -sinPhi * dx + cosPhi * dy
        // Radii too small to reach: scaled up (B.2.5).
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { let s = lambda.squareRoot(); rx *= s; ry *= s }
        // Step 2: the centre in the ellipse's axes.
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = denominator > 0 ? (max(0, numerator) / denominator).squareRoot() : 0
        if large == sweep { factor = -factor }
        let cxp = factor * rx * y1 / ry, cyp = -factor * ry * x1 / rx
        // Step 3: the centre.
        let cx = cosPhi * cxp - sinPhi * cyp + (p0.x + end.x) / 2
        let cy = sinPhi * cxp + cosPhi * cyp + (p0.y + end.y) / 2
        // Step 4: start angle and sweep.
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let ux = (x1 - cxp) / rx, uy = (y1 - cyp) / ry, vx = (-x1 - cxp) / rx, vy = (-y1 - cyp) / ry
        let theta1 = angle(1, 0, ux, uy)
        var delta = angle(ux, uy, vx, vy)
        if !sweep, delta > 0 { delta -= 2 * Double.pi }
        if sweep, delta < 0 { delta += 2 * Double.pi }
        guard theta1.isFinite, delta.isFinite, cx.isFinite, cy.isFinite else { path.line(to: end.x, end.y); return }
        // At most 90° a piece: handles 4/3 tan(θ/4) of the radius.
        let pieces = max(1, Int((abs(delta) / (Double.pi / 2)).rounded(.up)))
        let step = delta / Double(pieces)
        let k = 4.0 / 3 * tan(step / 4)
        func onEllipse(_ t: Double) -> (SIMD2<Double>, SIMD2<Double>) {
            // The point and its derivative with respect to t.
            let c = cos(t), s = sin(t)
            let p = SIMD2(cx + rx * c * cosPhi - ry * s * sinPhi, cy + rx * c * sinPhi + ry * s * cosPhi)
            let d = SIMD2(-rx * s * cosPhi - ry * c * sinPhi, -rx * s * sinPhi + ry * c * cosPhi)
            return (p, d)
        }
        var t = theta1
        var (from, fromD) = onEllipse(t)
        for i in 1 ... pieces {
            t = theta1 + step * Double(i)
            var (to, toD) = onEllipse(t)
            if i == pieces { to = end }
            let c1 = from + fromD * k, c2 = to - toD * k
            path.cubic(to: to.x, to.y, control1: c1.x, c1.y, control2: c2.x, c2.y)
            from = to; fromD = toD
        }
    }
}

private extension Character {
    /// The character as a path command letter, or nil.
    var asPathCommand: Character? { "MmLlHhVvCcSsQqTtAaZz".contains(self) ? self : nil }
}
