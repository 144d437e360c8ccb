#if canImport(Glibc)
import Glibc
#endif

/// A mutex with one condition variable (pthreads: the `collage` binary
/// loads no Foundation), for the render queue's workers and the drain.
final class ConditionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        mutex.initialize(to: pthread_mutex_t()); pthread_mutex_init(mutex, nil)
        condition.initialize(to: pthread_cond_t())
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition); condition.deallocate()
        pthread_mutex_destroy(mutex); mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock.
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock(); defer { unlock() }
        return try body()
    }

    /// Waits (the lock held) until signalled or `seconds` passed (nil: no limit).
    func wait(seconds: Double? = nil) {
        guard let seconds else { pthread_cond_wait(condition, mutex); return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let total = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 + max(0, seconds)
        var until = timespec(tv_sec: Int(total), tv_nsec: Int((total - Double(Int(total))) * 1e9))
        pthread_cond_timedwait(condition, mutex, &until)
    }

    func broadcast() { pthread_cond_broadcast(condition) }
}

/// Starts a detached POSIX thread running `body`.
func startThread(_ body: @escaping @Sendable () -> Void) {
    final class Box { let body: @Sendable () -> Void; init(_ body: @escaping @Sendable () -> Void) { self.body = body } }
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(&thread, nil, { raw in
        Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().body()
        return nil
    }, context)
    if started == 0 { pthread_detach(thread) } else { Unmanaged<Box>.fromOpaque(context).release() }
}

/// The monotonic clock, seconds.
func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Sleeps `seconds`.
func usleepSeconds(_ seconds: Double) {
    usleep(UInt32(max(0, seconds) * 1_000_000))
}
