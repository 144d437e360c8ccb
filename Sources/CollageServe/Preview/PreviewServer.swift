import CHTTPShim
import Collage
#if canImport(Glibc)
import Glibc
#endif

/// The live preview of `collage watch DOC -o OUT --serve` (docs/preview.md):
/// one page at `http://127.0.0.1:PORT/` that shows OUT, follows each render
/// through server-sent events, shows a failed render's diagnostics over the
/// last good image, and points at the source of whatever is under the
/// pointer (`layout --json`'s `location`s).
///
/// It listens on 127.0.0.1 only (never a wildcard address), and answers
/// only requests from a loopback peer whose `Host` is its own address
/// (`127.0.0.1:PORT` or `localhost:PORT`; another host name, as a DNS
/// rebinding page sends, gets 403). `/open` runs the `--editor` command only
/// with the token the page was served with and only for a file the
/// document's locations name. Routes: `PreviewRoute`.
///
/// The watch loop calls `rendered` after each good render and `failed`
/// after each failed one, from its own thread; every open `/events` stream
/// gets the event at once (its connection is resumed, no polling).
public final class PreviewServer: @unchecked Sendable {
    /// Why the preview cannot start.
    public struct Failure: Error, Sendable, CustomStringConvertible { public var description: String }

    /// The port it listens on (the one chosen when 0 was asked).
    public let port: Int
    /// Its page's address.
    public var url: String { "http://127.0.0.1:\(port)/" }
    /// Seconds between keep-alive comments on idle event streams.
    public static let keepAliveSeconds: UInt32 = 15

    private let editor: EditorCommand?
    private let token: String
    private let page: [UInt8]
    private var server: HTTPServer!
    private let lock = ConditionLock()
    private var renders = 0
    private var image: (body: ResponseBody, type: String, etag: String)?
    private var layout: String?
    private var sources: Set<String> = []
    /// The latest `render` or `failure` event: a new stream starts with it.
    private var latest: String?
    private var subscribers: [ObjectIdentifier: EventSubscriber] = [:]
    /// Open `/events` streams, oldest first (the ones `maxEventStreams` evicts).
    private var streamOrder: [ObjectIdentifier] = []
    /// At most this many `/events` streams stay open: a new one ends the
    /// oldest. A tab that was closed keeps its stream (and a connection
    /// slot of the 64) until a write to it fails, up to `keepAliveSeconds`
    /// later, so reloads could otherwise use up the slots the page, the
    /// image and `/open` need; a live tab whose stream ends reconnects.
    public static let maxEventStreams = 16

    /// Listens on 127.0.0.1:`port` (0: any free port) and starts serving.
    /// - Throws: `Failure` when the port cannot be listened on.
    public init(port: Int, editor: EditorCommand?) throws(Failure) {
        signal(SIGPIPE, SIG_IGN)
        self.editor = editor
        token = Self.randomToken()
        page = Array(PreviewPage.html(token: token, editor: editor != nil).utf8)
        var message = [CChar](repeating: 0, count: 512)
        let fd = collage_http_listen("127.0.0.1:\(port)", &message, message.count)
        guard fd >= 0 else { throw Failure(description: String(cString: message)) }
        self.port = Int(collage_http_bound_port(fd))
        server = HTTPServer(
            limits: .init(threads: 2, connections: 64, idleSeconds: 60, requestBytes: 16 * 1024, maxBody: 4096),
            dispatch: { [unowned self] exchange in self.dispatch(exchange) }, completed: { _ in })
        do { try server.start(listening: fd) } catch {
            close(fd)
            throw Failure(description: error.message)
        }
        startKeepAlive()
    }

    /// A good render: `image` is OUT's bytes (of media type `type`),
    /// `layout` its `layout --json`, `sources` the files its locations name
    /// (the only ones `/open` opens). Sends the `render` event.
    public func rendered(image bytes: [UInt8], type: String, layout: String, sources: Set<String>) {
        let event: String = lock.withLock {
            renders += 1
            image = (ResponseBody(bytes), type, "\"r\(renders)-\(bytes.count)\"")
            self.layout = layout
            self.sources = sources
            let event = EventStreamFrame.event("render", id: renders, data: "{\"id\": \(renders)}")
            latest = event
            return event
        }
        publish(event)
    }

    /// A failed render: the image stays the last good one; sends the
    /// `failure` event with the diagnostics (`PreviewDiagnostics`).
    public func failed(_ diagnostics: [Diagnostic], source: SourceText?) {
        let event: String = lock.withLock {
            renders += 1
            let event = EventStreamFrame.event("failure", id: renders,
                                               data: PreviewDiagnostics.json(id: renders, diagnostics: diagnostics, source: source))
            latest = event
            return event
        }
        publish(event)
    }

    /// The files whose locations `/open` accepts for `spec`: the document
    /// and every file its photos, overlays and component uses were written in.
    public static func sources(of spec: Spec) -> Set<String> {
        var files: Set<String> = [spec.file]
        for photo in spec.photos { files.insert(photo.location.file) }
        for overlay in spec.overlays {
            files.insert(overlay.location.file)
            for group in overlay.groups { files.insert(group.location.file) }
        }
        return files
    }

    private func publish(_ text: String) {
        for subscriber in lock.withLock({ Array(subscribers.values) }) { subscriber.push(text) }
    }

    private func startKeepAlive() {
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        if pthread_create(&thread, nil, { raw in
            let server = Unmanaged<PreviewServer>.fromOpaque(raw!).takeRetainedValue()
            while true {
                sleep(PreviewServer.keepAliveSeconds)
                server.publish(EventStreamFrame.comment("keep-alive"))
            }
        }, context) == 0 {
            pthread_detach(thread)
        }
    }

    private func dispatch(_ exchange: Exchange) {
        exchange.finish(answer(exchange))
    }

    /// The answer to one request (no state changed but the subscribers and the editor run).
    private func answer(_ exchange: Exchange) -> HTTPResponse {
        // A browser leaves out the scheme's default port (RFC 9110 7.2): port 80 is `127.0.0.1`.
        let hosts = ["127.0.0.1:\(port)", "localhost:\(port)"] + (port == 80 ? ["127.0.0.1", "localhost"] : [])
        guard exchange.client == "127.0.0.1", let host = exchange.host, hosts.contains(host.lowercased()) else {
            return .text(403, "the preview answers only on \(hosts[0])")
        }
        let common = [("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff")]
        switch PreviewRoute.resolve(method: exchange.method, target: exchange.target) {
        case .page:
            return HTTPResponse(status: 200, headers: [
                ("Content-Type", "text/html; charset=utf-8"),
                ("Content-Security-Policy", "default-src 'none'; img-src 'self' blob:; connect-src 'self'; "
                 + "script-src 'unsafe-inline'; style-src 'unsafe-inline'; frame-ancestors 'none'"),
                ("Referrer-Policy", "no-referrer"),
            ] + common, body: page)
        case .image:
            guard let image = lock.withLock({ image }) else { return .text(404, "no image yet: the first render has not succeeded") }
            if exchange.ifNoneMatch == image.etag {
                return HTTPResponse(status: 304, headers: [("ETag", image.etag)] + common)
            }
            return HTTPResponse(status: 200, headers: [("Content-Type", image.type), ("ETag", image.etag)] + common,
                                shared: image.body)
        case .layout:
            guard let layout = lock.withLock({ layout }) else { return .text(404, "no layout yet: the first render has not succeeded") }
            return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")] + common, body: Array(layout.utf8))
        case .events:
            // Closed when it ends (evicted, or the server stops), so its connection slot is freed at once.
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream"), ("Connection", "close")] + common,
                                stream: subscribe())
        case .open(let file, let line, let column, let token):
            guard token == self.token else { return .text(403, "/open needs the token of the page") }
            guard let editor else { return .text(404, "no --editor was given") }
            guard lock.withLock({ sources.contains(file) }) else {
                return .text(403, "'\(file)' is not a file of the document")
            }
            switch editor.run(file: file, line: line, column: column) {
            case .success: return HTTPResponse(status: 204, headers: common)
            case .failure(let error): return .text(500, error.message)
            }
        case .badRequest(let message):
            return .text(400, message)
        case .methodNotAllowed(let allowed):
            return .text(405, "method not allowed", headers: [("Allow", allowed)])
        case .notFound:
            return .text(404, "not found")
        }
    }

    /// A new `/events` stream: a reconnection delay, then the latest event.
    private func subscribe() -> EventSubscriber {
        lock.withLock {
            let subscriber = EventSubscriber(initial: EventStreamFrame.retry(milliseconds: 500) + (latest ?? ""))
            subscriber.ended = { [weak self] gone in
                guard let self else { return }
                self.lock.withLock {
                    self.subscribers.removeValue(forKey: ObjectIdentifier(gone))
                    self.streamOrder.removeAll { $0 == ObjectIdentifier(gone) }
                }
            }
            if streamOrder.count >= Self.maxEventStreams {
                let oldest = streamOrder.removeFirst()
                subscribers.removeValue(forKey: oldest)?.close()
            }
            subscribers[ObjectIdentifier(subscriber)] = subscriber
            streamOrder.append(ObjectIdentifier(subscriber))
            return subscriber
        }
    }

    /// 16 random bytes as hex, from the kernel.
    private static func randomToken() -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        let fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        if fd >= 0 {
            _ = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        return bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
