/// The in-memory LRU of encoded results (`--cache-size`, default 256 MiB)
/// in front of the renderer, keyed by the render stamp: a result is found
/// again only while the template, its variables, its inputs (size and
/// modification time) and the settings are the same.
final class ResultCache: @unchecked Sendable {
    struct Entry { var bytes: [UInt8]; var contentType: String; var used: UInt64 }

    /// The most bytes held (encoded results only); 0 disables the cache.
    let capacity: Int
    private let lock = ConditionLock()
    private var entries: [String: Entry] = [:]
    private var tick: UInt64 = 0
    private(set) var bytes = 0
    private(set) var hits = 0
    private(set) var misses = 0

    init(capacity: Int) { self.capacity = max(0, capacity) }

    /// The result stored under `key`, marked as just used.
    func lookup(_ key: String) -> (bytes: [UInt8], contentType: String)? {
        lock.withLock {
            guard var entry = entries[key] else { misses += 1; return nil }
            tick += 1
            entry.used = tick
            entries[key] = entry
            hits += 1
            return (entry.bytes, entry.contentType)
        }
    }

    /// Stores `bytes` under `key`, evicting the least recently used results
    /// until it fits; a result larger than the whole cache is not stored.
    func store(_ key: String, bytes stored: [UInt8], contentType: String) {
        guard stored.count <= capacity else { return }
        lock.withLock {
            if let old = entries[key] { bytes -= old.bytes.count }
            tick += 1
            entries[key] = Entry(bytes: stored, contentType: contentType, used: tick)
            bytes += stored.count
            while bytes > capacity, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
                bytes -= oldest.value.bytes.count
                entries[oldest.key] = nil
            }
        }
    }

    /// (hits, misses, bytes held, results held), read together.
    var statistics: (hits: Int, misses: Int, bytes: Int, entries: Int) {
        lock.withLock { (hits, misses, bytes, entries.count) }
    }
}
