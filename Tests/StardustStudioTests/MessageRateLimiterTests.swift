import Testing
@testable import StardustStudio

/// The studio's per-page message limit (docs/STUDIO.md): a token bucket of `burst` messages refilled at `rate` a
/// second, with time given, not read — so a flood's refusal is arithmetic, whatever the machine's load.
@Suite struct MessageRateLimiterTests {
    typealias L = MessageRateLimiter

    @Test func aFloodAtOneInstantIsAdmittedUpToTheBurstThenRefusedOnce() {
        var limiter = L()
        let decisions = (0..<20_000).map { _ in limiter.admit(at: 0) }
        #expect(decisions.prefix(Int(L.burst)).allSatisfy { $0 == .admitted })
        #expect(decisions[Int(L.burst)] == .refusedFirst, "one error message per run of refusals")
        #expect(decisions.dropFirst(Int(L.burst) + 1).allSatisfy { $0 == .refusedAgain })
    }

    @Test func theBucketRefillsAtTheRateAndAnAdmissionEndsTheRefusalRun() {
        var limiter = L()
        for _ in 0..<Int(L.burst) { _ = limiter.admit(at: 10) }
        #expect(limiter.admit(at: 10) == .refusedFirst)
        // Half a second later, rate / 2 messages are allowed again, and not one more.
        let later = (0..<Int(L.rate / 2) + 1).map { _ in limiter.admit(at: 10.5) }
        #expect(later.dropLast().allSatisfy { $0 == .admitted })
        #expect(later.last == .refusedFirst, "a new run of refusals gets its own error message")
    }

    @Test func aPageWithinTheRateIsNeverRefused() {
        var limiter = L()
        // A slider drag: one message per 1/120 s for a minute.
        let refused = (0..<(120 * 60)).filter { limiter.admit(at: Double($0) / L.rate) != .admitted }
        #expect(refused.isEmpty)
    }

    @Test func theAllowanceNeverExceedsTheBurst() {
        var limiter = L()
        _ = limiter.admit(at: 0)
        // An hour of silence refills to the burst, not to an hour's worth.
        let decisions = (0..<Int(L.burst) + 1).map { _ in limiter.admit(at: 3600) }
        #expect(decisions.dropLast().allSatisfy { $0 == .admitted })
        #expect(decisions.last == .refusedFirst)
    }
}
