import Foundation
import Synchronization

/// The package's one parallel loop: runs `body(i)` for every `i` in `0 ..< count` on up to
/// `threads` threads, each index exactly once.
///
/// Indices are claimed one at a time from a shared atomic counter, so a worker that starts late
/// (the other core is busy) simply takes fewer of them. Which thread runs an index must never
/// change what the index computes: callers write each index's results to its own place, which is
/// what keeps frames and particle snapshots byte-identical for any thread count.
///
/// - Parameters:
///   - count: the number of work items (bands of rows, runs of particles).
///   - threads: the most threads to use; `0` means all active processors. With one thread, or one
///     item, the loop runs in order on the calling thread.
///   - body: the work for one index, called exactly once per index, possibly concurrently with other indices.
/// - Complexity: O(count) calls of `body`, plus one relaxed atomic increment per item.
public func parallelFor(_ count: Int, threads: Int = 0, _ body: (Int) -> Void) {
    let workers = min(count, threads > 0 ? threads : ProcessInfo.processInfo.activeProcessorCount)
    if workers <= 1 {
        for i in 0..<count { body(i) }
        return
    }
    let next = Atomic<Int>(0)
    withoutActuallyEscaping(body) { body in
        let shared = UncheckedSendable(body)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let i = next.add(1, ordering: .relaxed).oldValue
                guard i < count else { break }
                shared.value(i)
            }
        }
    }
}

/// Wraps a value whose users guarantee, by construction, that concurrent access is safe
/// (here: a loop body that writes only the outputs of its own index).
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
