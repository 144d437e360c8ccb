import CollageSpec

extension CollageDocument {
    /// `shadow` of a photo (CSS `box-shadow`) or an overlay (a text's
    /// `text-shadow`, the others' `drop-shadow`), docs/format.md "Effects".
    public struct Shadow: Sendable, Equatable {
        /// `offset`: canvas pixels, +x right, +y down; default (0, 0).
        public var offsetX: Double, offsetY: Double
        /// `blur`: pixels (what σ it gives depends on the key; docs/format.md); default 0.
        public var blur: Double?
        /// `color`; default black at 50 % alpha.
        public var color: String?
        /// `spread` (photos only): pixels the shadow grows by; default 0.
        public var spread: Double?
        public init(offsetX: Double = 0, offsetY: Double = 0, blur: Double? = nil, color: String? = nil, spread: Double? = nil) {
            self.offsetX = offsetX; self.offsetY = offsetY; self.blur = blur; self.color = color; self.spread = spread
        }

        var json: JSONText.Value {
            CollageDocument.object([("offset", .array([.number(offsetX), .number(offsetY)])),
                                    ("blur", blur.map { .number($0) }), ("color", color.map { .string($0) }),
                                    ("spread", spread.map { .number($0) })])
        }
    }

    /// One CSS filter function of `filter` (`{grayscale: 1}`); the amount's
    /// unit and range are the function's (docs/format.md "Effects").
    public struct Filter: Sendable, Equatable {
        public var function: FilterSpec.Function
        public var amount: Double
        public init(_ function: FilterSpec.Function, _ amount: Double) { self.function = function; self.amount = amount }

        var json: JSONText.Value { .object([(function.rawValue, .number(amount))]) }
    }
}
