/// A stateless, counter-based random source (docs/DESIGN.md §1).
///
/// Every value is a pure function of a seed and a key of up to four
/// integers — for a particle, `(emitter, cell, particle index, attribute)`.
/// There is no hidden state: the same key always gives the same value, in
/// any order and on any thread, which is what makes seeking and
/// multi-threaded evaluation deterministic.
///
/// The mixer is two rounds of the SplitMix64 finalizer over the key words
/// folded with distinct odd constants; it passes the chi-square uniformity
/// and neighbouring-key independence tests in `StardustCoreTests`.
///
/// Complexity: O(1) per value, no allocation.
public struct CounterRandom: Hashable, Sendable {
    /// The seed, the first word of every key: two sources with different seeds give unrelated streams.
    public let seed: UInt64

    /// A random source for `seed`. Free: it stores only the seed.
    @inlinable public init(seed: UInt64) { self.seed = seed }

    @inlinable static func mix(_ z: UInt64) -> UInt64 { SplitMix64.mix(z) }

    /// 64 random bits for the key `(a, b, c, d)`.
    @inlinable public func bits(_ a: UInt64, _ b: UInt64 = 0, _ c: UInt64 = 0, _ d: UInt64 = 0) -> UInt64 {
        var h = Self.mix(seed &+ 0x9E37_79B9_7F4A_7C15)
        h = Self.mix(h ^ (a &* 0xD1B5_4A32_D192_ED03))
        h = Self.mix(h ^ (b &* 0xAEF1_7502_108E_F2D9))
        h = Self.mix(h ^ (c &* 0xF1357AEA2E62A9C5))
        h = Self.mix(h ^ (d &* 0x9E37_79B9_7F4A_7C15) ^ 0x2545_F491_4F6C_DD1D)
        return h
    }

    /// A double uniform in [0, 1) for the key (53 random bits).
    @inlinable public func unit(_ a: UInt64, _ b: UInt64 = 0, _ c: UInt64 = 0, _ d: UInt64 = 0) -> Double {
        Double(bits(a, b, c, d) >> 11) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// A double uniform in [mean − range, mean + range] (Core Animation's "± range", docs/PARTICLE-MODEL.md decision P1).
    @inlinable public func spread(_ mean: Double, _ range: Double,
                                  _ a: UInt64, _ b: UInt64 = 0, _ c: UInt64 = 0, _ d: UInt64 = 0) -> Double {
        range == 0 ? mean : mean + range * (2 * unit(a, b, c, d) - 1)
    }

    /// An integer uniform in `0 ..< bound` (Lemire's multiply-high reduction; bias below 2⁻⁶⁴·bound).
    @inlinable public func below(_ bound: Int, _ a: UInt64, _ b: UInt64 = 0, _ c: UInt64 = 0, _ d: UInt64 = 0) -> Int {
        precondition(bound > 0)
        return Int(bits(a, b, c, d).multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A stable 64-bit hash of a string (FNV-1a), for keying streams by name.
    public static func key(_ name: String) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in name.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        return h
    }
}
