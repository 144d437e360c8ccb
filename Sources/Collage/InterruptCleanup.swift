#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Removes the temporary files of writes in progress when the process is
/// interrupted (SIGINT, SIGTERM, SIGHUP), so that Ctrl-C never leaves a
/// `.OUT.tmp-XXXXXX` file behind (outputs appear whole or not at all).
///
/// Opt-in: signal dispositions belong to the program, not to a library, so
/// nothing is installed until the program calls `installHandlers()` (the
/// `collage` executable does, first thing in its `main`). Until then
/// `AtomicFile` still writes through a temporary file and removes it on any
/// failure, but an interrupted process can leave it behind.
///
/// The registry is async-signal-safe: up to 64 paths live in preallocated
/// fixed-size buffers, published through an atomic bit mask; the handler only
/// loads the mask, calls `unlink(2)` and re-raises the signal with the default
/// action (POSIX.1-2017 "Signal Concepts" lists both as async-signal-safe), so
/// the process still dies of the signal (a shell reports 128 + the signal
/// number, e.g. 130 for Ctrl-C). A signal the parent set to be ignored stays
/// ignored. When all 64 slots are busy a write is simply not registered.
public enum InterruptCleanup {
    static let slotCount = 64
    /// Bytes per slot, the terminating NUL included (Linux PATH_MAX).
    static let pathCapacity = 4096

    /// Slots claimed by a writer (being filled, in use or being released).
    private static let claimed = Atomic<UInt64>(0)
    /// Slots whose path is complete: the ones the handler unlinks.
    private static let ready = Atomic<UInt64>(0)
    private nonisolated(unsafe) static let paths = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * pathCapacity)

    /// Whether `installHandlers()` was called.
    private static let enabled = Atomic<Bool>(false)

    /// Installs the SIGINT, SIGTERM and SIGHUP handlers that remove the
    /// temporary files of writes in progress, then re-raise the signal with
    /// its default action. Changes the process's signal dispositions (a
    /// signal set to be ignored, SIG_IGN, is left ignored), so only a
    /// program's `main` should call it; idempotent, thread-safe.
    public static func installHandlers() {
        precondition(installed)
        enabled.store(true, ordering: .releasing)
    }

    /// Whether the handlers are installed (`installHandlers()`).
    public static var handlersInstalled: Bool { enabled.load(ordering: .acquiring) }

    private static let installed: Bool = {
        _ = paths
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            var previous = sigaction()
            guard sigaction(signalNumber, nil, &previous) == 0 else { continue }
            // SIG_IGN is the handler value 1 (<signal.h>).
            if unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self) == 1 { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = interruptHandler
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
            sigaction(signalNumber, &action, nil)
        }
        return true
    }()

    /// Runs `body` (which creates a file and registers it) with SIGINT,
    /// SIGTERM and SIGHUP blocked, so no signal falls between the file's
    /// creation and its registration; a signal that arrives meanwhile is
    /// handled when `body` returns. Without the handlers installed it just
    /// runs `body`.
    static func deferringInterrupts<T>(_ body: () -> T) -> T {
        guard handlersInstalled else { return body() }
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, signalNumber) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }

    /// Registers `path` for removal on interruption; returns the slot to pass
    /// to `unregister`, or nil when the registry is full, the path too long
    /// or the handlers are not installed.
    static func register(_ path: String) -> Int? {
        guard handlersInstalled else { return nil }
        let bytes = Array(path.utf8)
        guard bytes.count < pathCapacity else { return nil }
        var slot: Int?
        var current = claimed.load(ordering: .relaxed)
        while current != .max {
            let free = (~current).trailingZeroBitCount
            let (exchanged, original) = claimed.compareExchange(
                expected: current, desired: current | (1 << UInt64(free)), ordering: .acquiringAndReleasing)
            if exchanged { slot = free; break }
            current = original
        }
        guard let slot else { return nil }
        let buffer = paths + slot * pathCapacity
        bytes.withUnsafeBufferPointer { source in
            UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress!, byteCount: source.count)
        }
        buffer[bytes.count] = 0
        ready.bitwiseOr(1 << UInt64(slot), ordering: .releasing)
        return slot
    }

    /// Releases a slot returned by `register` (after the file was renamed or removed).
    static func unregister(_ slot: Int) {
        ready.bitwiseAnd(~(1 << UInt64(slot)), ordering: .releasing)
        claimed.bitwiseAnd(~(1 << UInt64(slot)), ordering: .releasing)
    }

    /// Removes every temporary output file in progress (registered while
    /// the handlers are installed): for a watchdog that ends the process at
    /// a deadline (`--timeout`). Async-signal-safe.
    public static func removeTemporaryFiles() { unlinkRegistered() }

    /// Unlinks every registered path (async-signal-safe: atomic load and unlink only).
    fileprivate static func unlinkRegistered() {
        let bits = ready.load(ordering: .acquiring)
        var slot = 0
        while slot < slotCount {
            if bits & (1 << UInt64(slot)) != 0 { unlink(paths + slot * pathCapacity) }
            slot += 1
        }
    }
}

/// The SIGINT/SIGTERM/SIGHUP handler: removes the temporary files, then
/// re-raises the signal, whose action SA_RESETHAND has reset to the default.
private func interruptHandler(_ signalNumber: Int32) {
    InterruptCleanup.unlinkRegistered()
    raise(signalNumber)
}
