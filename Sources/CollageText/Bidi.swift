/// Bidi questions about a text, answered with ICU (`BidiLevels`, UAX #9).
public enum Bidi {
    /// Whether any character of `text` (one line or paragraph) resolves to
    /// a right-to-left (odd) embedding level: Arabic or Hebrew letters, or
    /// digits and neutrals among them. False for an empty text.
    public static func containsRightToLeft(_ text: String) -> Bool {
        BidiLevels(utf16: Array(text.utf16)).levels.contains { $0 & 1 == 1 }
    }
}
