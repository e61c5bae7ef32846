import Foundation

/// Hands out band indices `0 ..< count` to workers, each exactly once, in order.
///
/// Workers claim bands dynamically, so a worker that starts late (a busy core)
/// simply draws fewer bands. One lock round-trip per band: negligible next to
/// drawing 64 rows. Which worker draws a band never affects its pixels.
final class BandQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    let count: Int

    init(count: Int) { self.count = count }

    /// The next unclaimed band, or `nil` when all are taken.
    func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }
}
