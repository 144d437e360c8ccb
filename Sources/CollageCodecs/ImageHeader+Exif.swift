import CollageRaster

extension ImageHeader {
    /// A header whose orientation and capture date come from an EXIF block
    /// (TIFF structure, as in JPEG APP1, PNG eXIf and WebP EXIF); no block,
    /// or an unreadable one, means orientation 1 and no date.
    init(format: ImageFormat, storedSize: Size, exif: UnsafeRawBufferPointer?) {
        self.init(format: format, storedSize: storedSize, orientation: exif.map(ExifOrientation.read) ?? .up)
        captureDate = exif.flatMap(ExifDate.read)
    }
}

/// The EXIF block a C decoder found (pointer and length), or nil.
func exifBlock(_ pointer: UnsafePointer<UInt8>?, _ length: Int) -> UnsafeRawBufferPointer? {
    pointer.map { UnsafeRawBufferPointer(start: $0, count: length) }
}
