/// SplitMix64 (Steele, Lea and Flood, 2014): the package's one bit mixer.
///
/// ``mix(_:)`` is the SplitMix64 finalizer, a bijection on 64-bit words whose output bits each
/// depend on every input bit. ``CounterRandom`` and the particle streams key it with counters (so
/// randomness is a pure function of its key, docs/DESIGN.md §1); as a `RandomNumberGenerator` it is the
/// fixed-seed sequential generator of fuzzers and benchmark workloads.
///
/// Complexity: O(1), no allocation.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The golden-ratio increment (2⁶⁴/φ, odd) that advances the state.
    public static let increment: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// The generator's counter.
    public var state: UInt64

    /// A generator that starts at `seed`.
    @inlinable public init(seed: UInt64) { state = seed }

    /// The SplitMix64 finalizer of `z`.
    @inlinable @inline(__always)
    public static func mix(_ z0: UInt64) -> UInt64 {
        var z = z0
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The next 64 bits of the sequence.
    @inlinable public mutating func next() -> UInt64 {
        state &+= Self.increment
        return Self.mix(state)
    }
}
