import Foundation

/// The canvas pixel (x, y) whose square holds the point of a turned node's
/// local coordinates (`u`, `v`: from its centre `centre`, canvas pixels, y
/// down) under a clockwise turn of `degrees` about that centre, and the exact
/// local coordinates (`u`, `v`) of that pixel's centre.
func turnedPixel(_ u: Double, _ v: Double, about centre: (Double, Double), degrees: Double)
    -> (x: Int, y: Int, u: Double, v: Double) {
    let c = cos(degrees * .pi / 180), s = sin(degrees * .pi / 180)
    let x = Int((centre.0 + u * c - v * s).rounded(.down)), y = Int((centre.1 + u * s + v * c).rounded(.down))
    let dx = Double(x) + 0.5 - centre.0, dy = Double(y) + 0.5 - centre.1
    return (x, y, dx * c + dy * s, -dx * s + dy * c)
}
