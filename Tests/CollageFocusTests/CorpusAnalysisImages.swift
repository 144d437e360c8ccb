import CollageCodecs
import CollageFocus
import CollageRaster
import Foundation

extension AnalysisImage {
    /// The analysis images of corpus photos (paths relative to `corpus`), as
    /// a render builds them: decoded as stored at a 640 px minimum, then
    /// block-averaged, turned upright and area-averaged.
    static func ofCorpusPhotos(_ files: [String], in corpus: URL) throws -> [(String, AnalysisImage)] {
        try files.map { file in
            let path = corpus.appendingPathComponent(file).path
            let header = try ImageDecoder.header(path: path)
            let stored = try ImageDecoder.decodeStored(path: path, options: DecodeOptions(minimumSize: Size(width: 640, height: 640)))
            return (file, AnalysisImage(stored: stored.pixmap, orientation: stored.header.orientation.stored, source: header.size))
        }
    }
}
