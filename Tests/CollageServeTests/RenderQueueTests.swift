import XCTest
@testable import CollageServe

/// Bounded work: jobs + queue places, then refusals; the memory budget
/// holds a render back even with a thread free; an expired wait never runs.
final class RenderQueueTests: XCTestCase {
    /// Events recorded from the queue's threads, and a gate the jobs wait at.
    final class Recorder: @unchecked Sendable {
        let lock = ConditionLock()
        var events: [String] = []
        var open = false
        func record(_ event: String) { lock.withLock { events.append(event); lock.broadcast() } }
        func waitAtGate() { lock.withLock { while !open { lock.wait() } } }
        func openGate() { lock.withLock { open = true; lock.broadcast() } }
        /// Waits up to 10 s until `event` is recorded.
        func await(_ event: String) -> Bool {
            let end = monotonicSeconds() + 10
            return lock.withLock {
                while !events.contains(event), monotonicSeconds() < end { lock.wait(seconds: 0.05) }
                return events.contains(event)
            }
        }
    }

    private func job(_ name: String, _ recorder: Recorder, reservation: Int = 0, deadline: Double = .infinity,
                     gated: Bool = true) -> RenderQueue.Job {
        RenderQueue.Job(reservation: reservation, deadline: deadline) { started in
            guard started else { recorder.record("\(name) expired"); return }
            recorder.record("\(name) started")
            if gated { recorder.waitAtGate() }
            recorder.record("\(name) ended")
        }
    }

    func testJobsPlusQueueThenRefused() {
        let recorder = Recorder()
        let queue = RenderQueue(jobs: 1, queue: 1, memory: nil)
        XCTAssertTrue(queue.submit(job("a", recorder)))
        XCTAssertTrue(recorder.await("a started"))
        XCTAssertTrue(queue.submit(job("b", recorder)))
        XCTAssertEqual(queue.depth, 1)
        XCTAssertEqual(queue.active, 1)
        XCTAssertFalse(queue.submit(job("c", recorder)), "1 running + 1 waiting: the third is refused (503)")
        recorder.openGate()
        XCTAssertTrue(recorder.await("b ended"))
        XCTAssertEqual(recorder.events, ["a started", "a ended", "b started", "b ended"])
    }

    func testWaitingRendersStartInArrivalOrderAndTheQueueSaysWhenIdle() {
        let recorder = Recorder()
        let queue = RenderQueue(jobs: 1, queue: 16, memory: nil)
        XCTAssertTrue(queue.isIdle)
        XCTAssertTrue(queue.submit(job("a", recorder)))
        XCTAssertTrue(recorder.await("a started"))
        let names = (0 ..< 12).map { "w\($0)" }
        for name in names { XCTAssertTrue(queue.submit(job(name, recorder, gated: false))) }
        XCTAssertEqual(queue.depth, 12)
        XCTAssertFalse(queue.isIdle, "one runs and twelve wait")
        recorder.openGate()
        XCTAssertTrue(recorder.await("w11 ended"))
        let started = recorder.lock.withLock { recorder.events.filter { $0.hasPrefix("w") && $0.hasSuffix("started") } }
        XCTAssertEqual(started, names.map { "\($0) started" }, "first come, first started (FIFO)")
        let end = monotonicSeconds() + 10
        while !queue.isIdle, monotonicSeconds() < end { usleepSeconds(0.01) }
        XCTAssertTrue(queue.isIdle)
        XCTAssertEqual(queue.depth, 0)
    }

    func testMemoryBudgetHoldsARenderBackWithAThreadFree() {
        let recorder = Recorder()
        let queue = RenderQueue(jobs: 2, queue: 2, memory: 100)
        XCTAssertTrue(queue.submit(job("a", recorder, reservation: 80)))
        XCTAssertTrue(recorder.await("a started"))
        XCTAssertTrue(queue.submit(job("b", recorder, reservation: 50)))
        usleepSeconds(0.3)
        XCTAssertEqual(recorder.events, ["a started"], "80 + 50 is over the 100 budget: b waits")
        XCTAssertEqual(queue.depth, 1)
        recorder.openGate()
        XCTAssertTrue(recorder.await("b ended"))
        XCTAssertEqual(recorder.events, ["a started", "a ended", "b started", "b ended"])
    }

    func testAWaitPastItsDeadlineNeverRuns() {
        let recorder = Recorder()
        let queue = RenderQueue(jobs: 1, queue: 1, memory: nil)
        XCTAssertTrue(queue.submit(job("a", recorder)))
        XCTAssertTrue(recorder.await("a started"))
        XCTAssertTrue(queue.submit(job("b", recorder, deadline: monotonicSeconds() + 0.2, gated: false)))
        usleepSeconds(0.4)
        // b's request was answered 504 by the deadline sweep meanwhile; the
        // queue drops it when a thread comes free, without running it.
        recorder.openGate()
        XCTAssertTrue(recorder.await("b expired"))
        XCTAssertEqual(recorder.events, ["a started", "a ended", "b expired"])
    }
}
