import CollageSpec

/// `collage grid PHOTO...`: a document-free collage (the shortcut people
/// reach for instead of ImageMagick `montage`), built as a `Spec` in code.
public enum PhotoGrid {
    /// Name used for the command-line "document" in messages.
    public static let sourceName = "<command line>"

    /// A spec laying `photos` out on a `width` x `height` canvas.
    ///
    /// Layout: `columns` given → a grid of that many columns, rows as many
    /// as needed, photos row by row; absent → the `auto` layout for up to
    /// nine photos (DESIGN.md "Layout rules") and a ⌈√n⌉-column grid beyond.
    /// `gap` separates cells and pads the canvas edge (canvas pixels).
    /// Photos are cropped to cover their cells (`fit: cover`) on a white background.
    ///
    /// - Parameters:
    ///   - photos: image paths, relative to `workingDirectory` (absolute) unless absolute.
    /// - Throws: `CollageError.usage` for no photos or a size, column count
    ///   or gap out of range; `.diagnostics` (`.missingFile`) for a photo
    ///   that is not a readable file.
    public static func spec(photos: [String], columns: Int?, width: Int, height: Int, gap: Int,
                            workingDirectory: String) throws(CollageError) -> Spec {
        guard !photos.isEmpty else { throw .usage("grid needs at least one photo") }
        guard (1...32768).contains(width), (1...32768).contains(height) else {
            throw .usage("--size must be from 1x1 to 32768x32768 pixels, not \(width)x\(height)")
        }
        if let columns, columns < 1 { throw .usage("--columns must be at least 1, not \(columns)") }
        guard gap >= 0 else { throw .usage("--gap must be 0 or more pixels, not \(gap)") }
        let origin = SourceLocation(file: sourceName, line: 1, column: 1)
        var specs: [PhotoSpec] = []
        var missing: [Diagnostic] = []
        for (index, src) in photos.enumerated() {
            let path = WorkingDirectory.absolute(src.hasPrefix("/") ? src : workingDirectory + "/" + src)
            let location = SourceLocation(file: sourceName, line: 1, column: index + 1)
            switch FileSystem.kind(of: path) {
            case .regularFile: break
            case .missing: missing.append(Diagnostic(.missingFile, at: nil, "collage grid: photo '\(src)': no such file"))
            case .folder: missing.append(Diagnostic(.missingFile, at: nil, "collage grid: photo '\(src)' is a directory, not a file"))
            case .other:
                missing.append(Diagnostic(.missingFile, at: nil,
                    "collage grid: photo '\(src)' is not a regular file (it is a FIFO, socket or device)"))
            }
            specs.append(PhotoSpec(path: path, src: src, srcLocation: location, id: "photo\(index + 1)"))
        }
        if !missing.isEmpty { throw .diagnostics(DiagnosticList(missing)) }
        let kind: LayoutKind
        if let columns {
            kind = .grid(columns: columns, rows: nil)
        } else if photos.count <= 9 {
            kind = .auto
        } else {
            var side = 1
            while side * side < photos.count { side += 1 }
            kind = .grid(columns: side, rows: nil)
        }
        return Spec(file: sourceName, canvas: CanvasSpec(width: width, height: height, location: origin),
                    photos: specs, layout: LayoutSpec(kind: kind, gap: gap, padding: gap, location: origin))
    }

    /// `diagnostic` in the command's own words when it concerns a photo named
    /// on the command line: no location (there is no document to point
    /// into) and "collage grid: photo 'x.jpg': reason".
    public static func commandLineStyle(_ diagnostic: Diagnostic) -> Diagnostic {
        guard diagnostic.location?.file == sourceName else { return diagnostic }
        var copy = diagnostic
        copy.location = nil
        let prefix = "cannot read photo '"
        if copy.message.hasPrefix(prefix) {
            copy.message = "collage grid: photo '" + copy.message.dropFirst(prefix.count)
        }
        return copy
    }
}

#if canImport(Glibc)
import Glibc
#endif
