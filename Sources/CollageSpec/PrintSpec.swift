/// `print: {bleed, safe, marks}` (issue 38, docs/print.md): the canvas is
/// the trim; the output adds the bleed and, with marks, a slug on each side.
/// Every length is whole canvas pixels at `canvas.dpi`; coordinates stay
/// relative to the trim's top-left corner (the bleed lies at negative
/// coordinates and beyond the canvas).
public struct PrintSpec: Sendable, Equatable {
    /// Printer's marks drawn in the slug.
    public enum Mark: String, Sendable, Hashable, CaseIterable {
        /// Crop (trim) marks: 0.25 pt lines on the trim lines' extensions,
        /// offset from the trim by the bleed (`PrintGeometry`).
        case crop
    }

    /// The slug's width beyond the bleed when marks are drawn: 6 mm.
    public static let slugMillimetres = 6.0
    /// A crop mark's length, from the bleed edge outward: 5 mm (1 mm of the slug stays clear).
    public static let markMillimetres = 5.0
    /// A crop mark's line width: 0.25 pt.
    public static let markPoints = 0.25

    /// Pixels the content extends beyond the trim on each side; default 0.
    public var bleed: Int
    /// Pixels inside the trim that important content keeps clear of
    /// (preflight warns about text, shapes and images beyond it); default 0.
    public var safe: Int
    public var marks: [Mark]
    /// `canvas.dpi` (required with `print`).
    public var dpi: Int
    /// The `print` key, the `bleed` and `safe` values (diagnostics).
    public var location: SourceLocation
    public var bleedLocation: SourceLocation?
    public var safeLocation: SourceLocation?

    public init(bleed: Int = 0, safe: Int = 0, marks: [Mark] = [], dpi: Int, location: SourceLocation) {
        self.bleed = bleed; self.safe = safe; self.marks = marks; self.dpi = dpi; self.location = location
    }

    /// The slug beyond the bleed, pixels: 6 mm at `dpi` with marks, else 0.
    public var slug: Int {
        marks.isEmpty ? 0 : Validator.wholePixels(PhysicalLength(Self.slugMillimetres, .mm).pixels(dpi: dpi))
    }
    /// What the output adds beyond the trim on each side: bleed plus slug.
    public var margin: Int { bleed + slug }
    /// The output's size for a trim (canvas) of `width` x `height`.
    public func outputSize(width: Int, height: Int) -> (width: Int, height: Int) {
        (width + 2 * margin, height + 2 * margin)
    }
}

extension Spec {
    /// The sides of the image written when the canvas gives both: the
    /// canvas, or with `print` the trim, bleed and slug; nil when a side is
    /// derived by the layout.
    public var outputSides: (width: Int, height: Int)? {
        guard let width = canvas.width, let height = canvas.height else { return nil }
        return print?.outputSize(width: width, height: height) ?? (width, height)
    }
}
