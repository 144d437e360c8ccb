import CollageCodecs
import CollageLayout
import CollageText
import CollageRaster
import CollageSpec
#if canImport(Glibc)
import Glibc
#endif

/// What every target sets up once per process: the pinned test fonts and a
/// folder of small synthetic photos that documents can name.
public enum FuzzEnvironment {
    /// The repository root (this file is Fuzz/Sources/FuzzSupport/…).
    public static let root: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/")
    }()

    /// Loads `Tests/fonts/fonts.conf` (the pinned DejaVu / Noto CJK / Noto
    /// Color Emoji folders) into `FontLibrary.shared`, once. Its font cache
    /// is `.build/fontconfig-cache` under the working directory, which
    /// `scripts/fuzz` sets to the root, as the tests do.
    public static let fonts: Void = {
        setenv("FONTCONFIG_FILE", root + "/Tests/fonts/fonts.conf", 1)
        do { try FontLibrary.shared.useConfiguration(file: root + "/Tests/fonts/fonts.conf") } catch {
            fatalError("cannot load the pinned fonts: \(error)")
        }
    }()

    /// Loads what one input may need once per process before libFuzzer
    /// times inputs: the fonts, and the hyphenation dictionaries of
    /// `hyphens: auto` for en-US and de (libhyphen takes 5 to 8 s under
    /// ASan to load the 1 MB hyph_de_DE.dic: a first German input would be
    /// a 10 s timeout finding that no later input repeats).
    public static func warmUp() {
        _ = fonts
        for lang in ["en-US", "de"] {
            var spec = TextOverlaySpec(text: "Silbentrennung", font: FontSpec(family: ["DejaVu Sans"], size: 20))
            spec.style.hyphens = .auto
            spec.style.width = Length(60)
            spec.lang = lang
            let overlay = OverlaySpec(kind: .text(spec), location: SourceLocation(file: "warm-up", line: 1, column: 1))
            _ = try? TextBlock.set(spec, placement: overlay, in: PixelRect(x: 0, y: 0, width: 100, height: 100),
                                    canvas: Size(width: 100, height: 100))
        }
    }

    /// A fresh folder (removed at exit) holding `photos/` with the file names
    /// the golden cases use (Tests/CollageTests/SyntheticPhotos.swift), as
    /// small images: PNG, JPEG (one with EXIF orientation 6) and WebP.
    public static let folder: String = {
        var template = Array("/tmp/collage-fuzz-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed") }
        let folder = String(cString: made)
        mkdir(folder + "/photos", 0o755)
        func write(_ name: String, _ bytes: [UInt8]) {
            let file = fopen(folder + "/photos/" + name, "wb")!
            _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            fclose(file)
        }
        func image(_ width: Int, _ height: Int, alpha: Bool = false) -> Pixmap {
            var p = Pixmap(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    p[x, y] = Color(red: UInt8(x * 255 / max(1, width - 1)), green: UInt8(y * 255 / max(1, height - 1)),
                                    blue: 128, alpha: alpha && x < width / 2 ? 100 : 255)
                }
            }
            return p
        }
        do {
            write("quadrants.png", try ImageEncoder.encode(image(40, 30), as: .png))
            write("tall.png", try ImageEncoder.encode(image(24, 48), as: .png))
            write("stripes.png", try ImageEncoder.encode(image(32, 32), as: .png))
            write("upright.png", try ImageEncoder.encode(image(30, 40), as: .png))
            write("logo.png", try ImageEncoder.encode(image(16, 8, alpha: true), as: .png))
            write("gradient.jpg", try ImageEncoder.encode(image(64, 48), as: .jpeg))
            write("gradient-tall.jpg", try ImageEncoder.encode(image(36, 60), as: .jpeg))
            write("wide.webp", try ImageEncoder.encode(image(60, 20), as: .webp))
            write("rotated6.jpg", jpegWithOrientation6(try ImageEncoder.encode(image(40, 30), as: .jpeg)))
        } catch {
            fatalError("cannot write the synthetic photos: \(error)")
        }
        atexit { _ = system("rm -rf '\(String(cString: getenv("COLLAGE_FUZZ_FOLDER")!))'") }
        setenv("COLLAGE_FUZZ_FOLDER", folder, 1)
        return folder
    }()

    /// `jpeg` with an EXIF APP1 segment holding only Orientation = 6 after SOI.
    static func jpegWithOrientation6(_ jpeg: [UInt8]) -> [UInt8] {
        let tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00,
                             0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 6, 0, 0, 0, 0, 0, 0, 0]
        let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return Array(jpeg[0..<2]) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + Array(jpeg[2...])
    }
}
