/// A byte count as written on the command line (`--max-memory SIZE`): a
/// whole number, optionally followed by a unit, all powers of 1024 and
/// case-insensitive: `K`/`KiB`/`KB`, `M`/`MiB`/`MB`, `G`/`GiB`/`GB`;
/// without a unit (or `B`), bytes. `512M`, `2G`, `300MiB`, `1073741824`.
enum ByteSize {
    /// The bytes `text` names; nil when it is not a positive size as above
    /// or overflows.
    static func parse(_ text: String) -> Int? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let number = Int(digits) else { return nil }
        let shift: Int
        switch text.dropFirst(digits.count).lowercased() {
        case "", "b": shift = 0
        case "k", "kib", "kb": shift = 10
        case "m", "mib", "mb": shift = 20
        case "g", "gib", "gb": shift = 30
        default: return nil
        }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: 1 << shift)
        guard !overflow, bytes > 0 else { return nil }
        return bytes
    }
}
