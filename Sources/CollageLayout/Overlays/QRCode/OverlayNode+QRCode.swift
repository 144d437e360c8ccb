import CollageRaster
import CollageSpec

extension OverlayNode {
    /// A QR code overlay: one group turned by `rotation` about the square's
    /// centre and faded by `opacity`, holding the background square (unless
    /// transparent) and one path of the dark modules, each row's runs of dark
    /// modules as rectangles on whole pixels (`module` pixels a module, the
    /// quiet zone `margin` modules wide), so an unturned code is drawn
    /// exactly and the rasteriser sees no seams. Its `shadow` is cast by the
    /// square (or by the dark modules on a transparent background), as CSS
    /// `filter: drop-shadow` (σ = blur, no spread).
    public static func qrcode(_ code: QRCodeOverlayFrame, frame: OverlayFrame) -> Node {
        let spec = code.spec, symbol = spec.symbol
        let box = Rect(x: Double(code.box.x), y: Double(code.box.y), width: Double(code.box.width),
                       height: Double(code.box.height))
        let module = Double(spec.module)
        let originX = box.x + Double(spec.margin) * module, originY = box.y + Double(spec.margin) * module
        var modules = Path()
        for row in 0..<symbol.side {
            var column = 0
            while column < symbol.side {
                guard symbol.isDark(column: column, row: row) else { column += 1; continue }
                let start = column
                while column < symbol.side, symbol.isDark(column: column, row: row) { column += 1 }
                modules.append(.rect(Rect(x: originX + Double(start) * module, y: originY + Double(row) * module,
                                          width: Double(column - start) * module, height: module)))
            }
        }
        let square = Path.rect(box)
        var children: [Node] = []
        if spec.background.alpha > 0 { children.append(.path(PathLeaf(path: square, paint: .solid(Color(spec.background))))) }
        children.append(.path(PathLeaf(path: modules, paint: .solid(Color(spec.color)))))
        let shadow = spec.shadow.map { cast in
            Shadow(shape: spec.background.alpha > 0 ? square : modules, offsetX: cast.offsetX, offsetY: cast.offsetY,
                   sigma: cast.blur, color: Color(cast.color))
        }
        return .group(Group(transform: turn(frame.rotation, about: box), opacity: frame.opacity, shadow: shadow,
                            blend: BlendMode(frame.blend), children: children))
    }
}
