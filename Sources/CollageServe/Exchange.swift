import CHTTPShim
import CMicroHTTPD

/// One request in flight: made when libmicrohttpd has read its request line
/// (the URI logger), kept as the connection's request context until the
/// request completes. Its response is set once (`finish`), by the handler,
/// a render's thread or the deadline sweep, whichever comes first.
final class Exchange: @unchecked Sendable {
    let target: String
    let connection: OpaquePointer?
    let started = monotonicSeconds()
    var method = ""
    var body: [UInt8] = []
    var bodyTooLarge = false
    var headersSeen = false
    /// Whether it was handed to the server's dispatch (once).
    var dispatched = false
    /// The client's address, as the access log shows it.
    var client = "-"
    /// Request headers the handler reads, looked up on dispatch.
    var ifNoneMatch: String?
    /// The `Host` header (the live preview refuses any but its own address).
    var host: String?
    /// The route's name in metrics (render, post, healthz, metrics, other).
    var route = "other"
    /// Set when a render has been queued for it: the 504 deadline, and whether it runs now.
    var deadline: Double?
    var rendering = false

    private let lock = ConditionLock()
    private var response: HTTPResponse?
    private var suspended = false
    /// The status and body size sent, for the access log.
    var sent: HTTPResponse?

    init(target: String, connection: OpaquePointer?) { self.target = target; self.connection = connection }

    /// Sets the response unless one is set already; resumes the connection
    /// when it waits. Returns false when another response came first.
    @discardableResult
    func finish(_ answer: HTTPResponse) -> Bool {
        lock.withLock {
            guard response == nil else { return false }
            response = answer
            if suspended, let connection {
                suspended = false
                collage_mhd_resume_connection(connection)
            }
            return true
        }
    }

    /// The response if set; else suspends the connection until `finish`.
    func responseOrSuspend() -> HTTPResponse? {
        lock.withLock {
            if let response { return response }
            if let connection, !suspended {
                suspended = true
                collage_mhd_suspend_connection(connection)
            }
            return nil
        }
    }

    var hasResponse: Bool { lock.withLock { response != nil } }

    func markRendering(_ value: Bool) { lock.withLock { rendering = value } }
    var isRendering: Bool { lock.withLock { rendering } }
}
