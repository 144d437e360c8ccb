import CollageNumerics

/// Numbers as messages and reports print them.
public enum NumberText {
    /// `value` with integers written without ".0" (`100`, `-3`, `0.5`),
    /// and Swift's shortest round-trip text otherwise (`1e+19`, `5e-324`).
    public static func plain(_ value: Double) -> String {
        if value == value.rounded(.towardZero), abs(value) < 1e15 { return String(Int(checked: value)) }
        return String(value)
    }
}
