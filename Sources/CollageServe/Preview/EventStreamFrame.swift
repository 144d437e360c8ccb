/// The text of server-sent events (WHATWG HTML, "Server-sent events"), as
/// `collage watch --serve` sends them on `/events` (`text/event-stream`).
///
/// An event is its `event:` and `id:` fields, then its data one `data:`
/// line a line (so a newline in the data is kept: the browser joins the
/// lines with "\n"), then a blank line. A comment line (`: …`) is ignored by
/// the browser; it keeps idle connections open.
public enum EventStreamFrame {
    /// One event named `name` (no newline in it) with `data`, and `id` when given.
    public static func event(_ name: String, id: Int? = nil, data: String) -> String {
        var out = "event: \(Self.field(name))\n"
        if let id { out += "id: \(id)\n" }
        // CR LF, CR and LF all end a line in the stream: each becomes a line of its own.
        let lines = data.replacing("\r\n", with: "\n").replacing("\r", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines { out += "data: \(line)\n" }
        return out + "\n"
    }

    /// A comment (`: text`), ignored by the browser.
    public static func comment(_ text: String) -> String {
        ": \(Self.field(text))\n\n"
    }

    /// How long the browser waits before reconnecting after the stream ends, milliseconds.
    public static func retry(milliseconds: Int) -> String {
        "retry: \(milliseconds)\n\n"
    }

    /// `text` on one line: line breaks become spaces.
    private static func field(_ text: String) -> String {
        String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }
}
