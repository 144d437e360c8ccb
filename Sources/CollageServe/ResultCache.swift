/// The in-memory LRU of encoded results (`--cache-size`, default 256 MiB)
/// in front of the renderer, keyed by the render stamp: a result is found
/// again only while the template, its variables, its inputs (size and
/// modification time) and the settings are the same. Results are held as
/// `ResponseBody` pages, counted by the memory they take (whole pages), so
/// `capacity` bounds what the cache really holds; a hit hands out the same
/// body, which responses send without copying, or a response made once for
/// every hit with the same headers (`hit(_:variant:make:)`). The lock is
/// held for a dictionary lookup only (nothing is rendered, copied or sent
/// under it).
final class ResultCache: @unchecked Sendable {
    final class Entry {
        let body: ResponseBody
        let contentType: String
        var used: UInt64
        /// Hit responses made so far, by variant (`hit(_:variant:make:)`).
        var prepared: [PreparedResponse?] = []
        init(body: ResponseBody, contentType: String, used: UInt64) {
            self.body = body; self.contentType = contentType; self.used = used
        }
    }

    /// The most bytes held (encoded results, in whole pages); 0 disables the cache.
    let capacity: Int
    private let lock = ConditionLock()
    private var entries: [String: Entry] = [:]
    private var tick: UInt64 = 0
    private(set) var bytes = 0
    private(set) var hits = 0
    private(set) var misses = 0

    init(capacity: Int) { self.capacity = max(0, capacity) }

    /// The result stored under `key`, marked as just used.
    func lookup(_ key: String) -> (body: ResponseBody, contentType: String)? {
        lock.withLock {
            guard let entry = entries[key] else { misses += 1; return nil }
            tick += 1
            entry.used = tick
            hits += 1
            return (entry.body, entry.contentType)
        }
    }

    /// The response to a hit on `key` with headers of `variant` (0 ..< 4:
    /// the caller's choice of headers, e.g. plain or immutable
    /// `Cache-Control`), made by `make` from the body and content type the
    /// first time and kept with the result; nil (counted as a miss) when
    /// `key` is not cached or `make` fails.
    func hit(_ key: String, variant: Int, make: (ResponseBody, String) -> PreparedResponse?) -> PreparedResponse? {
        lock.withLock {
            guard let entry = entries[key] else { misses += 1; return nil }
            if entry.prepared.count <= variant { entry.prepared += Array(repeating: nil, count: variant + 1 - entry.prepared.count) }
            if entry.prepared[variant] == nil { entry.prepared[variant] = make(entry.body, entry.contentType) }
            guard let response = entry.prepared[variant] else { misses += 1; return nil }
            tick += 1
            entry.used = tick
            hits += 1
            return response
        }
    }

    /// Stores `body` under `key`, evicting the least recently used results
    /// until it fits; a result larger than the whole cache is not stored.
    func store(_ key: String, body stored: ResponseBody, contentType: String) {
        guard stored.isValid, stored.footprint <= capacity else { return }
        var evicted: [Entry] = []   // unmapped after the lock is let go
        lock.withLock {
            if let old = entries[key] { bytes -= old.body.footprint; evicted.append(old) }
            tick += 1
            entries[key] = Entry(body: stored, contentType: contentType, used: tick)
            bytes += stored.footprint
            while bytes > capacity, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
                bytes -= oldest.value.body.footprint
                evicted.append(oldest.value)
                entries[oldest.key] = nil
            }
        }
        evicted.removeAll()
    }

    /// (hits, misses, bytes held, results held), read together.
    var statistics: (hits: Int, misses: Int, bytes: Int, entries: Int) {
        lock.withLock { (hits, misses, bytes, entries.count) }
    }
}
