#if canImport(Glibc)
import Glibc
#endif

/// A POSIX thread running one closure, joined explicitly: a thread of its
/// own whatever Dispatch's pool is doing (`SceneRenderer`'s finisher runs
/// next to `concurrentPerform`'s workers, which may take every pool thread;
/// `collage batch` runs one per row in flight).
public struct JoinableThread: Sendable {
    private let thread: pthread_t

    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Starts `body` on a new thread with `stackSize` bytes of stack (nil:
    /// the system's default); nil when the system refuses a thread.
    public static func start(stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) -> JoinableThread? {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { context in
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
    public func join() { pthread_join(thread, nil) }
}
