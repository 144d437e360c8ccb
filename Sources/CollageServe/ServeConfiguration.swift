import Collage

/// What `collage serve` is asked to do (its flags); defaults as documented
/// in `collage serve --help` and docs/serve.md.
public struct ServeConfiguration: Sendable {
    /// `--root DIR`: templates and every file they name live under it.
    public var root: String
    /// `--listen`: `HOST:PORT` or `unix:/PATH`. Default `127.0.0.1:8080`.
    public var listen = "127.0.0.1:8080"
    /// `--jobs`: renders at once. Default: the online cores.
    public var jobs = RenderOptions.defaultThreads
    /// `--queue`: requests that may wait for a render slot (or memory); beyond, 503. Default 64.
    public var queue = 64
    /// `--timeout`: seconds from a request's arrival to its 504. Default 10.
    public var timeout = 10.0
    /// `--key FILE`: signed URLs required when set.
    public var keyFile: String?
    /// `--cache-size`: bytes of encoded results kept. Default 256 MiB.
    public var cacheSize = 256 << 20
    /// `--image-cache`: bytes of decoded images kept across requests (RGBA):
    /// an image two requests named is decoded once while it fits. Default 256 MiB.
    public var imageCacheSize = 256 << 20
    /// Bytes of resampled photo draws kept across requests (`ResampledDrawCache`:
    /// an opaque photo drawn straight onto the canvas keeps 4 bytes a pixel, a
    /// 1152x582 cell 2.7 MB; other draws 16 bytes a pixel): a photo every request
    /// draws into the same cell is resampled once. Default 64 MiB.
    public var resampledCacheSize = 64 << 20
    /// `--max-memory`: the budget shared by concurrent renders, bytes; nil: none (each render its own 256 MiB target).
    public var maxMemory: Int?
    /// `--stat-valid`: seconds a request target's checked stamp is trusted
    /// (`CheckedStamps`): a repeat within them is answered (304 or the result
    /// cache) without `stat`ing its template and inputs again; a file changed
    /// on disk is seen at most this much later. 0: every request checks. Default 1.
    public var statValidity = 1.0
    /// `--max-age`: seconds in `Cache-Control` without a content version. Default 300.
    public var maxAge = 300
    /// `--allow-post`: `POST /render` takes a JSON document. Default off.
    public var allowPost = false
    /// `--log`: access log format. Default text.
    public var log = AccessLogFormat.text
    /// `--max-body`: the largest POST body, bytes. Default 1 MiB.
    public var maxBody = 1 << 20
    /// `--max-pixels`: the decoded-pixel budget per photo. Default 100 000 000.
    public var maxPixels: Int?
    /// Threads of one render. Default 1 when several renders run at once (throughput), else all cores.
    public var renderThreads: Int?
    /// `--connections`: open connections at once. Default 1024.
    public var connections = 1024
    /// Bytes of a request line plus headers (414 and 431 past it). Default 16 KiB.
    public var requestBytes = 16 << 10
    /// `--grace`: seconds SIGTERM waits for requests in flight. Default 30.
    public var grace = 30.0

    /// Called every `housekeepingSeconds` from a thread of the server, while
    /// it serves: the program's own upkeep (the CLI gives malloc's free pages
    /// back to the system there, `malloc_trim`). Default none.
    public var housekeeping: (@Sendable () -> Void)?
    /// Seconds between `housekeeping` calls while no render runs or waits.
    /// Under load it waits up to `housekeepingBusySeconds` for such a moment
    /// (a trim stalls the renders' allocations for a few ms: every request in
    /// flight would be that much later), then runs anyway. Default 5.
    public var housekeepingSeconds = 5.0
    /// The most seconds between `housekeeping` calls under constant load. Default 60.
    public var housekeepingBusySeconds = 60.0

    public init(root: String) { self.root = root }
}
