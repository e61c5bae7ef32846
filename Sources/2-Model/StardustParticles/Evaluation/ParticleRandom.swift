import StardustCore

/// The random stream of one particle, derived from ``CounterRandom``.
///
/// ``CounterRandom`` keyed by `(cell path, parent particle id)` gives one 64-bit stream key per
/// emitter instance, computed once per instance; a particle's key is the SplitMix64 finalizer of
/// that key advanced by its birth index; the key itself yields the first three 21-bit uniforms and
/// attribute triple `a` is the finalizer of the key advanced by `a`. Every value is therefore a pure
/// function of (seed, cell path, parent id, birth index, attribute), as with ``CounterRandom``
/// directly, at one finalizer round per three values instead of five per value (the difference
/// matters at a million particles per frame).
@usableFromInline
struct ParticleRandom {
    @usableFromInline let key: UInt64

    @inline(__always) @usableFromInline
    static func mix(_ z: UInt64) -> UInt64 { SplitMix64.mix(z) }

    /// The stream of birth `index` of the instance whose stream key is `instance`.
    @inline(__always) @usableFromInline
    init(instance: UInt64, index: UInt64) {
        key = Self.mix(instance &+ (index &+ 1) &* 0x9E37_79B9_7F4A_7C15)
    }

    /// The stream whose particle key is `key` (``key`` of another stream).
    @inline(__always) @usableFromInline
    init(key: UInt64) { self.key = key }

    /// 64 random bits for attribute `a`.
    @inline(__always) @usableFromInline
    func bits(_ a: UInt64) -> UInt64 { Self.mix(key &+ (a &+ 1) &* 0xD1B5_4A32_D192_ED03) }

    /// Three uniforms in [0, 1) (21 bits each) from 64 random bits.
    @inline(__always) @usableFromInline
    static func triple(_ b: UInt64) -> (Double, Double, Double) {
        let s = 1.0 / 2_097_152.0
        return (Double(Int64(bitPattern: b & 0x1F_FFFF)) * s, Double(Int64(bitPattern: (b >> 21) & 0x1F_FFFF)) * s,
                Double(Int64(bitPattern: b >> 43)) * s)
    }

    /// Three uniforms for attribute triple `a` (``ParticleAttribute``); triple `lifeAngleSpeed` is
    /// read from the particle key itself, so that the lifetime costs no extra round.
    @inline(__always) @usableFromInline
    func triple(_ a: UInt64) -> (Double, Double, Double) {
        Self.triple(a == ParticleAttribute.lifeAngleSpeed ? key : bits(a))
    }
}

/// Attribute triples of a particle's random stream (three 21-bit uniforms each).
enum ParticleAttribute {
    /// lifetime, longitude, speed (the particle key itself)
    static let lifeAngleSpeed: UInt64 = 0
    /// scale, spin, red
    static let scaleSpinRed: UInt64 = 1
    /// green, blue, alpha
    static let greenBlueAlpha: UInt64 = 2
    /// shape choice, u, v
    static let shapeChoiceUV: UInt64 = 3
    /// shape w
    static let shapeW: UInt64 = 4
}
