import Collage

/// Stamps checked in the last `validity` seconds, by request target as
/// sent: a repeat of a target whose template and inputs were `stat`ed less
/// than `validity` seconds ago is answered from its stamp (a 304, or the
/// result cache) without resolving the path or `stat`ing anything again
/// (`--stat-valid`, default 1 s). So a template or input changed on disk is
/// seen by a request at most `validity` seconds later; 0 checks every
/// request. At most `capacity` targets; when full, it starts empty.
final class CheckedStamps: @unchecked Sendable {
    struct Entry {
        var format: OutputFormat
        var stamp: String
        /// Monotonic seconds of the check.
        var checked: Double
    }

    let validity: Double
    let capacity: Int
    private let lock = ConditionLock()
    private var entries: [String: Entry] = [:]

    init(validity: Double, capacity: Int = 4096) {
        self.validity = max(0, validity); self.capacity = capacity
    }

    /// The stamp of `target` when it was checked less than `validity` seconds before `now`.
    func lookup(_ target: String, now: Double) -> Entry? {
        guard validity > 0 else { return nil }
        return lock.withLock {
            guard let entry = entries[target], now - entry.checked < validity else { return nil }
            return entry
        }
    }

    /// Notes that `target`'s template and inputs gave `stamp` at `checked`
    /// (taken before the `stat`s, so the window never outlasts them).
    func store(_ target: String, format: OutputFormat, stamp: String, checked: Double) {
        guard validity > 0 else { return }
        lock.withLock {
            if entries.count >= capacity, entries[target] == nil { entries.removeAll(keepingCapacity: true) }
            entries[target] = Entry(format: format, stamp: stamp, checked: checked)
        }
    }
}
