#if canImport(Glibc)
import Glibc
#endif

/// A mutex for short critical sections (`lock()` / `unlock()`).
final class PlainLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    init() { mutex.initialize(to: pthread_mutex_t()); pthread_mutex_init(mutex, nil) }
    deinit { pthread_mutex_destroy(mutex); mutex.deallocate() }
    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
}
