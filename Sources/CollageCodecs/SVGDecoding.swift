import CollageRaster

/// SVG and SVGZ through librsvg (`SVGDocument`): the header is the
/// intrinsic size, and a decode to pixels (`collage convert` at the native
/// size, `ImageDecoder.decode`) draws the document at that size. A render
/// never goes through the pixels: it draws the document at each draw's
/// device transform (`ImageDecoder.openVector`, `VectorImageDraw`).
/// SVGs have no orientation (always `.up`, unless a document overrides it)
/// and fall under the decoded-pixel budget at their intrinsic size,
/// checked before anything is allocated.
enum SVGDecoding {
    static func header(_ bytes: [UInt8], path: String) throws(ImageError) -> ImageHeader {
        ImageHeader(format: .svg, storedSize: try SVGDocument(bytes: bytes, path: path).size, orientation: .up)
    }

    /// The parsed document, refused when its intrinsic size is over `options.maxPixels`.
    static func open(_ bytes: [UInt8], path: String, options: DecodeOptions) throws(ImageError) -> SVGDocument {
        let document = try SVGDocument(bytes: bytes, path: path, isolation: options.isolation)
        if let refusal = document.budgetRefusal(maxPixels: options.maxPixels) {
            throw ImageError(path: path, reason: refusal, kind: .tooLarge)
        }
        return document
    }

    /// The document drawn at its intrinsic size (RGBA8 sRGB straight alpha).
    static func decode(_ bytes: [UInt8], path: String, options: DecodeOptions) throws(ImageError) -> StoredImage {
        let document = try open(bytes, path: path, options: options)
        let size = document.size
        var words = [UInt32](repeating: 0, count: size.width * size.height)
        do {
            try words.withUnsafeMutableBufferPointer { buffer in
                try document.draw(viewport: size, transform: .identity, width: size.width, height: size.height, into: buffer)
            }
        } catch let error as ImageError { throw error } catch { throw ImageError(path: path, reason: "\(error)") }
        var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
        for (index, word) in words.enumerated() {
            let a = Int(word >> 24)
            guard a != 0 else { continue }
            func straight(_ shift: UInt32) -> UInt8 { UInt8(Swift.min(255, (Int((word >> shift) & 0xFF) * 255 + a / 2) / a)) }
            pixels[index * 4] = straight(16); pixels[index * 4 + 1] = straight(8)
            pixels[index * 4 + 2] = straight(0); pixels[index * 4 + 3] = UInt8(a)
        }
        let header = ImageHeader(format: .svg, storedSize: size, orientation: options.orientation ?? .up)
        return StoredImage(pixmap: Pixmap(width: size.width, height: size.height, pixels: pixels), header: header,
                           dctScale: 8, warnings: [], convertedICCProfile: false)
    }
}
