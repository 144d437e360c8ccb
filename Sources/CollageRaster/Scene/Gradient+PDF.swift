/// A gradient as a PDF shading (`Gradient.pdfShading`): the shading type
/// (2 axial, 3 radial), its `/Coords` in the gradient's local coordinates
/// and its colours sampled along 0...1 as 8-bit sRGB-encoded RGB triples
/// for a Type 0 (sampled) function, `/Extend [true true]`.
public struct PDFShadingData: Sendable, Hashable {
    public var type: Int
    public var coords: [Double]
    public var samples: [UInt8]
    /// Samples along the gradient (`/Size`).
    public var count: Int { samples.count / 3 }
}

extension Gradient {
    /// Samples of the function: 1024 (a step of 1/1023 of the gradient's
    /// length; linear interpolation between them stays within one level of
    /// the raster's 4096-entry table away from hard edges).
    static let pdfSamples = 1024

    /// The gradient as an axial or radial shading; nil when a colour is
    /// not opaque (PDF shadings have no alpha) or the geometry is degenerate.
    public var pdfShading: PDFShadingData? {
        guard stops.allSatisfy({ $0.color.alpha == 255 }) else { return nil }
        let coords: [Double]
        let type: Int
        if let linear = linearCoefficients {
            let norm = linear.ax * linear.ax + linear.ay * linear.ay
            guard norm > 1e-24, norm.isFinite else { return nil }
            // The points where t = 0 and t = 1 on the gradient's line.
            let ux = linear.ax / norm, uy = linear.ay / norm
            coords = [-linear.a0 * ux, -linear.a0 * uy, (1 - linear.a0) * ux, (1 - linear.a0) * uy]
            type = 2
        } else if let circle = radialCircle {
            guard circle.radius > 1e-12, circle.radius.isFinite else { return nil }
            coords = [circle.x, circle.y, 0, circle.x, circle.y, circle.radius]
            type = 3
        } else {
            return nil
        }
        let lut = table()
        let n = Self.pdfSamples, last = Self.tableSize - 1
        var samples: [UInt8] = []
        samples.reserveCapacity(n * 3)
        for i in 0 ..< n {
            let index = (i * last + (n - 1) / 2) / (n - 1) * 4
            let alpha = max(lut[index + 3], 1e-6)
            for k in 0 ..< 3 { samples.append(SRGBTransfer.encode(lut[index + k] / alpha)) }
        }
        return PDFShadingData(type: type, coords: coords, samples: samples)
    }
}
