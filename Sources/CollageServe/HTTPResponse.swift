/// An answer to one request: status, headers and body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]
    /// A body shared with the result cache, sent without a copy; when set, `body` is empty.
    var shared: ResponseBody?
    /// A response made once and queued as is (a result-cache hit); when set,
    /// `headers`, `body` and `shared` are not used.
    var prepared: PreparedResponse?
    /// A body that does not end: server-sent events, read from the subscriber
    /// as they come (`HTTPServer.send`); when set, `body` is empty.
    var stream: EventSubscriber?
    /// What the access log says of the result cache: "hit", "miss" or "-".
    public var cache = "-"

    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status; self.headers = headers; self.body = body
    }

    /// An answer whose body is `shared`'s bytes (sent from them, not copied).
    init(status: Int, headers: [(String, String)], shared: ResponseBody) {
        self.status = status; self.headers = headers; self.body = []; self.shared = shared
    }

    /// An answer sent as `prepared` made it.
    init(prepared: PreparedResponse) {
        self.status = prepared.status; self.headers = []; self.body = []; self.prepared = prepared
    }

    /// An open-ended answer whose body is `stream`'s events as they come.
    init(status: Int, headers: [(String, String)], stream: EventSubscriber) {
        self.status = status; self.headers = headers; self.body = []; self.stream = stream
    }

    /// Bytes of the body.
    public var bodyCount: Int { prepared?.count ?? shared?.count ?? body.count }

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
