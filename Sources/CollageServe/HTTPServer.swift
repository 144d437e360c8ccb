import CHTTPShim
import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#endif

/// The HTTP side of `collage serve`: libmicrohttpd's daemon (epoll, its own
/// thread pool, connection limit and timeout, the request-size limit that
/// makes it answer 414 and 431 itself) with requests handed to `dispatch`
/// as `Exchange`s. A request whose answer takes time (a render) has its
/// connection suspended, so no pool thread waits for it; `Exchange.finish`
/// resumes it. Request bodies (POST) are collected up to `maxBody` bytes;
/// a larger one is answered 413. A response with a `stream` (the live
/// preview's server-sent events) is read from its `EventSubscriber` as
/// events come, its connection suspended while none is queued.
final class HTTPServer: @unchecked Sendable {
    /// libmicrohttpd's settings.
    struct Limits {
        /// Pool threads that read requests and write responses (no render runs on them).
        var threads: Int
        /// Connections open at once; more are refused by the daemon.
        var connections: Int
        /// Seconds a connection may stay idle.
        var idleSeconds: Int
        /// Bytes for one request's line and headers (`MHD_OPTION_CONNECTION_MEMORY_LIMIT`):
        /// a longer request line gets 414, longer headers 431.
        var requestBytes: Int
        /// The largest request body, bytes.
        var maxBody: Int
        /// Whether each exchange notes its client's address (for the access log; not with `--log off`).
        var clientAddresses = true
    }

    let limits: Limits
    /// Called once per request with its method, target and body; must end
    /// with `exchange.finish` (now or later, from any thread).
    let dispatch: @Sendable (Exchange) -> Void
    /// Called when a request is done (answered and sent, or dropped).
    let completed: @Sendable (Exchange) -> Void

    private var daemon: OpaquePointer?
    private let lock = ConditionLock()
    private var inFlight = 0

    init(limits: Limits, dispatch: @escaping @Sendable (Exchange) -> Void,
         completed: @escaping @Sendable (Exchange) -> Void) {
        self.limits = limits; self.dispatch = dispatch; self.completed = completed
    }

    /// Why the daemon could not start.
    struct StartFailure: Error { var message: String }

    /// Starts serving on the listening socket `fd` (`collage_http_listen`).
    func start(listening fd: Int32) throws(StartFailure) {
        if let why = collage_mhd_unavailable() {
            throw StartFailure(message: "HTTP serving is unavailable: \(String(cString: why)) "
                               + "(install libmicrohttpd12: apt-get install libmicrohttpd12)")
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        var config = collage_http_config()
        config.listen_fd = fd
        config.threads = UInt32(max(1, limits.threads))
        config.connection_limit = UInt32(max(1, limits.connections))
        config.connection_timeout = UInt32(max(1, limits.idleSeconds))
        config.connection_memory_limit = max(4096, limits.requestBytes)
        config.handler = { cls, connection, _, method, version, upload, uploadSize, context in
            guard let cls, let raw = context?.pointee else { return collage_mhd_no }
            let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
            let exchange = Unmanaged<Exchange>.fromOpaque(raw).takeUnretainedValue()
            return server.handle(exchange, connection: connection, method: method, version: version, upload: upload,
                                 uploadSize: uploadSize)
        }
        config.handler_cls = me
        config.uri_logger = { cls, uri, connection in
            guard let cls else { return nil }
            let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
            server.lock.withLock { server.inFlight += 1 }
            let exchange = Exchange(target: uri.map { String(cString: $0) } ?? "/", connection: connection)
            return Unmanaged.passRetained(exchange).toOpaque()
        }
        config.uri_logger_cls = me
        config.completed = { cls, _, context, _ in
            guard let cls, let raw = context?.pointee else { return }
            context?.pointee = nil
            let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
            let exchange = Unmanaged<Exchange>.fromOpaque(raw).takeRetainedValue()
            server.completed(exchange)
            server.lock.withLock { server.inFlight -= 1; server.lock.broadcast() }
        }
        config.completed_cls = me
        guard let started = collage_http_start(&config) else {
            throw StartFailure(message: "libmicrohttpd could not start (too many threads or connections for this system?)")
        }
        daemon = started
    }

    /// Stops accepting connections (the listening socket is closed, so new
    /// connections are refused); requests in flight go on.
    func quiesce() {
        guard let daemon else { return }
        let fd = collage_mhd_quiesce_daemon(daemon)
        if fd >= 0 { close(fd) }
    }

    /// Waits until no request is in flight or `seconds` passed; true when idle.
    func waitIdle(seconds: Double) -> Bool {
        let end = monotonicSeconds() + seconds
        return lock.withLock {
            while inFlight > 0 {
                let left = end - monotonicSeconds()
                if left <= 0 { return false }
                lock.wait(seconds: min(left, 0.1))
            }
            return true
        }
    }

    /// Stops the daemon (open connections are closed).
    func stop() {
        if let daemon { collage_mhd_stop_daemon(daemon) }
        daemon = nil
    }

    private func handle(_ exchange: Exchange, connection: OpaquePointer?, method: UnsafePointer<CChar>?,
                        version: UnsafePointer<CChar>?, upload: UnsafePointer<CChar>?,
                        uploadSize: UnsafeMutablePointer<Int>?) -> MHD_Result {
        if !exchange.headersSeen {
            exchange.headersSeen = true
            exchange.method = method.map { String(cString: $0) } ?? ""
            exchange.ifNoneMatch = header("If-None-Match", of: connection)
            exchange.host = header("Host", of: connection)
            if limits.clientAddresses {
                var address = [CChar](repeating: 0, count: 64)
                collage_http_client_address(connection, &address, address.count)
                exchange.client = String(cString: address)
            }
            // RFC 9112 3.2: an HTTP/1.1 request without a Host line, or any with
            // more than one (which one a proxy and this server read could
            // differ), is answered 400.
            let hosts = collage_http_header_count(connection, "Host")
            if hosts > 1 {
                return send(HTTPResponse.text(400, "the request has more than one Host header"), for: exchange, on: connection, close: true)
            }
            if hosts == 0, let version, String(cString: version) == "HTTP/1.1" {
                return send(HTTPResponse.text(400, "an HTTP/1.1 request needs a Host header"), for: exchange, on: connection, close: true)
            }
            if let length = header("Content-Length", of: connection).flatMap({ Int($0) }), length > limits.maxBody {
                return send(HTTPResponse.text(413, "the request body has \(length) bytes, more than the \(limits.maxBody) this server takes"),
                            for: exchange, on: connection, close: true)
            }
            return collage_mhd_yes
        }
        if let uploadSize, uploadSize.pointee > 0 {
            let count = uploadSize.pointee
            if !exchange.bodyTooLarge {
                if exchange.body.count + count > limits.maxBody {
                    exchange.bodyTooLarge = true
                    exchange.body = []
                } else if let upload {
                    upload.withMemoryRebound(to: UInt8.self, capacity: count) {
                        exchange.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
                    }
                }
            }
            uploadSize.pointee = 0
            return collage_mhd_yes
        }
        if !exchange.dispatched {
            exchange.dispatched = true
            if exchange.bodyTooLarge {
                exchange.finish(.text(413, "the request body is larger than the \(limits.maxBody) bytes this server takes"))
            } else {
                dispatch(exchange)
            }
        }
        guard let response = exchange.responseOrSuspend() else { return collage_mhd_yes }
        return send(response, for: exchange, on: connection, close: exchange.bodyTooLarge)
    }

    /// The value of request header `name`.
    func header(_ name: String, of connection: OpaquePointer?) -> String? {
        collage_mhd_lookup_connection_value(connection, collage_mhd_header_kind, name).map { String(cString: $0) }
    }

    private func send(_ response: HTTPResponse, for exchange: Exchange, on connection: OpaquePointer?,
                      close: Bool) -> MHD_Result {
        if let prepared = response.prepared {
            // Made once, queued for every request it answers (libmicrohttpd counts the uses).
            let result = collage_mhd_queue_response(connection, UInt32(prepared.status), prepared.pointer)
            exchange.sent = response
            return result
        }
        let reply: OpaquePointer?
        if let stream = response.stream {
            // Read as events come; the subscriber suspends the connection while none is queued.
            stream.connection = connection
            reply = collage_mhd_create_response_from_callback(
                UInt64.max, 4096,   // MHD_SIZE_UNKNOWN: sent until the stream ends
                { cls, _, buffer, capacity in
                    guard let cls, let buffer else { return -1 }
                    return Unmanaged<EventSubscriber>.fromOpaque(cls).takeUnretainedValue().read(into: UnsafeMutableRawPointer(buffer), capacity: capacity)
                },
                Unmanaged.passRetained(stream).toOpaque(),
                { cls in
                    guard let cls else { return }
                    let stream = Unmanaged<EventSubscriber>.fromOpaque(cls).takeRetainedValue()
                    stream.freed()
                })
        } else if let shared = response.shared, let base = shared.base {
            // Sent from the cached pages; the response holds a reference until libmicrohttpd frees it.
            reply = collage_mhd_create_response_from_buffer_with_free_callback_cls(
                shared.count, base, { cls in if let cls { Unmanaged<ResponseBody>.fromOpaque(cls).release() } },
                Unmanaged.passRetained(shared).toOpaque())
        } else {
            reply = response.body.withUnsafeBytes { bytes in
                collage_mhd_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                                                collage_mhd_must_copy)
            }
        }
        guard let reply else { return collage_mhd_no }
        for (name, value) in response.headers { collage_mhd_add_response_header(reply, name, value) }
        if close { collage_mhd_add_response_header(reply, "Connection", "close") }
        let result = collage_mhd_queue_response(connection, UInt32(response.status), reply)
        collage_mhd_destroy_response(reply)
        exchange.sent = response
        return result
    }
}
