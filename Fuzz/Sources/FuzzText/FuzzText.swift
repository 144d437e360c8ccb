import Collage
import CollageLayout
import CollageText
import CollageRaster
import FuzzSupport

/// Target (c): text shaping and line breaking with the pinned test fonts
/// (Tests/fonts/fonts.conf). The first 6 bytes choose the style, the rest
/// is the text (UTF-8, invalid sequences replaced):
///
///     0: family (sans-serif, serif, monospace, emoji, DejaVu Sans,
///        Noto Sans CJK JP, an unknown name) and italic (bit 7)
///     1: size 4 + n % 60 pixels; verticalAlign (n / 60) % 3
///     2: maxWidth n x 2 pixels (0 = none)
///     3: maxLines n % 8 (0 = none); bits: hyphens auto with lang en-US
///        (3), the width is a fixed `width` instead of maxWidth (4), a
///        fixed height 80 (5), spans split at U+001E (6), tabSize n % 17
///        and lineBreak strict (7)
///     4: bits: align (0-1: left, center, right, justify), shrink (2),
///        stroke (3), shadow (4), label box (5), letter spacing (6),
///        maxHeight (7)               5: weight 100 + (n % 9) x 100; bits:
///        direction vertical with textCombineUpright 2 (7; verticalAlign
///        and justify, which it rejects, are left out), ruby on the Japanese
///        spans (6)
///
/// Spans (bit 6 of byte 3) cycle through the overlay's own settings, a
/// bold red half-size Japanese span, and a serif Arabic span 1.5 times the
/// size with letter spacing -1 (docs/text.md "Rich text").
///
/// Typesetter.set picks faces per cluster, runs bidi and UAX #14 line
/// breaking, hyphenates, shapes with HarfBuzz, wraps, justifies, and
/// rasterises; the block's scene items are built too. A diagnostic is a
/// normal outcome.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = FuzzEnvironment.fonts
    var bytes = fuzzBytes(data, size)
    while bytes.count < 6 { bytes.append(0) }
    let families = [["sans-serif"], ["serif"], ["monospace"], ["emoji"], ["DejaVu Sans"],
                    ["Noto Sans CJK JP"], ["No Such Family", "serif"]]
    var font = FontSpec(family: families[Int(bytes[0] & 0x7F) % families.count], size: 4 + Double(bytes[1] % 60))
    font.style = bytes[0] & 0x80 != 0 ? .italic : .normal
    font.weight = 100 + Int(bytes[5] % 9) * 100
    var style = TextStyle()
    let editorial = bytes[3]
    let width = bytes[2] == 0 ? nil : Length(Double(bytes[2]) * 2)
    if editorial & 16 != 0 { style.width = width } else { style.maxWidth = width }
    style.maxLines = bytes[3] % 8 == 0 ? nil : Int(bytes[3] % 8)
    let flags = bytes[4]
    style.align = [TextAlign.left, .center, .right, .justify][Int(flags & 3)]
    if editorial & 8 != 0 { style.hyphens = .auto }
    if editorial & 32 != 0 {
        style.height = Length(80)
        style.verticalAlign = [TextVerticalAlign.top, .center, .bottom][Int(bytes[1] / 60) % 3]
    }
    if editorial & 128 != 0 { style.tabSize = Double(bytes[5] % 17); style.lineBreak = .strict }
    style.fit = flags & 4 != 0 ? .shrink : .none
    if flags & 8 != 0 { style.stroke = TextStroke(width: Length(2), color: .white) }
    if flags & 16 != 0 { style.shadow = TextShadow(offsetX: 2, offsetY: 3, blur: 2) }
    if flags & 32 != 0 { style.background = TextBackground(color: .white, padding: Length(10, isPercent: true),
                                                           cornerRadius: Length(4)) }
    if flags & 64 != 0 { style.letterSpacing = 1.5 }
    // maxHeight with a fixed height is an error the validator reports.
    if flags & 128 != 0, style.height == nil { style.maxHeight = Length(60) }
    if bytes[5] & 0x80 != 0 {
        style.direction = .vertical
        style.textCombineUpright = 2
        style.verticalAlign = .top
        if style.align == .justify { style.align = .left }
    }
    let text = String(decoding: bytes[6...], as: UTF8.self)
    var textSpec = TextOverlaySpec(text: text, font: font, color: .black, style: style)
    if editorial & 8 != 0 { textSpec.lang = "en-US" }
    if editorial & 64 != 0 {
        textSpec.spans = text.split(separator: "\u{1E}", omittingEmptySubsequences: false).enumerated().map { i, part in
            var span = TextSpan(text: String(part), font: font, color: .black, letterSpacing: style.letterSpacing,
                                lang: textSpec.lang)
            switch i % 3 {
            case 1: span.font.weight = 700; span.font.size = font.size / 2; span.color = RGBA(red: 255, green: 0, blue: 0)
                span.lang = "ja"
                if bytes[5] & 0x40 != 0, !part.contains(where: \.isNewline), !part.isEmpty { span.ruby = "るびルビ" }
            case 2: span.font.family = ["serif"]; span.font.size = font.size * 1.5; span.letterSpacing = -1; span.lang = "ar"
            default: break
            }
            return span
        }
    }
    let overlay = OverlaySpec(kind: .text(textSpec), location: SourceLocation(file: "fuzz", line: 1, column: 1))
    let canvas = Size(width: 400, height: 300)
    do {
        let block = try TextBlock.set(textSpec, placement: overlay, in: PixelRect(x: 0, y: 0, width: 400, height: 300),
                                       canvas: canvas)
        _ = block.node(textSpec.color, style: style)
    } catch {
        _ = error.diagnostics.count
    }
    return 0
}

@_cdecl("FuzzText_main")
public func fuzzTextMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc: argc, argv: argv, fuzzText)
}
