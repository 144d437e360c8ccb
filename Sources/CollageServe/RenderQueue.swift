/// Bounded work: `jobs` renders run at once on their own threads, up to
/// `queue` more wait, and a render also waits until its memory reservation
/// fits the process-wide budget (`--max-memory`), counting toward the
/// queue meanwhile. A render whose request was answered 504 keeps its
/// thread (its slot) until it really ends.
final class RenderQueue: @unchecked Sendable {
    /// One render to run.
    struct Job {
        /// Bytes reserved from the budget while it runs.
        var reservation: Int
        /// Monotonic seconds after which it is not started at all.
        var deadline: Double
        /// The render; told whether it was started (false: expired waiting).
        var run: @Sendable (_ started: Bool) -> Void
    }

    let jobs: Int
    let queueLimit: Int
    /// The budget in bytes; nil: none.
    let memory: Int?
    private let lock = ConditionLock()
    private var pending: [Job] = []
    private var reserved = 0
    private(set) var running = 0

    init(jobs: Int, queue: Int, memory: Int?) {
        self.jobs = max(1, jobs); self.queueLimit = max(0, queue); self.memory = memory
        for _ in 0..<self.jobs { startThread { [self] in work() } }
    }

    /// Queues `job`; false (nothing queued) when `jobs` renders run and
    /// `queue` wait already.
    func submit(_ job: Job) -> Bool {
        lock.withLock {
            guard running + pending.count < jobs + queueLimit else { return false }
            pending.append(job)
            lock.broadcast()
            return true
        }
    }

    /// Requests waiting (for a thread or for memory).
    var depth: Int { lock.withLock { pending.count } }
    var active: Int { lock.withLock { running } }
    /// Whether no render runs or waits.
    var isIdle: Bool { lock.withLock { running == 0 && pending.isEmpty } }

    private func work() {
        while true {
            lock.lock()
            var expired: [Job] = []
            var next: Job?
            while next == nil {
                let now = monotonicSeconds()
                expired += pending.filter { $0.deadline <= now }
                pending.removeAll { $0.deadline <= now }
                if let head = pending.first, reserved + head.reservation <= (memory ?? Int.max) || reserved == 0 {
                    next = pending.removeFirst()
                } else if !expired.isEmpty {
                    break
                } else {
                    lock.wait(seconds: pending.isEmpty ? nil : 0.05)
                }
            }
            if let next { running += 1; reserved += next.reservation }
            lock.unlock()
            for job in expired { job.run(false) }
            guard let job = next else { continue }
            job.run(true)
            lock.withLock {
                running -= 1
                reserved -= job.reservation
                lock.broadcast()
            }
        }
    }
}
