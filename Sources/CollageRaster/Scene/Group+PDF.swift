extension Group {
    /// The group's PDF stage (`Node.pdf(into:device:stage:)`): `q`, its
    /// transform as `cm`, its shadow (rasterised at the canvas's resolution,
    /// faded by the opacity, outside the clip, as the raster draws it), its
    /// clip as `W n` (non-zero), then its children; with an opacity below 1
    /// or a blend mode, the children go into a transparency group (Form
    /// XObject) painted through an ExtGState's `ca`/`CA` and `/BM`. A group
    /// whose shadow is cast by its children's alpha (`Shadow.Caster.alpha`)
    /// is rasterised whole, unless it holds text: then its shadow alone is
    /// rasterised (`shadowOnly`) and its children drawn over it as vectors
    /// and text. A translucent group under `compositing: linear` is
    /// rasterised whole.
    func pdf(into content: inout PDFContent, device parent: Affine, stage: any PDFStage) throws {
        let device = transform.then(parent)
        let own = min(max(opacity, 0), 1)
        guard own > 0, device.isFinite else { return }
        let layered = own < 1 || blend != .normal
        if layered, stage.rasterisesTranslucentGroups {
            return try rasterised(into: &content, device: parent, stage: stage)
        }
        if case .alpha = shadow?.caster {
            // A component with text: the shadow alone is rasterised (faded
            // by the opacity as the raster fades it), the text stays text
            // over it. Otherwise the whole group is rasterised.
            guard children.contains(where: \.holdsText) else {
                return try rasterised(into: &content, device: parent, stage: stage)
            }
            var caster = self
            caster.shadowOnly = true
            caster.blend = .normal
            let reach = shadow.map { 3 * max(0, $0.sigma) + abs($0.offsetX) + abs($0.offsetY) + 2 } ?? 1
            if let placement = try stage.raster(.group(caster), device: parent, margin: reach) {
                content.draw(placement, device: parent)
            }
        }
        if let shadow, case .shape = shadow.caster {
            var caster = self
            caster.children = []
            caster.clip = nil
            caster.opacity = 1
            caster.blend = .normal
            let reach = 3 * max(0, shadow.sigma) + abs(shadow.offsetX) + abs(shadow.offsetY) + 2
            if let placement = try stage.raster(.group(caster), device: parent, margin: reach) {
                content.op("q")
                if own < 1 { content.op("/\(stage.graphicsState(alpha: own, blend: .normal)) gs") }
                content.draw(placement, device: parent)
                content.op("Q")
            }
        }
        content.op("q")
        content.concatenate(transform)
        if let clip {
            content.path(clip)
            content.op("W n")
        }
        if layered {
            var inner = PDFContent()
            for child in children { try child.pdf(into: &inner, device: device, stage: stage) }
            let canvas = Rect(x: 0, y: 0, width: Double(stage.canvasSize.width), height: Double(stage.canvasSize.height))
            if !inner.bytes.isEmpty, let local = device.inverted?.bounds(of: canvas) {
                let form = try stage.transparencyGroup(inner, bbox: local)
                content.op("/\(stage.graphicsState(alpha: own, blend: blend)) gs")
                content.op("/\(form) Do")
            }
        } else {
            for child in children { try child.pdf(into: &content, device: device, stage: stage) }
        }
        content.op("Q")
    }

    /// The whole group drawn by the raster at the canvas's resolution and
    /// placed over its device bounds (with its shadow's reach).
    private func rasterised(into content: inout PDFContent, device parent: Affine, stage: any PDFStage) throws {
        let reach = shadow.map { 3 * max(0, $0.sigma) + abs($0.offsetX) + abs($0.offsetY) + 2 } ?? 1
        if let placement = try stage.raster(.group(self), device: parent, margin: reach) {
            content.draw(placement, device: parent)
        }
    }
}

extension Node {
    /// The node is, or a group under it holds, a text leaf.
    var holdsText: Bool {
        switch self {
        case .text: true
        case .group(let group): group.children.contains { $0.holdsText }
        default: false
        }
    }
}
