import CollageNumerics
import CollageLayout
import CollageRaster
import CollageSpec
import CollageText

/// Scene items that show the computed layout over a render (`render
/// --debug-layout`): for each photo, its cell's bounds (a 2 px magenta
/// outline inside the cell), the rectangle its crop window is drawn into (a
/// 1 px cyan outline: the letterboxed rectangle for `contain`, the cell for
/// `cover`) and its id in white on a dark label at the cell's top-left
/// corner; a print that is turned (`rotation`) also gets a 2 px yellow
/// outline along its rotated edges. All in canvas pixels. `collage layout`
/// gives the same frames as numbers.
public enum DebugOverlay {
    public static let cellColor = Color(red: 255, green: 0, blue: 255)
    public static let windowColor = Color(red: 0, green: 255, blue: 255)
    public static let labelColor = Color(red: 0, green: 0, blue: 0, alpha: 160)
    public static let rotatedColor = Color(red: 255, green: 220, blue: 0)
    /// With `print`: 1 px outlines inside the trim (red), the bleed box (green) and the safe zone (blue).
    public static let trimColor = Color(red: 255, green: 0, blue: 0)
    public static let bleedColor = Color(red: 0, green: 200, blue: 0)
    public static let safeColor = Color(red: 0, green: 0, blue: 255)
    /// `focus: auto`/`faces`: each detected face, 2 px inside its box (the crop window is the cyan outline).
    public static let faceColor = Color(red: 0, green: 255, blue: 0)

    /// A rectangle of the oriented photo (source pixels) where the crop window puts it on the canvas, whole pixels.
    static func canvasRect(of r: Rect, in placement: PhotoPlacement) -> PixelRect {
        let sx = Double(placement.destination.width) / placement.crop.width
        let sy = Double(placement.destination.height) / placement.crop.height
        let x0 = Double(placement.destination.x) + (r.x - placement.crop.x) * sx
        let y0 = Double(placement.destination.y) + (r.y - placement.crop.y) * sy
        let x = Int(checked: x0, .toNearestOrAwayFromZero), y = Int(checked: y0, .toNearestOrAwayFromZero)
        return PixelRect(x: x, y: y, width: Int(checked: x0 + r.width * sx, .toNearestOrAwayFromZero) - x,
                         height: Int(checked: y0 + r.height * sy, .toNearestOrAwayFromZero) - y)
    }

    /// The debug items for `prepared`, to draw after its own items. Label
    /// text uses DejaVu Sans (or the default sans-serif) at 1/12 of the
    /// cell's shorter side, 12-32 px; a label whose font fails is left out.
    public static func items(for prepared: CollageRenderer.Prepared, library: FontLibrary = .shared) -> [SceneItem] {
        let canvas = prepared.layout.canvas
        // In trim coordinates, moved onto the output at the end (`print`: by the bleed and slug).
        let margin = prepared.layout.print?.margin ?? 0, output = prepared.layout.outputSize
        let bounds = PixelRect(x: -margin, y: -margin, width: output.width, height: output.height)
        var items: [SceneItem] = []
        var turned: [SceneItem] = []
        if let frame = prepared.layout.print {
            items += outline(frame.bleed, thickness: 1, color: bleedColor, within: bounds)
            items += outline(frame.trim, thickness: 1, color: trimColor, within: bounds)
            items += outline(frame.safe, thickness: 1, color: safeColor, within: bounds)
        }
        for placement in prepared.layout.photos {
            let cell = placement.cell
            items += outline(cell, thickness: 2, color: cellColor, within: bounds)
            items += outline(placement.destination, thickness: 1, color: windowColor, within: bounds)
            for face in placement.focus?.faces ?? [] {
                items += outline(canvasRect(of: face, in: placement), thickness: 2, color: faceColor, within: cell.intersection(bounds))
            }
            if placement.rotation.truncatingRemainder(dividingBy: 360) != 0 {
                turned += rotatedOutline(placement, output: output, margin: margin)
            }
            let id = prepared.spec.photos[placement.photo].id
            let size = Double(min(32, max(12, min(cell.width, cell.height) / 12)))
            let text = TextOverlaySpec(text: id, font: FontSpec(family: ["DejaVu Sans", "sans-serif"], size: size), color: .white)
            let label = OverlaySpec(kind: .text(text), anchor: .topLeft, offsetX: .pixels(6), offsetY: .pixels(6),
                                    location: prepared.spec.canvas.location)
            guard let block = try? TextBlock.set(text, placement: label, in: cell, canvas: canvas, library: library)
            else { continue }
            let box = PixelRect(x: Int(checked: block.box.x, .down) - 3, y: Int(checked: block.box.y, .down) - 2,
                                width: Int(checked: block.box.width, .up) + 6, height: Int(checked: block.box.height, .up) + 4)
            let clipped = box.intersection(bounds)
            if !clipped.isEmpty { items.append(.fill(clipped, labelColor)) }
            if let fill = block.fills.first, !fill.isEmpty {
                items += SceneFlattener(canvas: canvas).flatten([.path(PathLeaf(path: fill, paint: .solid(.white)))])
            }
        }
        return items.map { moved($0, by: margin) } + turned
    }

    /// `item` (a fill or a mask, as `items` makes them) moved right and down by `offset` pixels.
    static func moved(_ item: SceneItem, by offset: Int) -> SceneItem {
        guard offset != 0 else { return item }
        switch item {
        case .fill(var rect, let color):
            rect.x += offset; rect.y += offset
            return .fill(rect, color)
        case .mask(var draw):
            draw.originX += offset; draw.originY += offset
            return .mask(draw)
        default:
            return item
        }
    }

    /// A band 2 px wide inside the turned print's edges (the rectangle
    /// `destination` turned by `rotation` about the cell centre).
    static func rotatedOutline(_ placement: PhotoPlacement, output: Size, margin: Int) -> [SceneItem] {
        let cell = placement.cell, d = placement.destination
        let cx = Double(cell.x) + Double(cell.width) / 2, cy = Double(cell.y) + Double(cell.height) / 2
        let print = Rect(x: Double(d.x) - cx, y: Double(d.y) - cy, width: Double(d.width), height: Double(d.height))
        let t = min(2, print.width / 2, print.height / 2)
        var band = Path.rect(print)
        band.append(Path.rect(Rect(x: print.x + t, y: print.y + t, width: print.width - 2 * t, height: print.height - 2 * t)).reversed)
        let node = Node.group(Group(transform: Affine.rotation(degrees: placement.rotation)
                                        .then(.translation(cx + Double(margin), cy + Double(margin))),
                                    children: [.path(PathLeaf(path: band, paint: .solid(rotatedColor)))]))
        return SceneFlattener(canvas: output).flatten([node])
    }

    /// Four fills tracing the inside of `rect`, `thickness` px wide, clipped to `bounds`.
    static func outline(_ rect: PixelRect, thickness: Int, color: Color, within bounds: PixelRect) -> [SceneItem] {
        let t = min(thickness, rect.width, rect.height)
        guard t > 0 else { return [] }
        let sides = [
            PixelRect(x: rect.x, y: rect.y, width: rect.width, height: t),
            PixelRect(x: rect.x, y: rect.maxY - t, width: rect.width, height: t),
            PixelRect(x: rect.x, y: rect.y + t, width: t, height: rect.height - 2 * t),
            PixelRect(x: rect.maxX - t, y: rect.y + t, width: t, height: rect.height - 2 * t),
        ]
        return sides.map { $0.intersection(bounds) }.filter { !$0.isEmpty }.map { .fill($0, color) }
    }
}
