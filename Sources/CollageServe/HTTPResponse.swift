/// An answer to one request: status, headers and body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]
    /// What the access log says of the result cache: "hit", "miss" or "-".
    public var cache = "-"

    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status; self.headers = headers; self.body = body
    }

    /// A short text answer (`text/plain`), a line.
    public static func text(_ status: Int, _ message: String, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")] + headers,
                     body: Array((message + "\n").utf8))
    }

    /// A JSON answer.
    public static func json(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: Array((text + "\n").utf8))
    }
}
