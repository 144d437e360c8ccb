import Collage
import CollageServe

/// `collage serve --root DIR`: templates rendered on request (docs/serve.md).
enum ServeCommand {
    static let help = """
    Usage: collage serve --root DIR [options]

    Serves the templates under DIR over HTTP (libmicrohttpd): GET
    /PATH.jpg?name=value renders DIR/PATH.yaml (else .yml, else .json) as
    JPEG (.jpg, .jpeg), PNG (.png) or WebP (.webp), the query's parameters
    setting its variables as --set does. The ETag is the render stamp (the
    document, its variables, every input's size and modification time, the
    settings): If-None-Match answers 304 without rendering, and encoded
    results are kept in memory (--cache-size). GET /healthz answers ok;
    GET /metrics the Prometheus counters.

    Answers: 404 no template (or a path leaving DIR: .., %2e%2e, an absolute
    path, a link pointing out); 403 a missing or bad signature (--key); 422
    document errors as JSON (check --diagnostics json's shape, paths relative
    to DIR); 503 with Retry-After when --jobs render and --queue wait; 504
    past --timeout (no partial image); 413, 414, 431 a request too large.

    Options:
      --root DIR            the folder of the templates (required); nothing
                            outside it is read
      --listen ADDRESS      HOST:PORT or unix:/PATH (default 127.0.0.1:8080;
                            port 0 picks a free one, printed on stderr)
      --jobs N              renders at once (default: the cores)
      --queue N             requests that may wait for a render (default 64)
      --timeout SECONDS     answer 504 this long after a request arrived
                            (default 10); SVG and HEIF/AVIF run in a helper
                            killed then, and a render holds its slot until it ends
      --key FILE            require signed URLs (sig=); FILE holds one key a
                            line, hex or base64; SIGHUP reads it again
      --cache-size SIZE     encoded results kept in memory (default 256M; 0: none)
      --image-cache SIZE    decoded images kept across requests (default 256M): a
                            photo that two requests name is decoded once
      --max-memory SIZE     memory shared by the renders running at once (512M,
                            2G); a render that does not fit waits in the queue
      --max-age SECONDS     Cache-Control max-age without a content version
                            (default 300; a signed v= prefix of the ETag: immutable)
      --stat-valid SECONDS  a URL's stamp checked this recently is trusted: its
                            repeats get 304 or the cached result without a stat
                            (default 1; a changed file is seen this much later; 0: never)
      --max-pixels N        decoded-pixel budget per photo (default 100000000)
      --max-body SIZE       the largest POST body (default 1M)
      --allow-post          also serve POST /render: a JSON document as the body
      --log text|json|off   the access log on stderr, a line a request (default text)
      --grace SECONDS       SIGTERM waits this long for requests in flight (default 30)
      -h, --help            show this help

    Example: a social card per title, behind signed URLs:

      # cards/og.yaml
      version: 1
      canvas: {width: 1200, height: 630}
      photos: [photos/beach.jpg]
      overlays:
        - text: "${title}"
          font: {family: "DejaVu Sans", size: 72}
          color: "#ffffff"
      vars: {title: "Hello"}

      $ head -c 32 /dev/urandom | base64 > keys.txt
      $ collage serve --root cards --listen 127.0.0.1:8080 --key keys.txt &
      $ curl -o card.jpg "$(collage sign 'http://127.0.0.1:8080/og.jpg?title=Summer' --key keys.txt)"

    Exit codes: 0 stopped by SIGTERM or SIGINT after draining; 1 cannot start
    (root, key file, address); 64 usage error.

    """

    static func run(_ arguments: [String]) -> ExitStatus {
        var scanner = Arguments(arguments)
        var root: String?
        var configuration = ServeConfiguration(root: "")
        let status = scanner.parseOptions(
            command: "serve", help: help,
            valued: ["--root", "--listen", "--jobs", "--queue", "--timeout", "--key", "--cache-size", "--image-cache", "--max-memory",
                     "--max-age", "--max-pixels", "--max-body", "--log", "--grace", "--stat-valid"],
            flags: ["--allow-post"]
        ) { name, value in
            switch name {
            case "--root": root = value
            case "--listen":
                guard let value, isListenAddress(value) else {
                    throw Arguments.UsageError(message: "--listen takes HOST:PORT (a port from 0 to 65535) or unix:/PATH, not '\(value ?? "")'")
                }
                configuration.listen = value
            case "--jobs": configuration.jobs = try count(name, value, from: 1, to: 1024)
            case "--queue": configuration.queue = try count(name, value, from: 0, to: 1_000_000)
            case "--timeout": configuration.timeout = try CommonRenderFlags.parseTimeout(value)
            case "--key": configuration.keyFile = value
            case "--cache-size":
                if value == "0" { configuration.cacheSize = 0 } else { configuration.cacheSize = try size(name, value) }
            case "--image-cache":
                if value == "0" { configuration.imageCacheSize = 0 } else { configuration.imageCacheSize = try size(name, value) }
            case "--max-memory": configuration.maxMemory = try CommonRenderFlags.parseMaxMemory(value)
            case "--max-age": configuration.maxAge = try count(name, value, from: 0, to: 31_536_000)
            case "--max-pixels": configuration.maxPixels = try count(name, value, from: 1, to: Int.max)
            case "--max-body": configuration.maxBody = try size(name, value)
            case "--allow-post": configuration.allowPost = true
            case "--grace": configuration.grace = try CommonRenderFlags.parseTimeout(value)
            case "--stat-valid":
                guard let seconds = value.flatMap({ Double($0) }), seconds >= 0, seconds <= 3600 else {
                    throw Arguments.UsageError(message: "--stat-valid takes seconds from 0 to 3600 (e.g. 1, 0.5; 0 checks every request), not '\(value ?? "")'")
                }
                configuration.statValidity = seconds
            case "--log":
                guard let format = value.flatMap(AccessLogFormat.init(rawValue:)) else {
                    throw Arguments.UsageError(message: "--log must be text, json or off, not '\(value ?? "")'")
                }
                configuration.log = format
            default: break
            }
        }
        if let status { return status }
        guard scanner.positionals.isEmpty else {
            return usageError("serve takes no operand, got: \(scanner.positionals.joined(separator: " ")); the templates' folder is --root DIR", command: "serve")
        }
        guard let root else { return usageError("serve needs the templates' folder: --root DIR", command: "serve") }
        configuration.root = root
        // One arena a render thread, one for libmicrohttpd's threads, one for the rest.
        ServeAllocator.limitArenas(configuration.jobs + 2)
        configuration.housekeeping = { ServeAllocator.trim() }
        let server: CollageServer
        do {
            server = try CollageServer(configuration: configuration)
        } catch {
            Console.err("error: \(error.description)\n")
            return .failure
        }
        CollageServer.say("collage serve: listening on \(server.address) (root \(root), \(configuration.jobs) jobs, queue \(configuration.queue), timeout \(configuration.timeout) s)")
        return server.run() == 0 ? .success : .failure
    }

    /// A whole number from `low` to `high`.
    static func count(_ name: String, _ value: String?, from low: Int, to high: Int) throws -> Int {
        guard let n = value.flatMap({ Int($0) }), n >= low, n <= high else {
            throw Arguments.UsageError(message: "\(name) must be a whole number from \(low) to \(high), not '\(value ?? "")'")
        }
        return n
    }

    /// A `ByteSize`.
    static func size(_ name: String, _ value: String?) throws -> Int {
        guard let bytes = value.flatMap(ByteSize.parse) else {
            throw Arguments.UsageError(message: "\(name) takes a size such as 256M, 2G or 4096 (K, M, G: KiB, MiB, GiB), not '\(value ?? "")'")
        }
        return bytes
    }

    /// `unix:` with a path, or HOST:PORT with a port from 0 to 65535 (a larger one is refused, not wrapped modulo 65536).
    static func isListenAddress(_ value: String) -> Bool {
        if value.hasPrefix("unix:") { return value.count > 5 }
        guard let colon = value.lastIndex(of: ":"), let port = Int(value[value.index(after: colon)...]) else { return false }
        return (0...65535).contains(port)
    }
}
