import CollageRaster
import CollageSpec

/// The scene node of one placed photo, a print (README "Rules": Scene graph):
///
///     Group(transform: translate(cell centre) · rotate · flip, opacity, shadow)
///       [Group(clip: rounded print)[ImageLeaf], border PathLeaf]
///
/// The print is the visible picture: the cell for `cover`, the letterboxed
/// rectangle for `contain`, in coordinates centred on the cell. `cornerRadius`
/// rounds it, `border` is a band inset inside it (following the corners),
/// `rotation` turns the whole print as a rigid card about the cell centre
/// (nothing of it is clipped to the cell), `flip` mirrors the picture in
/// place (after crop, focus and zoom, before rotation), `opacity` fades
/// picture and border together, and `shadow` is cast by the print's shape
/// (grown by `spread`, its corners as CSS grows them: `spreadRadius`;
/// turned with it, offset in canvas pixels, σ = blur / 2)
/// under it and hidden under the print itself, as CSS box-shadow.
public enum PhotoNode {
    /// Percentages of `cornerRadius` and border `width` refer to the cell's shorter side.
    public static func node(for placement: PhotoPlacement, photo: PhotoSpec) -> Node {
        let cell = placement.cell
        let shorter = Double(min(cell.width, cell.height))
        let radius = photo.cornerRadius.resolved(reference: shorter)
        let centreX = Double(cell.x) + Double(cell.width) / 2, centreY = Double(cell.y) + Double(cell.height) / 2
        let destination = placement.destination
        let print = Rect(x: Double(destination.x) - centreX, y: Double(destination.y) - centreY,
                         width: Double(destination.width), height: Double(destination.height))
        let shape = Path.roundedRect(print, radius: radius)
        let image = Node.image(ImageLeaf(image: placement.image, source: placement.crop, bounds: print,
                                         filters: photo.filters.map(Filter.init)))
        var children = [radius > 0 ? Node.group(Group(clip: shape, children: [image])) : image]
        if let border = photo.border, border.width.resolved(reference: shorter) > 0 {
            let width = border.width.resolved(reference: shorter)
            let inner = Rect(x: print.x + width, y: print.y + width,
                             width: max(0, print.width - 2 * width), height: max(0, print.height - 2 * width))
            var band = shape
            if inner.width > 0, inner.height > 0 {
                band.append(Path.roundedRect(inner, radius: max(0, min(radius, print.width / 2, print.height / 2) - width)).reversed)
            }
            children.append(.path(PathLeaf(path: band, paint: .solid(Color(border.color)))))
        }
        let flipped = placement.flip.map { flip -> Affine in
            let midX = print.x + print.width / 2, midY = print.y + print.height / 2
            return Affine.translation(-midX, -midY)
                .then(.flip(horizontal: flip != .vertical, vertical: flip != .horizontal))
                .then(.translation(midX, midY))
        }
        var shadow: Shadow?
        if let cast = placement.shadow {
            let spread = cast.spread
            let grown = Rect(x: print.x - spread, y: print.y - spread,
                             width: max(0, print.width + 2 * spread), height: max(0, print.height + 2 * spread))
            let corner = spreadRadius(min(radius, print.width / 2, print.height / 2), spread: spread)
            shadow = Shadow(shape: .roundedRect(grown, radius: corner), offsetX: cast.offsetX,
                            offsetY: cast.offsetY, sigma: cast.blur / 2, color: Color(cast.color), knockout: shape)
        }
        let turned = Affine.rotation(degrees: placement.rotation).then(.translation(centreX, centreY))
        // The mirror turns the picture in place; the border band is symmetric.
        if let flipped { children[0] = .group(Group(transform: flipped, children: [children[0]])) }
        children.insert(contentsOf: letterbox(placement, photo: photo), at: 0)
        return .group(Group(transform: turned, opacity: photo.opacity, shadow: shadow, blend: BlendMode(photo.blend),
                            children: children))
    }

    /// The corner radius of a box-shadow's shape: the print's radius `r`
    /// grown by `spread` as CSS grows it (css-backgrounds-3, "spread
    /// distance"): by the spread where r is at least the spread, by
    /// spread × (1 + (r / spread − 1)³) where it is less, so a sharp print
    /// (r = 0) keeps a sharp shadow; a negative spread shrinks it, floored at 0.
    static func spreadRadius(_ r: Double, spread: Double) -> Double {
        guard spread > 0, r < spread else { return max(0, r + spread) }
        let excess = r / spread - 1
        return max(0, r + spread * (1 + excess * excess * excess))
    }

    /// The letterbox under a `contain` picture, over the whole cell (in
    /// coordinates centred on it): a colour, or the photo covering the cell
    /// through the photo's filters and a blur with extended edges, mirrored
    /// with the picture, under black at opacity `dim`.
    static func letterbox(_ placement: PhotoPlacement, photo: PhotoSpec) -> [Node] {
        guard let letterbox = placement.letterbox else { return [] }
        let cell = placement.cell
        let box = Rect(x: -Double(cell.width) / 2, y: -Double(cell.height) / 2, width: Double(cell.width), height: Double(cell.height))
        switch letterbox {
        case .color(let color):
            return [.path(PathLeaf(path: .rect(box), paint: .solid(Color(color))))]
        case .blur(let source, let blur, let dim):
            var picture = Node.image(ImageLeaf(image: placement.image, source: source, bounds: box,
                                               filters: photo.filters.map(Filter.init) + (blur > 0 ? [.blur(blur)] : []),
                                               edges: .extended))
            if let flip = placement.flip {
                picture = .group(Group(transform: .flip(horizontal: flip != .vertical, vertical: flip != .horizontal),
                                       children: [picture]))
            }
            guard dim > 0 else { return [picture] }
            let black = Color(red: 0, green: 0, blue: 0, alpha: UInt8((min(dim, 1) * 255).rounded()))
            return [picture, .path(PathLeaf(path: .rect(box), paint: .solid(black)))]
        }
    }
}
