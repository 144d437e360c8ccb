import CImageShim

/// A bound on what an SVG will cost librsvg, read from its bytes before
/// librsvg sees them (issue 37; docs/format.md, "SVG pre-scan"). librsvg
/// cannot be interrupted once it draws, and a few hundred bytes can ask it
/// for minutes of work: `<use>` references that fan out (10 levels of 10
/// make 10^10 elements) or a filter whose kernel is as large as the
/// picture (`feMorphology radius="400"` over 2000x2000 pixels). The scan
/// streams the document through libxml2's `xmlTextReader` (entities
/// substituted, as librsvg does; no document tree is built) and sums three
/// costs, each refused over its limit:
///
/// - `elements`: the element count once every reference is expanded: a
///   `<use>` counts its target's subtree again, and so does a `url(#id)` in
///   `filter`, `mask`, `clip-path`, `fill`, `stroke`, `marker-*` or
///   `style`, and an `feImage` `href`;
/// - `uses`: the `<use>` instances after expansion (the fan-out);
/// - `filterWork`: over every filter primitive, as often as it is
///   instantiated, its region's area in pixels at the SVG's intrinsic size
///   times its kernel: (2rx+1)(2ry+1) for `feMorphology`, (6σx+1)+(6σy+1)
///   for `feGaussianBlur` and `feDropShadow`, orderX x orderY for
///   `feConvolveMatrix`, `numOctaves` for `feTurbulence`, 9 for the
///   lighting primitives, 1 for the rest. The region is the filter's
///   (`filterUnits`, `x`/`y`/`width`/`height`; an `objectBoundingBox`
///   region is taken relative to the whole viewport, the largest box an
///   element inside it usually has).
///
/// Drawn larger than its intrinsic size, an SVG's filter work grows with
/// the scale; a deadline (`--timeout`, `DocumentRenderer.Configuration.timeout`)
/// bounds that, and CSS rules in `<style>` are not read. An `<!ENTITY>`
/// declared `SYSTEM` or `PUBLIC` is refused (libxml2 would read that file).
public enum SVGPrescan {
    /// The thresholds; the defaults pass every icon of Debian's
    /// adwaita-icon-theme and hicolor-icon-theme (`SVGPrescanTests`).
    public struct Limits: Sendable, Hashable {
        /// Elements after reference expansion. Default 200 000.
        public var maxElements: Double
        /// `<use>` instances after expansion. Default 20 000.
        public var maxUses: Double
        /// Filter work (pixels x kernel taps, at the intrinsic size).
        /// Default 10^9, about a second of librsvg's filters on one core.
        public var maxFilterWork: Double

        public init(maxElements: Double = 200_000, maxUses: Double = 20_000, maxFilterWork: Double = 1e9) {
            self.maxElements = maxElements; self.maxUses = maxUses; self.maxFilterWork = maxFilterWork
        }
        /// The defaults.
        public static let standard = Limits()
    }

    /// What the scan counted.
    public struct Cost: Sendable, Hashable {
        public var elements: Double = 0
        public var uses: Double = 0
        public var filterWork: Double = 0

        static func + (a: Cost, b: Cost) -> Cost {
            Cost(elements: a.elements + b.elements, uses: a.uses + b.uses, filterWork: a.filterWork + b.filterWork)
        }
    }

    /// Refuses `bytes` (a whole SVG or SVGZ) when a cost is over `limits`.
    /// - Throws: `ImageError` naming `path`: `.tooComplex` over a limit or
    ///   for an external entity, `.corrupt` for malformed XML (libxml2's
    ///   reason and line), `.unsupportedVariant` when libxml2 is missing.
    public static func check(_ bytes: [UInt8], path: String, limits: Limits = .standard) throws(ImageError) {
        let cost = try self.cost(of: bytes, path: path, stopAbove: limits.maxElements)
        func refuse(_ what: String, _ value: Double, _ limit: Double) -> ImageError {
            ImageError(path: path, reason: "the SVG \(what) \(Self.count(value)), over the pre-scan's limit of "
                       + "\(Self.count(limit)) (docs/format.md, \"SVG pre-scan\"): simplify the drawing or convert "
                       + "it to PNG", kind: .tooComplex)
        }
        if cost.elements > limits.maxElements {
            throw refuse("has, once its references are expanded, more elements than", cost.elements, limits.maxElements)
        }
        if cost.uses > limits.maxUses { throw refuse("has <use> instances, once expanded, numbering", cost.uses, limits.maxUses) }
        if cost.filterWork > limits.maxFilterWork {
            throw refuse("asks its filters for work (region pixels x kernel taps) of", cost.filterWork, limits.maxFilterWork)
        }
    }

    /// The costs of `bytes`; the expansion is skipped (elements reported as
    /// read) once more than `stopAbove` elements have been read.
    public static func cost(of bytes: [UInt8], path: String, stopAbove: Double = .infinity) throws(ImageError) -> Cost {
        var scan = Scan()
        try bytes.withUnsafeBufferPointer { (buffer) throws(ImageError) in
            var message = [CChar](repeating: 0, count: Int(COLLAGE_MESSAGE_MAX))
            var refused: Int32 = 0
            guard let reader = collage_xml_open(buffer.baseAddress, buffer.count, &refused, &message) else {
                let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if collage_xml_unavailable() != nil {
                    throw ImageError(path: path, reason: "the SVG pre-scan is unavailable: \(reason) (install libxml2: "
                                     + "apt-get install libxml2)", kind: .unsupportedVariant)
                }
                if refused != 0 { throw ImageError(path: path, reason: "refused before drawing: \(reason)", kind: .tooComplex) }
                throw ImageError(path: path, reason: "invalid SVG: \(reason)", kind: .corrupt)
            }
            defer { collage_xml_close(reader) }
            var element = collage_xml_element()
            while true {
                let status = collage_xml_next(reader, &element)
                if status == 0 { break }
                if status < 0 {
                    throw ImageError(path: path, reason: "invalid SVG: \(String(cString: collage_xml_message(reader)))",
                                     kind: .corrupt)
                }
                var attributes: [(String, String)] = []
                attributes.reserveCapacity(Int(element.attributes))
                for index in 0..<element.attributes {
                    var name: UnsafePointer<CChar>?, value: UnsafePointer<CChar>?
                    if collage_xml_attribute(reader, index, &name, &value) == 0, let name, let value {
                        attributes.append((String(cString: name), String(cString: value)))
                    }
                }
                collage_xml_element_done(reader)
                scan.add(name: element.name.map { String(cString: $0) } ?? "", depth: Int(element.depth), attributes: attributes)
                if Double(scan.elements.count) > stopAbove { break }
            }
        }
        if Double(scan.elements.count) > stopAbove { return Cost(elements: Double(scan.elements.count)) }
        do throws(Refusal) {
            if let refusal = scan.refusal { throw refusal }
            return try scan.expanded()
        } catch {
            switch error {
            case .cycle(let ids):
                let route = ids.isEmpty ? "" : " (" + (ids + ids.prefix(1)).map { "#\($0)" }.joined(separator: " → ") + ")"
                throw ImageError(path: path, reason: "the SVG's references form a cycle\(route), which librsvg refuses too, "
                                 + "after walking every path through it (docs/format.md, \"SVG pre-scan\"): remove the "
                                 + "reference back", kind: .tooComplex)
            case .embeddedSVG:
                throw ImageError(path: path, reason: "the SVG embeds another SVG as a data: URI (<image href=\"data:image/svg+xml…\">), "
                                 + "whose cost the pre-scan cannot bound (docs/format.md, \"SVG pre-scan\"): embed it as PNG, "
                                 + "or put its elements inline", kind: .tooComplex)
            }
        }
    }

    /// A count as an integer while it is one, else in scientific notation.
    static func count(_ value: Double) -> String {
        value < 1e15 ? String(Int(value)) : String(value)
    }
}
