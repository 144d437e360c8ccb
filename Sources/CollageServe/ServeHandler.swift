import Collage

/// The routes of `collage serve`:
/// - `GET /<path>.<jpg|jpeg|png|webp>?name=value&…`: the template
///   `<path>.yaml` (or `.yml`, `.json`) under the root, its variables from
///   the query (`--set`'s rules; `sig` and `v` are not variables);
/// - `POST /render?name=value&…` (with `--allow-post`): the body is a JSON
///   document, its relative paths resolved against the root;
/// - `GET /healthz`, `GET /metrics`.
///
/// A template's answer: 404 (no such template, or a path that leaves the
/// root), 403 (with keys, a missing or bad `sig`), 400 (a bad query),
/// 422 (document errors as JSON), 304 (`If-None-Match` holds the render
/// stamp: nothing rendered), 200 from the result cache, or a render queued:
/// 200, 422, 503 with `Retry-After` when the queue is full, 504 past the
/// timeout (no partial body).
final class ServeHandler: @unchecked Sendable {
    let configuration: ServeConfiguration
    let policy: PathPolicy
    let renderer: DocumentRenderer
    let keys: SigningKeys?
    let cache: ResultCache
    let queue: RenderQueue
    let metrics = ServeMetrics()
    let memo = StampMemo()
    /// The root as given and as resolved, both absolute: cut from every answer.
    let roots: [String]

    private let lock = ConditionLock()
    private var waiting: [ObjectIdentifier: Exchange] = [:]

    /// A content version (`v=`) shorter than this never makes an answer immutable.
    static let minimumVersionLength = 8
    static let immutable = "public, max-age=31536000, immutable"

    init(configuration: ServeConfiguration, policy: PathPolicy, keys: SigningKeys?) {
        self.configuration = configuration
        self.policy = policy
        self.keys = keys
        let jobs = max(1, configuration.jobs)
        let threads = configuration.renderThreads ?? (jobs > 1 ? 1 : RenderOptions.defaultThreads)
        renderer = DocumentRenderer(configuration: .init(root: policy, maxPixels: configuration.maxPixels, threads: threads,
                                                         imageCache: SharedImageCache(budgetBytes: configuration.imageCacheSize),
                                                         timeout: configuration.timeout))
        cache = ResultCache(capacity: configuration.cacheSize)
        queue = RenderQueue(jobs: jobs, queue: configuration.queue, memory: configuration.maxMemory)
        roots = Array(Set([policy.root, WorkingDirectory.absolute(configuration.root)]))
        startThread { [self] in sweep() }
    }

    /// Answers `exchange` now, or queues its render.
    func dispatch(_ exchange: Exchange) {
        guard let target = RequestTarget(exchange.target) else {
            exchange.finish(.text(400, "the request target is not a path with a query, or holds a bad %-escape"))
            return
        }
        let method = exchange.method
        let readOnly = method == "GET" || method == "HEAD"
        switch target.rawPath {
        case "/healthz" where readOnly:
            exchange.route = "healthz"
            exchange.finish(.text(200, "ok", headers: [("Cache-Control", "no-store")]))
        case "/metrics" where readOnly:
            exchange.route = "metrics"
            let text = metrics.text(queueDepth: queue.depth, running: queue.active, cache: cache.statistics)
            exchange.finish(HTTPResponse(status: 200, headers: [("Content-Type", "text/plain; version=0.0.4; charset=utf-8"),
                                                               ("Cache-Control", "no-store")], body: Array(text.utf8)))
        case "/render" where method == "POST" && configuration.allowPost:
            exchange.route = "post"
            post(exchange, target)
        default:
            exchange.route = "render"
            guard readOnly else {
                let allow = configuration.allowPost ? "GET, HEAD, POST" : "GET, HEAD"
                exchange.finish(.text(405, "\(method) is not served here; templates take GET (POST /render needs --allow-post)",
                                      headers: [("Allow", allow)]))
                return
            }
            get(exchange, target)
        }
    }

    private func get(_ exchange: Exchange, _ target: RequestTarget) {
        guard let template = TemplatePath.resolve(target.rawPath, root: policy) else {
            exchange.finish(.text(404, "no template for this path under the root (a .yaml, .yml or .json beside the image's name)"))
            return
        }
        guard verified(target, exchange) else { return }
        guard let variables = variables(of: target, exchange, reserved: ["sig", "v"]) else { return }
        let key = StampMemo.key(path: template.path, variables: variables)
        guard let signature = StampMemo.signature(of: template.path) else {
            exchange.finish(.text(404, "no template for this path under the root"))
            return
        }
        let version = target.values(of: "v").last
        if let (document, kept) = memo.lookup(key, template: signature, format: template.format) {
            let stamp = kept ?? renderer.stamp(document, format: template.format, quality: nil)
            respond(exchange, document: document, name: template.name, format: template.format, stamp: stamp, version: version)
            return
        }
        guard let bytes = FileSystem.contents(of: template.path) else {
            exchange.finish(.text(404, "no template for this path under the root"))
            return
        }
        let source = DocumentRenderer.Source.text(String(decoding: bytes, as: UTF8.self), baseDirectory: template.folder,
                                                  name: template.name)
        guard let document = load(exchange, source: source, name: template.name, variables: variables) else { return }
        let inputs = RenderStamp.inputSignatures(of: document.spec)
        let stamp = renderer.stamp(document, format: template.format, quality: nil)
        memo.store(key, template: signature, document: document, format: template.format, stamp: stamp,
                   inputs: inputs)
        respond(exchange, document: document, name: template.name, format: template.format, stamp: stamp, version: version)
    }

    private func post(_ exchange: Exchange, _ target: RequestTarget) {
        guard verified(target, exchange) else { return }
        guard let variables = variables(of: target, exchange, reserved: ["sig", "v", "format"]) else { return }
        var format: OutputFormat?
        if let name = target.values(of: "format").last {
            guard let parsed = OutputFormat(rawValue: name == "jpg" ? "jpeg" : name) else {
                exchange.finish(.text(400, "format must be \(OutputFormat.choicesInProse), not '\(name)'"))
                return
            }
            format = parsed
        }
        let name = "request.json"
        let source = DocumentRenderer.Source.text(String(decoding: exchange.body, as: UTF8.self),
                                                  baseDirectory: policy.root, name: name)
        guard let document = load(exchange, source: source, name: name, variables: variables) else { return }
        let chosen = format ?? document.spec.output.format ?? .png
        respond(exchange, document: document, name: name, format: chosen,
                stamp: renderer.stamp(document, format: chosen, quality: nil), version: target.values(of: "v").last)
    }

    /// With keys, whether `target` is signed by one of them (else answered 403).
    private func verified(_ target: RequestTarget, _ exchange: Exchange) -> Bool {
        guard let keys else { return true }
        if URLSignature.verify(target, keys: keys.keys) { return true }
        exchange.finish(.text(403, target.values(of: URLSignature.parameter).isEmpty
            ? "this server takes signed URLs only: add sig (collage sign URL --key FILE)"
            : "the signature does not match this URL (sign the URL exactly as requested: collage sign URL --key FILE)",
            headers: [("Cache-Control", "no-store")]))
        return false
    }

    /// The query's variables (the last of a repeated name wins, as with
    /// repeated `--set`), or nil with a 400 answered.
    private func variables(of target: RequestTarget, _ exchange: Exchange, reserved: Set<String>) -> [String: String]? {
        var variables: [String: String] = [:]
        for (name, value) in target.parameters where !reserved.contains(name) {
            guard VariableRows.isVariableName(name) else {
                exchange.finish(.text(400, "'\(name)' is not a variable name: letters, digits and _, not starting with a digit (e.g. ?title=Hello)"))
                return nil
            }
            variables[name] = value
        }
        return variables
    }

    /// The loaded document, or nil with its 422 answered.
    private func load(_ exchange: Exchange, source: DocumentRenderer.Source, name: String,
                      variables: [String: String]) -> DocumentRenderer.LoadedDocument? {
        do throws(CollageError) {
            return try renderer.load(source, variables: variables)
        } catch {
            exchange.finish(failure(error, document: name))
            return nil
        }
    }

    /// Answers 304, a cached result, or queues the render of `document`.
    private func respond(_ exchange: Exchange, document: DocumentRenderer.LoadedDocument, name: String,
                         format: OutputFormat, stamp: String, version: String?) {
        let tag = "\"" + stamp + "\""
        let versioned = keys != nil && version.map { $0.count >= Self.minimumVersionLength && stamp.hasPrefix($0.lowercased()) } == true
        let headers = [("ETag", tag), ("Cache-Control", versioned ? Self.immutable : "public, max-age=\(configuration.maxAge)")]
        if let condition = exchange.ifNoneMatch, Self.matches(condition, tag) {
            var response = HTTPResponse(status: 304, headers: headers)
            response.cache = "check"
            exchange.finish(response)
            return
        }
        let type = format.mediaType
        if let hit = cache.lookup(stamp) {
            var response = HTTPResponse(status: 200, headers: [("Content-Type", type)] + headers + [("X-Collage-Cache", "hit")],
                                        body: hit.bytes)
            response.cache = "hit"
            exchange.finish(response)
            return
        }
        let deadline = exchange.started + configuration.timeout
        let reservation = reservation(for: document.spec)
        exchange.deadline = deadline
        lock.withLock { waiting[ObjectIdentifier(exchange)] = exchange }
        let job = RenderQueue.Job(reservation: reservation, deadline: deadline) { [self] started in
            guard started else { exchange.finish(timedOut()); return }
            exchange.markRendering(true)
            var renderer = self.renderer
            renderer.configuration.timeout = max(0.001, deadline - monotonicSeconds())
            let begin = monotonicSeconds()
            var response: HTTPResponse
            var abandoned = false
            do throws(CollageError) {
                let rendering = try renderer.render(document, format: format, quality: nil,
                                                    maxMemory: configuration.maxMemory == nil ? nil : reservation)
                cache.store(stamp, bytes: rendering.bytes, contentType: type)
                response = HTTPResponse(status: 200, headers: [("Content-Type", type)] + headers + [("X-Collage-Cache", "miss")],
                                        body: rendering.bytes)
                response.cache = "miss"
            } catch {
                if case .timedOut = error { abandoned = true }
                response = failure(error, document: name)
            }
            metrics.observeRender(seconds: monotonicSeconds() - begin)
            exchange.markRendering(false)
            if !exchange.finish(response) { abandoned = true }
            if abandoned { metrics.countAbandoned() }
        }
        if !queue.submit(job) {
            exchange.finish(.text(503, "all \(queue.jobs) render slots and \(queue.queueLimit) queue places are taken; retry shortly",
                                  headers: [("Retry-After", "1"), ("Cache-Control", "no-store")]))
        }
    }

    /// Bytes a render of `spec` reserves from `--max-memory`: its canvas
    /// (RGBA8) plus 32 MiB for the photos in flight, at most the budget.
    func reservation(for spec: Spec) -> Int {
        guard let budget = configuration.maxMemory else { return 0 }
        let width = spec.canvas.width ?? 4096, height = spec.canvas.height ?? 4096
        let (canvas, overflow) = width.multipliedReportingOverflow(by: height * 4)
        return overflow ? budget : min(budget, canvas + (32 << 20))
    }

    /// The answer to a failed load or render.
    private func failure(_ error: CollageError, document: String) -> HTTPResponse {
        switch error {
        case .diagnostics(let list):
            var response = HTTPResponse.json(422, DiagnosticsBody.json(list.diagnostics, roots: roots, document: document))
            response.headers.append(("Cache-Control", "no-store"))
            return response
        case .usage(let message):
            let diagnostic = Diagnostic(.render, at: nil, message)
            var response = HTTPResponse.json(422, DiagnosticsBody.json([diagnostic], roots: roots, document: document))
            response.headers.append(("Cache-Control", "no-store"))
            return response
        case .timedOut:
            return timedOut()
        }
    }

    private func timedOut() -> HTTPResponse {
        .text(504, "the render exceeded --timeout \(configuration.timeout) s; nothing was produced",
              headers: [("Cache-Control", "no-store")])
    }

    /// Whether `If-None-Match` (`*` or a list of tags, weak or strong) names `tag`.
    static func matches(_ condition: String, _ tag: String) -> Bool {
        condition.split(separator: ",").contains { part in
            var item = part.trimmingCharacters()
            if item == "*" { return true }
            if item.hasPrefix("W/") { item = item.dropFirst(2) }
            return item == Substring(tag)
        }
    }

    /// Answers 504 to every request past its deadline (a render still
    /// running keeps its slot until it ends), every 20 ms.
    private func sweep() {
        while true {
            usleepSeconds(0.02)
            let now = monotonicSeconds()
            let due: [Exchange] = lock.withLock {
                waiting = waiting.filter { !$0.value.hasResponse }
                return waiting.values.filter { ($0.deadline ?? .infinity) <= now }
            }
            for exchange in due { exchange.finish(timedOut()) }
        }
    }
}
