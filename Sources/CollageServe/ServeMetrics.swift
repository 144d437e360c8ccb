#if canImport(Glibc)
import Glibc
#endif

/// The counters of `GET /metrics`, written in the Prometheus text
/// exposition format (version 0.0.4).
final class ServeMetrics: @unchecked Sendable {
    /// The upper bounds of the render-seconds histogram's buckets.
    static let renderBuckets: [Double] = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

    private let lock = ConditionLock()
    private var requests: [String: Int] = [:]   // "route\u{0}status" -> count
    private var bucketCounts = [Int](repeating: 0, count: ServeMetrics.renderBuckets.count)
    private var renderCount = 0
    private var renderSum = 0.0
    private var abandoned = 0

    /// Counts a request of `route` answered with `status` ("200"; "499" when
    /// the client left first; "libmicrohttpd" under route "rejected" when
    /// libmicrohttpd refused the request itself: headers over the limit, 431).
    func countRequest(route: String, status: String) {
        lock.withLock { requests[route + "\u{0}" + status, default: 0] += 1 }
    }

    /// Records a finished render of `seconds` (whatever its outcome).
    func observeRender(seconds: Double) {
        lock.withLock {
            renderCount += 1
            renderSum += seconds
            for (i, bound) in Self.renderBuckets.enumerated() where seconds <= bound { bucketCounts[i] += 1 }
        }
    }

    /// Counts a render whose request was answered 504 while it ran on.
    func countAbandoned() { lock.withLock { abandoned += 1 } }

    var abandonedRenders: Int { lock.withLock { abandoned } }

    /// The exposition text.
    func text(queueDepth: Int, running: Int, cache: (hits: Int, misses: Int, bytes: Int, entries: Int)) -> String {
        lock.withLock {
            var out = "# HELP collage_http_requests_total Requests answered, by route and status.\n"
            out += "# TYPE collage_http_requests_total counter\n"
            for key in requests.keys.sorted() {
                let parts = key.split(separator: "\u{0}")
                out += "collage_http_requests_total{route=\"\(parts[0])\",status=\"\(parts[1])\"} \(requests[key]!)\n"
            }
            out += "# HELP collage_render_seconds Time from a render's start to its end, whatever its outcome.\n"
            out += "# TYPE collage_render_seconds histogram\n"
            for (i, bound) in Self.renderBuckets.enumerated() {
                out += "collage_render_seconds_bucket{le=\"\(Self.number(bound))\"} \(bucketCounts[i])\n"
            }
            out += "collage_render_seconds_bucket{le=\"+Inf\"} \(renderCount)\n"
            out += "collage_render_seconds_sum \(Self.number(renderSum))\n"
            out += "collage_render_seconds_count \(renderCount)\n"
            out += "# HELP collage_queue_depth Requests waiting for a render slot or for memory.\n"
            out += "# TYPE collage_queue_depth gauge\ncollage_queue_depth \(queueDepth)\n"
            out += "# HELP collage_renders_running Renders running now (timed-out ones included until they end).\n"
            out += "# TYPE collage_renders_running gauge\ncollage_renders_running \(running)\n"
            out += "# HELP collage_cache_hits_total Requests answered from the result cache.\n"
            out += "# TYPE collage_cache_hits_total counter\ncollage_cache_hits_total \(cache.hits)\n"
            out += "# HELP collage_cache_misses_total Requests the result cache could not answer.\n"
            out += "# TYPE collage_cache_misses_total counter\ncollage_cache_misses_total \(cache.misses)\n"
            out += "# HELP collage_cache_bytes Bytes of encoded results held.\n"
            out += "# TYPE collage_cache_bytes gauge\ncollage_cache_bytes \(cache.bytes)\n"
            out += "# HELP collage_cache_entries Encoded results held.\n"
            out += "# TYPE collage_cache_entries gauge\ncollage_cache_entries \(cache.entries)\n"
            out += "# HELP collage_abandoned_renders_total Renders still running when their request was answered 504.\n"
            out += "# TYPE collage_abandoned_renders_total counter\ncollage_abandoned_renders_total \(abandoned)\n"
            return out
        }
    }

    /// A number as Prometheus reads it ("0.25", "10").
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
