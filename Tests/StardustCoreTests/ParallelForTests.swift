import Foundation
import Synchronization
import Testing
import StardustCore

/// The one parallel loop: every index exactly once, for any thread count, and it finishes on its calling thread
/// when no helper can start.
@Suite struct ParallelForTests {
    @Test("every index runs exactly once", arguments: [0, 1, 2, 3, 8])
    func everyIndexOnce(threads: Int) {
        let runs = Mutex([Int](repeating: 0, count: 1000))
        parallelFor(1000, threads: threads) { i in runs.withLock { $0[i] += 1 } }
        #expect(runs.withLock { $0 } == [Int](repeating: 1, count: 1000))
    }

    /// Tasks spinning on every thread of the global executor until released.
    final class Spinners: Sendable {
        let width = ProcessInfo.processInfo.activeProcessorCount
        let running = Atomic<Int>(0)
        let released = Atomic<Bool>(false)
    }

    @Test("a loop started while every thread of the global queues spins finishes on its calling thread")
    func finishesWhileTheGlobalQueuesAreBusy() async {
        let spinners = Spinners()
        for qos in [DispatchQoS.QoSClass.default, .userInitiated] {
            for _ in 0..<spinners.width {
                DispatchQueue.global(qos: qos).async {
                    spinners.running.add(1, ordering: .relaxed)
                    while !spinners.released.load(ordering: .relaxed) {}
                }
            }
        }
        let sum = await withCheckedContinuation { (c: CheckedContinuation<Int, Never>) in
            // A serial queue of its own gets a thread; its loop's helpers would need one of the spinning ones.
            DispatchQueue(label: "parallel-for-test", qos: .userInitiated).async {
                while spinners.running.load(ordering: .relaxed) < spinners.width { usleep(1000) }
                let sum = Mutex(0)
                parallelFor(64, threads: 2) { i in sum.withLock { $0 += i } }
                spinners.released.store(true, ordering: .relaxed)
                c.resume(returning: sum.withLock { $0 })
            }
        }
        #expect(sum == 64 * 63 / 2)
    }
}
