import CImage

/// Reads the Orientation tag (TIFF tag 274, IFD0) from an EXIF block with libexif.
/// Any problem (malformed EXIF, out-of-range offsets, a missing tag, a value
/// outside 1-8 such as 0) gives `.up`: never an error (MANIFEST "Broken EXIF").
enum ExifOrientation {
    /// - Parameters:
    ///   - block: an APP1 payload starting with "Exif\0\0", or (PNG `eXIf`)
    ///     a bare TIFF structure starting with "II"/"MM".
    static func read(_ block: UnsafeRawBufferPointer) -> Orientation {
        guard block.count >= 8, let base = block.baseAddress else { return .up }
        let hasHeader = block.count >= 6 && block[0] == 0x45 && block[1] == 0x78 && block[2] == 0x69
            && block[3] == 0x66 && block[4] == 0 && block[5] == 0
        if hasHeader { return parse(base.assumingMemoryBound(to: UInt8.self), block.count) }
        // libexif wants the "Exif\0\0" prefix in front of the TIFF header.
        var prefixed: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
        prefixed.append(contentsOf: block)
        return prefixed.withUnsafeBufferPointer { parse($0.baseAddress!, $0.count) }
    }

    private static func parse(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Orientation {
        guard count <= Int(UInt32.max), let data = exif_data_new() else { return .up }
        defer { exif_data_unref(data) }
        // Do not let libexif "fix" the data (it would add default tags).
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_load_data(data, bytes, UInt32(count))
        guard let ifd0 = data.pointee.ifd.0,
              let entry = exif_content_get_entry(ifd0, EXIF_TAG_ORIENTATION),
              entry.pointee.format == EXIF_FORMAT_SHORT, entry.pointee.components >= 1,
              entry.pointee.size >= 2, let value = entry.pointee.data else { return .up }
        let raw = exif_get_short(value, exif_data_get_byte_order(data))
        return Orientation(rawValue: Int(raw)) ?? .up
    }
}
