import CollageSpec

extension CollageDocument {
    /// The keys of a shape overlay (docs/format.md "Shapes"). Lengths are
    /// canvas pixels or percent of the area (the canvas, or the cell with `photo`).
    public struct Shape: Sendable, Equatable {
        /// `shape`: rect, ellipse, line, polygon or path.
        public var kind: ShapeKindName
        /// `width` and `height` of a rect or an ellipse (required there).
        public var width: Length?, height: Length?
        /// `cornerRadius` of a rect: pixels; default 0.
        public var cornerRadius: Double?
        /// `points` of a line (two or more) or a polygon (three or more), from the area's top-left corner.
        public var points: [Point]?
        /// `d`: SVG path data of a path.
        public var d: String?
        /// `fill`: a colour (a gradient goes in `Overlay.additionalKeys` as `fill`); default none.
        public var fill: String?
        /// `stroke`: the outline; default none. A shape needs a fill or a stroke.
        public var stroke: Stroke?

        public init(_ kind: ShapeKindName, width: Length? = nil, height: Length? = nil, cornerRadius: Double? = nil,
                    points: [Point]? = nil, d: String? = nil, fill: String? = nil, stroke: Stroke? = nil) {
            self.kind = kind; self.width = width; self.height = height; self.cornerRadius = cornerRadius
            self.points = points; self.d = d; self.fill = fill; self.stroke = stroke
        }

        /// One of `points`.
        public struct Point: Sendable, Equatable {
            public var x: Length, y: Length
            public init(x: Length, y: Length) { self.x = x; self.y = y }
        }

        /// A shape's `stroke`, with SVG's meaning and defaults.
        public struct Stroke: Sendable, Equatable {
            /// `width` in pixels, centred on the outline.
            public var width: Double
            /// `color`; default black.
            public var color: String?
            /// `dash`: dash and gap lengths in pixels; default solid.
            public var dash: [Double]?
            /// `join`; default miter. `cap`; default butt.
            public var join: ShapeStroke.Join?, cap: ShapeStroke.Cap?
            public init(width: Double, color: String? = nil, dash: [Double]? = nil, join: ShapeStroke.Join? = nil,
                        cap: ShapeStroke.Cap? = nil) {
                self.width = width; self.color = color; self.dash = dash; self.join = join; self.cap = cap
            }
        }

        /// The shape overlay's own keys.
        var members: [(String, JSONText.Value?)] {
            [("shape", .string(kind.rawValue)), ("width", width?.json), ("height", height?.json),
             ("cornerRadius", cornerRadius.map { .number($0) }),
             ("points", points.map { .array($0.map { CollageDocument.pair($0.x, $0.y) }) }), ("d", d.map { .string($0) }),
             ("fill", fill.map { .string($0) }),
             ("stroke", stroke.map { stroke in CollageDocument.object([
                ("width", .number(stroke.width)), ("color", stroke.color.map { .string($0) }),
                ("dash", stroke.dash.map { .array($0.map { .number($0) }) }), ("join", stroke.join.map { .string($0.rawValue) }),
                ("cap", stroke.cap.map { .string($0.rawValue) })]) })]
        }
    }
}
