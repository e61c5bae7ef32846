import Foundation

/// Runs `body` on a thread of its own and awaits its result.
///
/// Tests that talk to an in-process server through a blocking socket client must not block the few threads of
/// Swift's cooperative pool (two on a two-core machine): the server runs on that pool, and a test waiting on a
/// semaphore or a socket there starves the very server it waits for.
public func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { c in
        Thread { do { c.resume(returning: try body()) } catch { c.resume(throwing: error) } }.start()
    }
}
