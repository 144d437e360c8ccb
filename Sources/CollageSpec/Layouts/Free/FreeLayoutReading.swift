/// `kind: free`: no layout keys; each photo gives its own `frame`, or
/// `anchor` with `width` or `height` (`FreePlacementSpec`).
enum FreeLayoutReading: LayoutKindReading {
    static let keys: [String] = []
    static let photoKeys = ["frame", "anchor", "offset", "width", "height"]
    static func photoKeysLocation(_ photo: PhotoSpec) -> SourceLocation? {
        photo.placement != nil ? photo.placementLocation : nil
    }
    static func read(_ keys: [String: Node.Entry], layout: inout LayoutSpec, context: LayoutReadContext,
                     with validator: inout Validator) -> LayoutKind? { .free }
    /// A photo without a placement is an error at the photo, once per place
    /// (photos from one glob share it; a photo whose `frame` or `anchor` had
    /// errors was reported there).
    static func check(_ photos: [PhotoSpec], layout: LayoutSpec, with validator: inout Validator) {
        var reported = Set<SourceLocation>()
        for photo in photos where photo.placement == nil && photo.placementLocation == nil
                                  && reported.insert(photo.location).inserted {
            validator.report(.missingKey, photo.location,
                             "a photo in a free layout needs 'frame: {x, y, width, height}', or 'anchor' with 'width' or 'height'")
        }
    }
}
