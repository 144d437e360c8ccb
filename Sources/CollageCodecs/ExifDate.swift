import CImage

/// Reads EXIF DateTimeOriginal (tag 0x9003 in the Exif IFD) with libexif,
/// for `sort: date` of photo globs. Any problem gives nil.
enum ExifDate {
    /// - Parameter block: an APP1 payload ("Exif\0\0" + TIFF) or a bare TIFF
    ///   structure (PNG `eXIf`).
    /// - Returns: the 19-character "YYYY:MM:DD HH:MM:SS" text, or nil.
    static func read(_ block: UnsafeRawBufferPointer) -> String? {
        guard block.count >= 8, block.count <= Int(UInt32.max) else { return nil }
        var bytes = [UInt8](block)
        if !(bytes.count >= 6 && bytes[0 ..< 6].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0])) {
            bytes.insert(contentsOf: [0x45, 0x78, 0x69, 0x66, 0, 0], at: 0)
        }
        guard let data = exif_data_new() else { return nil }
        defer { exif_data_unref(data) }
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        bytes.withUnsafeBufferPointer { exif_data_load_data(data, $0.baseAddress, UInt32($0.count)) }
        guard let ifd = data.pointee.ifd.2,   // EXIF_IFD_EXIF
              let entry = exif_content_get_entry(ifd, EXIF_TAG_DATE_TIME_ORIGINAL),
              entry.pointee.format == EXIF_FORMAT_ASCII, entry.pointee.size >= 19,
              let value = entry.pointee.data else { return nil }
        let text = String(decoding: UnsafeBufferPointer(start: value, count: 19), as: UTF8.self)
        return text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) ? text : nil
    }
}
