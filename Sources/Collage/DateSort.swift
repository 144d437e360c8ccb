import CollageCodecs
import CollageSpec

/// `sort: date` of a photo glob: each run of consecutive photos with the
/// same `PhotoSpec.dateSortGroup` is reordered by EXIF DateTimeOriginal
/// (as text, which sorts chronologically), photos without a date after
/// those with one; ties keep the name order (stable sort).
enum DateSort {
    static func apply(photos: [PhotoSpec], headers: [ImageHeader]) -> ([PhotoSpec], [ImageHeader]) {
        guard photos.contains(where: { $0.dateSortGroup != nil }) else { return (photos, headers) }
        var order = Array(photos.indices)
        var start = 0
        while start < photos.count {
            var end = start + 1
            while end < photos.count, photos[end].dateSortGroup == photos[start].dateSortGroup { end += 1 }
            if photos[start].dateSortGroup != nil {
                let run = order[start ..< end].enumerated().sorted { a, b in
                    let da = headers[a.element].captureDate, db = headers[b.element].captureDate
                    switch (da, db) {
                    case let (x?, y?) where x != y: return x < y
                    case (.some, nil): return true
                    case (nil, .some): return false
                    default: return a.offset < b.offset
                    }
                }.map(\.element)
                order.replaceSubrange(start ..< end, with: run)
            }
            start = end
        }
        return (order.map { photos[$0] }, order.map { headers[$0] })
    }
}
