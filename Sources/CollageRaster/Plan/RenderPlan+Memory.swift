extension RenderPlan {
    /// What each image costs in flight (`ImageCost`): its canvas rows,
    /// its place in `decodeOrder`, and its working bytes: the provider's
    /// `decodeMemory` (the decode alone; nil: the whole decoded image, 4
    /// bytes a pixel of `decodedSize`, else of the minimum decode size) plus,
    /// per draw, the resampler's ring (at most `Resampler.ringLimit` floats:
    /// taps x read columns x 16 bytes, the taps about 6 x the reduction + 1)
    /// and, for a draw not written directly, its held float tile (16 bytes a
    /// pixel of its region), or for a shadow or filtered draw twice that.
    /// One per image of `scene`, indexed by image.
    func costs(scene: Scene, provider: any ImageProvider) -> [ImageCost] {
        var ranks = [Int](repeating: decodeOrder.count, count: scene.images.count)
        for (rank, image) in decodeOrder.enumerated() { ranks[image] = rank }
        return scene.images.indices.map { cost(ofImage: $0, rank: ranks[$0], scene: scene, provider: provider) }
    }

    private func cost(ofImage image: Int, rank: Int, scene: Scene, provider: any ImageProvider) -> ImageCost {
        guard let needed = decodeSizes[image] else {
            return ImageCost(rows: 0 ..< 0, workingBytes: 0, holdsCoefficients: false, rank: rank)
        }
        let items = drawsOfImage[image]
        let streaming = streamsImage(image, of: scene)
        let decoded = provider.decodedSize(image: image, minimumSize: needed) ?? needed
        let memory = provider.decodeMemory(image: image, minimumSize: needed, streaming: streaming)
        var bytes = memory?.bytes ?? decoded.width * decoded.height * 4
        for item in items {
            guard case .image(let draw) = scene.items[item] else { continue }
            let region = footprints[item].region
            let reduction = Swift.max(1, (decoded.height + Swift.max(1, draw.destination.height) - 1)
                                      / Swift.max(1, draw.destination.height))
            bytes += Swift.min(Resampler.ringLimit * 4, (6 * reduction + 1) * decoded.width * 16)
            if !direct[item] {
                let tile = region.width * region.height * 16
                bytes += draw.shadow != nil || !draw.filters.isEmpty ? 2 * tile : tile
            }
        }
        return ImageCost(rows: rowsOfImage(image), workingBytes: bytes,
                         holdsCoefficients: (memory?.coefficientBytes ?? 0) > 0, rank: rank)
    }

    /// The canvas rows image `image`'s draws touch (empty when it is not drawn).
    func rowsOfImage(_ image: Int) -> Range<Int> {
        let regions = drawsOfImage[image].map { footprints[$0].region }.filter { !$0.isEmpty }
        guard let top = regions.map(\.y).min(), let bottom = regions.map(\.maxY).max() else { return 0 ..< 0 }
        return top ..< bottom
    }
}
