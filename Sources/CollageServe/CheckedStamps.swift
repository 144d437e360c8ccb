import Collage

/// Stamps checked in the last `validity` seconds, by request target as
/// sent: a repeat of a target whose template and inputs were `stat`ed less
/// than `validity` seconds ago is answered from its stamp (a 304, or the
/// result cache) without resolving the path or `stat`ing anything again
/// (`--stat-valid`, default 1 s). So a template or input changed on disk is
/// seen by a request at most `validity` seconds later; 0 checks every
/// request. At most `capacity` targets; when full, it starts empty.
///
/// Only a target that passed the signature check (with `--key`) is stored,
/// so a repeat found here is answered without parsing or verifying it
/// again; new keys (SIGHUP) empty it (`removeAll`). Every request reads it
/// and few write: a read-mostly lock (`ReadWriteLock`), held for a
/// dictionary lookup.
final class CheckedStamps: @unchecked Sendable {
    struct Entry {
        var format: OutputFormat
        var stamp: String
        /// Whether the answer is immutable (a signed URL whose `v=` is a prefix of the stamp).
        var versioned: Bool
        /// Monotonic seconds of the check.
        var checked: Double
    }

    let validity: Double
    let capacity: Int
    private let lock = ReadWriteLock()
    private var entries: [String: Entry] = [:]

    init(validity: Double, capacity: Int = 4096) {
        self.validity = max(0, validity); self.capacity = capacity
    }

    /// The stamp of `target` when it was checked less than `validity` seconds before `now`.
    func lookup(_ target: String, now: Double) -> Entry? {
        guard validity > 0 else { return nil }
        return lock.reading {
            guard let entry = entries[target], now - entry.checked < validity else { return nil }
            return entry
        }
    }

    /// Notes that `target` (signed, when keys are set) and its template and
    /// inputs gave `stamp` at `checked` (taken before the `stat`s, so the
    /// window never outlasts them).
    func store(_ target: String, format: OutputFormat, stamp: String, versioned: Bool, checked: Double) {
        guard validity > 0 else { return }
        lock.writing {
            if entries.count >= capacity, entries[target] == nil { entries.removeAll(keepingCapacity: true) }
            entries[target] = Entry(format: format, stamp: stamp, versioned: versioned, checked: checked)
        }
    }

    /// Forgets every target (the signing keys changed).
    func removeAll() {
        lock.writing { entries.removeAll() }
    }
}
