import Collage
#if canImport(Glibc)
import Glibc
#endif

/// One line per request on standard error: text
/// (`2026-12-03T08:00:00Z 127.0.0.1 "GET /og.jpg?title=Hi" 200 48213 0.052s hit`)
/// or, with `--log json`, one JSON object a line with the same fields
/// (time, client, method, target, status, bytes, seconds, cache). Each line
/// is one `write(2)`, so lines of concurrent requests never interleave.
public enum AccessLogFormat: String, Sendable {
    case text, json, off
}

struct AccessLog: Sendable {
    var format: AccessLogFormat

    func record(client: String, method: String, target: String, status: String, bytes: Int, seconds: Double, cache: String) {
        guard format != .off else { return }
        let time = Self.timestamp()
        let micros = Int(max(0, seconds) * 1_000_000)
        let fraction = String(micros % 1_000_000)
        let duration = "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
        let line: String
        switch format {
        case .json:
            line = "{\"time\":\"\(time)\",\"client\":\(Self.quoted(client)),\"method\":\(Self.quoted(method)),"
                + "\"target\":\(Self.quoted(target)),\"status\":\(Int(status).map(String.init) ?? Self.quoted(status)),\"bytes\":\(bytes),\"seconds\":\(duration),"
                + "\"cache\":\(Self.quoted(cache))}\n"
        default:
            line = "\(time) \(client) \"\(method) \(Self.printable(target))\" \(status) \(bytes) \(duration)s \(cache)\n"
        }
        var bytes = Array(line.utf8)
        bytes.withUnsafeMutableBytes { _ = write(2, $0.baseAddress, $0.count) }
    }

    /// Now in UTC, ISO 8601 to the second.
    static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%SZ", &parts)
        return String(cString: buffer)
    }

    /// A JSON string (`JSONText`'s escaping).
    static func quoted(_ text: String) -> String { JSONText.write(.string(text)) }

    /// A target with control characters and quotes escaped, so a request cannot forge log lines.
    static func printable(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.value < 0x20 || $0 == "\"" || $0.value == 0x7f ? "?" : Character($0) })
    }
}
