import CHTTPShim
import CMicroHTTPD

/// One open `/events` connection: the bytes queued for it and the state of
/// its connection, read by libmicrohttpd's content reader
/// (`MHD_create_response_from_callback`, `HTTPServer.send`).
///
/// No pool thread waits for an event: when nothing is queued the reader
/// suspends the connection and returns 0 (libmicrohttpd's way for a
/// response whose next bytes are not there yet); `push` queues bytes and
/// resumes it, so they leave at once. A connection whose client went away
/// is seen when a write fails (the keep-alive comments make one), and
/// `ended` runs once libmicrohttpd frees the response.
final class EventSubscriber: @unchecked Sendable {
    /// The connection it is sent on; set before the response is queued.
    var connection: OpaquePointer?
    /// Called once, when libmicrohttpd has freed the response.
    var ended: (@Sendable (EventSubscriber) -> Void)?

    private let lock = ConditionLock()
    private var pending: [UInt8]
    private var offset = 0
    private var suspended = false
    private var closed = false

    /// A subscriber whose stream starts with `initial`.
    init(initial: String) { pending = Array(initial.utf8) }

    /// Queues `text` and wakes the connection if it waits.
    func push(_ text: String) {
        lock.withLock {
            guard !closed else { return }
            pending.append(contentsOf: text.utf8)
            wake()
        }
    }

    /// Ends the stream after what is queued (the daemon is stopping).
    func close() {
        lock.withLock {
            closed = true
            wake()
        }
    }

    /// The content reader: copies up to `capacity` queued bytes into
    /// `buffer` and returns their count; with none queued, suspends the
    /// connection and returns 0, or returns -1 (end of stream) once closed.
    func read(into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int {
        lock.withLock {
            let available = pending.count - offset
            if available > 0 {
                let count = min(available, capacity)
                pending.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress! + offset, byteCount: count) }
                offset += count
                if offset == pending.count { pending.removeAll(keepingCapacity: true); offset = 0 }
                return count
            }
            if closed { return -1 }
            if let connection, !suspended {
                suspended = true
                collage_mhd_suspend_connection(connection)
            }
            return 0
        }
    }

    /// Bytes queued and not yet read (tests).
    var queued: [UInt8] { lock.withLock { Array(pending[offset...]) } }

    /// Called with the lock held.
    private func wake() {
        if suspended, let connection {
            suspended = false
            collage_mhd_resume_connection(connection)
        }
    }

    /// libmicrohttpd freed the response: nothing more is read.
    func freed() {
        let callback = lock.withLock { () -> (@Sendable (EventSubscriber) -> Void)? in
            closed = true
            defer { ended = nil }
            return ended
        }
        callback?(self)
    }
}
