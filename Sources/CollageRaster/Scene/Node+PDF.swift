extension Node {
    /// The node's PDF stage: its operators appended to `content` (whose
    /// coordinates are the node's parent's), resources asked of `stage`;
    /// `device` maps the parent's coordinates to canvas pixels. Each kind's
    /// own stage sits beside the kind (`Group+PDF.swift`, `PathLeaf+PDF.swift`…).
    /// - Throws: what `stage` throws (an unreadable image, a failed encode).
    public func pdf(into content: inout PDFContent, device: Affine, stage: any PDFStage) throws {
        switch self {
        case .group(let group): try group.pdf(into: &content, device: device, stage: stage)
        case .image(let leaf): try leaf.pdf(into: &content, device: device, stage: stage)
        case .path(let leaf): try leaf.pdf(into: &content, device: device, stage: stage)
        case .mask(let leaf): try leaf.pdf(into: &content, device: device, stage: stage)
        case .tile(let tile): try tile.pdf(into: &content, device: device, stage: stage)
        case .text(let leaf): try leaf.pdf(into: &content, device: device, stage: stage)
        }
    }
}
