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
    let checked: CheckedStamps
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
                                                         timeout: configuration.timeout,
                                                         resampledDraws: ResampledDrawCache(budgetBytes: configuration.resampledCacheSize)))
        cache = ResultCache(capacity: configuration.cacheSize)
        checked = CheckedStamps(validity: configuration.statValidity)
        queue = RenderQueue(jobs: jobs, queue: configuration.queue, memory: configuration.maxMemory)
        roots = Array(Set([policy.root, WorkingDirectory.absolute(configuration.root)]))
        startThread { [self] in sweep() }
    }

    /// Answers `exchange` now, or queues its render.
    func dispatch(_ exchange: Exchange) {
        // A repeat of a target checked (and verified) less than --stat-valid ago: answered from its stamp,
        // the target not even parsed (`CheckedStamps`).
        if exchange.method == "GET" || exchange.method == "HEAD",
           let recent = checked.lookup(exchange.target, now: monotonicSeconds()) {
            exchange.route = "render"
            if answerKept(exchange, format: recent.format, stamp: recent.stamp, versioned: recent.versioned) { return }
        }
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
        let version = target.values(of: "v").last
        let now = monotonicSeconds()
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
        if let (document, kept) = memo.lookup(key, template: signature, format: template.format) {
            let stamp = kept ?? renderer.stamp(document, format: template.format, quality: nil)
            checked.store(exchange.target, format: template.format, stamp: stamp,
                          versioned: isVersioned(stamp: stamp, version: version), checked: now)
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
        checked.store(exchange.target, format: template.format, stamp: stamp,
                      versioned: isVersioned(stamp: stamp, version: version), checked: now)
        respond(exchange, document: document, name: template.name, format: template.format, stamp: stamp, version: version)
    }

    private func post(_ exchange: Exchange, _ target: RequestTarget) {
        guard verified(target, exchange, body: exchange.body) else { return }
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

    /// With keys, whether `target` (with `body`: a POST's) is signed by one
    /// of them (else answered 403).
    private func verified(_ target: RequestTarget, _ exchange: Exchange, body: [UInt8]? = nil) -> Bool {
        guard let keys else { return true }
        if URLSignature.verify(target, keys: keys.keys, body: body) { return true }
        let how = body == nil ? "collage sign URL --key FILE" : "collage sign URL --key FILE --body DOCUMENT"
        exchange.finish(.text(403, target.values(of: URLSignature.parameter).isEmpty
            ? "this server takes signed URLs only: add sig (\(how))"
            : body == nil ? "the signature does not match this URL (sign the URL exactly as requested: \(how))"
                          : "the signature does not match this request line and body (sign both: \(how))",
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

    /// Whether an answer with `stamp` is immutable: with keys (the URL was
    /// verified), a content version `v=` of at least `minimumVersionLength`
    /// characters that is a prefix of the stamp.
    private func isVersioned(stamp: String, version: String?) -> Bool {
        keys != nil && version.map { $0.count >= Self.minimumVersionLength && stamp.hasPrefix($0.lowercased()) } == true
    }

    /// The ETag and Cache-Control of an answer with `stamp`.
    private func headers(stamp: String, versioned: Bool) -> [(String, String)] {
        [("ETag", "\"" + stamp + "\""), ("Cache-Control", versioned ? Self.immutable : "public, max-age=\(configuration.maxAge)")]
    }

    /// Answers without a render when it can: 304 when `If-None-Match`
    /// names `stamp`, else the result cache's response (made once per
    /// result and `Cache-Control`, `PreparedResponse`). False: a render is needed.
    private func answerKept(_ exchange: Exchange, format: OutputFormat, stamp: String, versioned: Bool) -> Bool {
        if let condition = exchange.ifNoneMatch, Self.matches(condition, "\"" + stamp + "\"") {
            var response = HTTPResponse(status: 304, headers: headers(stamp: stamp, versioned: versioned))
            response.cache = "check"
            exchange.finish(response)
            return true
        }
        let prepared = cache.hit(stamp, variant: versioned ? 1 : 0) { body, type in
            PreparedResponse(status: 200, headers: [("Content-Type", type)] + headers(stamp: stamp, versioned: versioned)
                                 + [("X-Collage-Cache", "hit")], body: body)
        }
        guard let prepared else { return false }
        var response = HTTPResponse(prepared: prepared)
        response.cache = "hit"
        exchange.finish(response)
        return true
    }

    /// Answers 304, a cached result, or queues the render of `document`.
    private func respond(_ exchange: Exchange, document: DocumentRenderer.LoadedDocument, name: String,
                         format: OutputFormat, stamp: String, version: String?) {
        let versioned = isVersioned(stamp: stamp, version: version)
        if answerKept(exchange, format: format, stamp: stamp, versioned: versioned) { return }
        let headers = headers(stamp: stamp, versioned: versioned)
        let type = format.mediaType
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
                let body = ResponseBody(rendering.bytes)
                let miss = headers + [("X-Collage-Cache", "miss")]
                if body.isValid {
                    cache.store(stamp, body: body, contentType: type)
                    response = HTTPResponse(status: 200, headers: [("Content-Type", type)] + miss, shared: body)
                } else {
                    response = HTTPResponse(status: 200, headers: [("Content-Type", type)] + miss, body: rendering.bytes)
                }
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
    /// running keeps its slot until it ends), every 20 ms; calls the
    /// configuration's `housekeeping` every `housekeepingSeconds` when no
    /// render runs or waits, else after `housekeepingBusySeconds`.
    private func sweep() {
        var housekept = monotonicSeconds()
        while true {
            usleepSeconds(0.02)
            sweepOnce(housekept: &housekept)
        }
    }

    /// One beat of `sweep`.
    @inline(never)
    private func sweepOnce(housekept: inout Double) {
        let now = monotonicSeconds()
        if let housekeeping = configuration.housekeeping, now - housekept >= configuration.housekeepingSeconds,
           queue.isIdle || now - housekept >= configuration.housekeepingBusySeconds {
            housekept = now
            housekeeping()
        }
        let due: [Exchange] = lock.withLock {
            waiting = waiting.filter { !$0.value.hasResponse }
            return waiting.values.filter { ($0.deadline ?? .infinity) <= now }
        }
        for exchange in due { exchange.finish(timedOut()) }
    }
}
