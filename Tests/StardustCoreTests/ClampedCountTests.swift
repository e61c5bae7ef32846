import Testing
import StardustCore

@Suite struct ClampedCountTests {
    /// Inside `Int`'s range it is the expression it replaces, `max(lower, min(Int(value), upper))`, for every
    /// kind of value: integral, fractional, negative, at and around the bounds.
    @Test func matchesTruncateThenClampInsideIntsRange() {
        var rng = SplitMix64(seed: 0xC1A4)
        let ranges: [ClosedRange<Int>] = [0...1000, 2...600, -3...3, 0...10_000, -(1 << 62)...(1 << 62), 5...5]
        for _ in 0..<20_000 {
            let r = ranges.randomElement(using: &rng)!
            let scale = [1.0, 10, 1e4, 1e12, 1e18].randomElement(using: &rng)!
            var v = Double.random(in: -scale...scale, using: &rng)
            if Bool.random(using: &rng) { v = v.rounded() }
            if Int.random(in: 0..<8, using: &rng) == 0 { v = Double(r.lowerBound) + [-1, -0.5, 0, 0.5, 1].randomElement(using: &rng)! }
            if Int.random(in: 0..<8, using: &rng) == 0 { v = Double(r.upperBound) + [-1, -0.5, 0, 0.5, 1].randomElement(using: &rng)! }
            #expect(Int.clamped(v, to: r) == max(r.lowerBound, min(Int(v), r.upperBound)), "\(v) in \(r)")
        }
    }

    /// Where `Int(_:)` would trap, the bounds: above `Int.max` the upper, below `Int.min` and NaN the lower.
    @Test func outsideIntsRangeGivesTheBounds() {
        for v in [1e300, 9.3e18, .infinity, Double.greatestFiniteMagnitude] { #expect(Int.clamped(v, to: 0...1000) == 1000) }
        for v in [-1e300, -9.3e18, -.infinity, Double.nan, -Double.nan] { #expect(Int.clamped(v, to: 0...1000) == 0) }
        #expect(Int.clamped(-0.0, to: -3...3) == 0)
    }
}
