#if canImport(Glibc)
import Glibc
#endif

/// A POSIX thread running one closure, joined explicitly: a thread of its
/// own whatever Dispatch's pool is doing (`SceneRenderer`'s finisher runs
/// next to `concurrentPerform`'s workers, which may take every pool thread).
struct JoinableThread {
    private let thread: pthread_t

    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Starts `body` on a new thread; nil when the system refuses one.
    static func start(_ body: @escaping @Sendable () -> Void) -> JoinableThread? {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return nil
        }
        return JoinableThread(thread: thread)
    }

    /// Waits for the closure to return.
    func join() { pthread_join(thread, nil) }
}
