import CHTTPShim
import Collage
#if canImport(Glibc)
import Glibc
#endif

/// `collage serve`: renders templates under a root on request (docs/serve.md).
///
/// Made with a configuration, it blocks SIGTERM, SIGINT and SIGHUP in the
/// calling thread (every thread it starts inherits that), opens the key
/// file and the listening socket; `run()` then serves until SIGTERM or
/// SIGINT: it stops accepting (new connections are refused), lets the
/// requests in flight finish for up to `grace` seconds, and returns 0.
/// SIGHUP reads the key file again.
public final class CollageServer: @unchecked Sendable {
    /// Why the server cannot start: a message that says what to change.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    public let configuration: ServeConfiguration
    /// Where it listens, as it can be reached: `127.0.0.1:PORT` (the port
    /// chosen when 0 was asked) or `unix:/PATH`.
    public let address: String
    private let handler: ServeHandler
    private let server: HTTPServer
    private let log: AccessLog
    private let listening: Int32

    /// - Throws: `Failure` for a root that is not a folder, an unreadable
    ///   key file and an address that cannot be listened on.
    public init(configuration: ServeConfiguration) throws(Failure) {
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&signals, number) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        signal(SIGPIPE, SIG_IGN)

        self.configuration = configuration
        let policy: PathPolicy
        do { policy = try PathPolicy(root: configuration.root) } catch {
            throw Failure(description: "\(error.description.dropFirst("error: ".count).dropLast()); give the folder of the templates")
        }
        var keys: SigningKeys?
        if let file = configuration.keyFile {
            do { keys = try SigningKeys(path: file) } catch { throw Failure(description: error.description) }
        }
        var message = [CChar](repeating: 0, count: 512)
        let fd = collage_http_listen(configuration.listen, &message, message.count)
        guard fd >= 0 else { throw Failure(description: String(cString: message)) }
        listening = fd
        if configuration.listen.hasPrefix("unix:") {
            address = configuration.listen
        } else {
            let host = configuration.listen[..<configuration.listen.lastIndex(of: ":")!]
            address = "\(host):\(collage_http_bound_port(fd))"
        }
        handler = ServeHandler(configuration: configuration, policy: policy, keys: keys)
        let log = AccessLog(format: configuration.log)
        self.log = log
        let metrics = handler.metrics
        server = HTTPServer(
            limits: .init(threads: max(2, RenderOptions.defaultThreads), connections: configuration.connections,
                          idleSeconds: 30, requestBytes: configuration.requestBytes, maxBody: configuration.maxBody,
                          clientAddresses: configuration.log != .off),
            dispatch: { [handler] exchange in handler.dispatch(exchange) },
            completed: { exchange in
                let sent = exchange.sent
                // Never handled: libmicrohttpd refused it itself (431, a malformed request);
                // handled but unanswered: the client went away (499, as nginx logs it).
                let status = sent.map { String($0.status) } ?? (exchange.headersSeen ? "499" : "libmicrohttpd")
                metrics.countRequest(route: exchange.headersSeen ? exchange.route : "rejected", status: status)
                log.record(client: exchange.client, method: exchange.method, target: exchange.target, status: status,
                           bytes: sent?.bodyCount ?? 0, seconds: monotonicSeconds() - exchange.started,
                           cache: sent?.cache ?? "-")
            })
        do { try server.start(listening: fd) } catch { throw Failure(description: error.message) }
    }

    /// Serves until SIGTERM or SIGINT, then drains; returns the exit status (0).
    public func run() -> Int32 {
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&signals, number) }
        while true {
            var received: Int32 = 0
            guard sigwait(&signals, &received) == 0 else { continue }
            if received == SIGHUP {
                guard let keys = handler.keys else { continue }
                do {
                    try keys.reload()
                    handler.checked.removeAll()   // its targets were verified with the old keys
                    Self.say("collage serve: reloaded \(keys.keys.count) key(s) from \(keys.path)")
                } catch {
                    Self.say("collage serve: kept the old keys: \(error.description)")
                }
                continue
            }
            Self.say("collage serve: stopping: no new connections; waiting up to \(Int(configuration.grace)) s for requests in flight")
            server.quiesce()
            if configuration.listen.hasPrefix("unix:") { unlink(String(configuration.listen.dropFirst(5))) }
            let drained = server.waitIdle(seconds: configuration.grace)
            server.stop()
            Self.say(drained ? "collage serve: stopped" : "collage serve: stopped with requests unfinished after the grace period")
            return 0
        }
    }

    /// A line on standard error.
    public static func say(_ line: String) {
        var bytes = Array((line + "\n").utf8)
        bytes.withUnsafeMutableBytes { _ = write(2, $0.baseAddress, $0.count) }
    }
}
