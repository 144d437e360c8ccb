#if canImport(Glibc)
import Glibc
#endif

/// A read-mostly lock (`pthread_rwlock`, writers preferred): any number of
/// readers at once, a writer alone. For tables every request reads and few
/// write (`CheckedStamps`).
final class ReadWriteLock: @unchecked Sendable {
    private let lock = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)

    init() {
        lock.initialize(to: pthread_rwlock_t())
        var attributes = pthread_rwlockattr_t()
        pthread_rwlockattr_init(&attributes)
        // PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP: a steady stream of readers never starves a writer.
        pthread_rwlockattr_setkind_np(&attributes, 2)
        pthread_rwlock_init(lock, &attributes)
        pthread_rwlockattr_destroy(&attributes)
    }

    deinit { pthread_rwlock_destroy(lock); lock.deallocate() }

    /// Runs `body` as a reader.
    func reading<T>(_ body: () throws -> T) rethrows -> T {
        pthread_rwlock_rdlock(lock); defer { pthread_rwlock_unlock(lock) }
        return try body()
    }

    /// Runs `body` as the only writer.
    func writing<T>(_ body: () throws -> T) rethrows -> T {
        pthread_rwlock_wrlock(lock); defer { pthread_rwlock_unlock(lock) }
        return try body()
    }
}
