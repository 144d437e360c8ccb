import CollageRaster

/// PDF (issue 44): a vector backend in the savers' registry. It is written
/// from the scene graph, not from pixels (`isVector`; the writer is
/// `Collage`'s `PDFDocumentWriter`, each node kind's stage method beside the
/// kind in `CollageRaster/Scene`): paths stay paths, photos are resampled to
/// their placed size at the canvas's pixels per inch capped by `maxPpi`
/// (`--pdf-max-ppi`, default 300) and stored as DCT (`quality`) or Flate with
/// an SMask, a JPEG placed whole within the cap is copied byte for byte.
/// Every page of a document goes in one file. The bytes are deterministic:
/// no date unless `SOURCE_DATE_EPOCH`, the ID from a content hash.
public enum PDFSaver: ImageSaver {
    public static let name = "pdf"
    public static let displayName = "PDF"
    public static let suffixes = ["pdf"]
    public static let mediaType = "application/pdf"
    /// PDF's own limit is 14 400 user units a side; canvases are pixels
    /// mapped to points at their dpi, so the raster limit of PNG applies.
    public static let maximumSide = Int(Int32.max) / 4
    public static let hasAlpha = true
    public static let isVector = true
    /// The most pixels per inch a photo is stored at (`--pdf-max-ppi`, `output.maxPpi`).
    public static let maxPpi = SaverOption(key: "maxPpi", kind: .integer(1...10000), defaultValue: "300",
                                           doc: "PDF: the most pixels per inch a photo is stored at", flag: "--pdf-max-ppi")
    public static let options: [SaverOption] = [.quality, maxPpi]

    public static func streaming(_ options: EncodeOptions) -> SaverStreaming { .wholeCanvas }

    /// Never called for a vector format (`isVector`): the render path writes
    /// the scene itself.
    /// - Throws: always, `ImageError(kind: .encodeFailed)`.
    public static func encode(_ pixmap: Pixmap, options: EncodeOptions) throws(ImageError) -> [UInt8] {
        throw ImageError(path: "<output>", reason: "PDF is written from the scene, not from pixels", kind: .encodeFailed)
    }
}

extension OutputFormat {
    public static let pdf = OutputFormat(PDFSaver.self)
}
