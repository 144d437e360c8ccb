#if canImport(Glibc)
import Glibc
#endif

/// A detached POSIX thread with a chosen stack size (Foundation's `Thread`
/// without Foundation, which the binary does not load: see `FileSystem`).
enum WorkerThread {
    /// Starts `body` on a new detached thread of `stackSize` bytes; when the
    /// thread cannot be created, `body` runs on the calling thread instead.
    static func start(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(body))
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let created = pthread_create(&thread, &attributes, { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.body()
            return nil
        }, box.toOpaque())
        if created != 0 { box.takeRetainedValue().body() }
    }

    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}

/// A mutex for short critical sections (`lock()` / `unlock()`).
final class PlainLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    init() { mutex.initialize(to: pthread_mutex_t()); pthread_mutex_init(mutex, nil) }
    deinit { pthread_mutex_destroy(mutex); mutex.deallocate() }
    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
}
