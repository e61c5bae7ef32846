import Foundation

/// The threads the studio's server code runs on: a task executor with threads of its own.
///
/// Why: Swift's global executor has one thread per core, shared with everything else in the process. When a
/// host process keeps those threads busy with synchronous work (a test run executing CPU-heavy suites in
/// parallel, an app rendering on the pool), a server on the global executor cannot even accept its first
/// connection until they free up. ``StudioServer/run(onRunning:)`` prefers this executor, so the server's
/// tasks and their child tasks (every connection, every route) run here and answer promptly; rendering and
/// exports still run on their own queues.
///
/// Jobs run in the order they are enqueued, on `threadCount` threads started with the executor and kept for
/// the process's life (one shared instance, ``shared``).
final class StudioExecutor: TaskExecutor, @unchecked Sendable {
    /// The executor every studio server uses: two threads.
    static let shared = StudioExecutor(threadCount: 2)

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var next = 0

    private init(threadCount: Int) {
        for i in 0..<threadCount {
            let thread = Thread { [unowned self] in self.drain() }
            thread.name = "stardust.studio.\(i)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// A timer queue of its own: `Task.sleep` resumes through the global executor, which may be busy, and does not
    /// keep a task on its preferred executor (swiftlang/swift#74395).
    private let timers = DispatchQueue(label: "stardust.studio.timers")

    /// Suspends the calling task until `deadline` (at once if it has passed), resuming it off the global
    /// executor; the task then goes on where its executor preference says (here, on these threads).
    func sleep(until deadline: ContinuousClock.Instant) async {
        let wait = ContinuousClock.now.duration(to: deadline)
        guard wait > .zero else { return }
        let (seconds, attoseconds) = wait.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            timers.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { c.resume() }
        }
    }

    /// Suspends the calling task and lets the jobs queued behind it run first. (`Task.yield` and `Task.sleep` do not
    /// keep a task on its preferred executor: swiftlang/swift#74395.)
    func yield() async {
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in timers.async { c.resume() } }
    }

    /// Runs jobs forever, waiting while there are none.
    private func drain() {
        while true {
            condition.lock()
            while next == jobs.count { condition.wait() }
            let job = jobs[next]
            next += 1
            if next > 1024, next * 2 > jobs.count { jobs.removeFirst(next); next = 0 }
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
