import Foundation

/// A particle's birth record: everything its closed-form state depends on (docs/PARTICLE-MODEL.md §2.5).
public struct ParticleBirth: Hashable, Sendable {
    /// The stable particle id.
    public var id: UInt64
    /// Birth time (layer local time).
    public var birthTime: Double
    /// The particle's lifetime in seconds, drawn at birth (`lifetime ± lifetimeRange`, times the layer's multiplier).
    /// It is alive while `0 ≤ age < lifetime`.
    public var lifetime: Double
    /// Position, velocity and (constant) acceleration at birth.
    public var position: SIMD3<Double>
    /// The velocity at birth in points per second: speed along the emission direction.
    public var velocity: SIMD3<Double>
    /// The constant acceleration in points per second² (`xAcceleration`, `yAcceleration`, `zAcceleration`; +y is down).
    public var acceleration: SIMD3<Double>
    /// Scale at birth and per second, before ``scaleFactor`` (the inherited parent scale; 1 for top-level cells).
    public var scale: Double
    /// The change of scale per second (the cell's `scaleSpeed`), before ``scaleFactor``.
    public var scaleSpeed: Double
    /// The inherited parent scale multiplying the whole scale curve (1 for top-level cells).
    public var scaleFactor: Double
    /// Radians per second.
    public var spin: Double
    /// Color at birth (parent color folded in) and per second.
    public var color: SIMD4<Double>
    /// The change of each color component (r, g, b, a) per second: the cell's `redSpeed` … `alphaSpeed`.
    public var colorSpeed: SIMD4<Double>
    /// The age at which a `die` collider took the particle, on the records sub-cells read (nil: it lives
    /// its whole lifetime). Its death sub-emitter fires then and its other sub-cells stop emitting
    /// (docs/PARTICLE-MODEL.md §2.10).
    var contactDeath: Double? = nil

    /// The age at which the particle ends: its lifetime, or the age at which a `die` collider took it.
    @inline(__always) var endAge: Double { contactDeath ?? lifetime }

    /// Position at age `τ`: p0 + v0·τ + ½·a·τ².
    @inline(__always) public func position(atAge tau: Double) -> SIMD3<Double> {
        position + velocity * tau + acceleration * (0.5 * tau * tau)
    }
    /// Velocity at age `τ`: v0 + a·τ.
    @inline(__always) public func velocity(atAge tau: Double) -> SIMD3<Double> { velocity + acceleration * tau }
    /// Scale at age `τ`: factor × max(0, s0 + scaleSpeed·τ).
    @inline(__always) public func scale(atAge tau: Double) -> Double { scaleFactor * max(0, scale + scaleSpeed * tau) }
    /// Color at age `τ`: c0 + speed·τ (unclamped).
    @inline(__always) public func color(atAge tau: Double) -> SIMD4<Double> { color + colorSpeed * tau }
}

/// An emitter of one cell's particles: the layer (for a top-level cell) or one parent particle.
struct EmitterInstance: Sendable {
    /// Emission window in layer time.
    var lo: Double, hi: Double
    /// Random stream key and id key of (cell path, parent id).
    var stream: UInt64, idKey: UInt64
    /// Index of the parent's record in the parent cell's records, or −1.
    var parent: Int
    /// For a `collision` sub-emitter: the parent's age at its contact (docs/PARTICLE-MODEL.md §2.8).
    var contactAge = 0.0
}

extension ParticleBirth {
    /// The lifetime and longitude uniform of a birth (the only draw needed to know whether it is alive).
    @inline(__always)
    static func life(_ p: BirthParameters, _ rng: ParticleRandom) -> (life: Double, angle: Double) {
        let (u0, u1, _) = rng.triple(ParticleAttribute.lifeAngleSpeed)
        return (max(0, p.life + p.lifeRange * (2 * u0 - 1)), u1)
    }

    /// Where a top-level cell's birth with random stream `rng` at time `tb` is born: on the emitter path when
    /// the layer has one (docs/PARTICLE-MODEL.md §2.14), else on the emitter shape (§1.3). O(1) for shapes,
    /// O(log segments) for a path.
    @inline(__always)
    static func position(_ p: BirthParameters, shape: EmitterShape, mode: EmitterMode, rng: ParticleRandom,
                         birthTime tb: Double) -> SIMD3<Double> {
        if let path = p.path {
            let (uChoice, u, v) = rng.triple(ParticleAttribute.shapeChoiceUV)
            return path.position(choice: uChoice, u: u, v: v, time: tb, z: p.center.z)
        }
        if shape == .point { return p.center }
        let (uChoice, u, v) = rng.triple(ParticleAttribute.shapeChoiceUV)
        let (w, _, _) = rng.triple(ParticleAttribute.shapeW)
        return EmitterGeometry.position(shape: shape, mode: mode, center: p.center, size: p.size, choice: uChoice, u: u, v: v, w: w)
    }

    /// The birth record of birth `k` at time `tb` of a top-level cell, on the emitter shape (docs/PARTICLE-MODEL.md §2.5).
    @inline(__always)
    static func make(_ p: BirthParameters, shape: EmitterShape, mode: EmitterMode,
                     rng: ParticleRandom, id: UInt64, birthTime tb: Double, life: Double, angleU: Double) -> ParticleBirth {
        let pos = position(p, shape: shape, mode: mode, rng: rng, birthTime: tb)
        let theta = p.longitude + p.longitudeRange * (2 * angleU - 1)
        return finish(p, rng: rng, id: id, birthTime: tb, life: life, position: pos, theta: theta,
                      cosLat: p.cosLat, sinLat: p.sinLat, colorFactor: .one, scaleFactor: 1)
    }

    /// The birth record of a sub-particle (decision P4): born at the parent's current position, its
    /// longitude relative to the parent's current direction of motion, its color multiplied by the
    /// parent's current (clamped) color and its scale by the parent's current scale.
    /// `parentAge` is the age at which the parent's state is read (default: its age at the sub-particle's birth;
    /// a sub-emitter trigger reads it at the parent's birth or death).
    static func make(_ p: BirthParameters, parent: ParticleBirth,
                     rng: ParticleRandom, id: UInt64, birthTime tb: Double, life: Double, angleU: Double,
                     parentAge: Double? = nil) -> ParticleBirth {
        make(p, frame: ParentFrame(p, parent: parent, age: parentAge ?? tb - parent.birthTime), rng: rng, id: id,
             birthTime: tb, life: life, angleU: angleU)
    }

    @inline(__always)
    static func finish(_ p: BirthParameters, rng: ParticleRandom, id: UInt64, birthTime tb: Double, life: Double,
                       position: SIMD3<Double>, theta: Double, cosLat: Double, sinLat: Double,
                       colorFactor: SIMD4<Double>, scaleFactor: Double) -> ParticleBirth {
        let (_, _, uSpeed) = rng.triple(ParticleAttribute.lifeAngleSpeed)
        let (uScale, uSpin, uR) = rng.triple(ParticleAttribute.scaleSpinRed)
        let (uG, uB, uA) = rng.triple(ParticleAttribute.greenBlueAlpha)
        let speed = p.speed + p.speedRange * (2 * uSpeed - 1)
        let color = p.drawnColor(SIMD4(uR, uG, uB, uA)) * colorFactor
        let (sinT, cosT) = FastTrig.sincos(theta)
        let dir = SIMD3(cosLat * cosT, cosLat * sinT, sinLat)
        return ParticleBirth(id: id, birthTime: tb, lifetime: life, position: position, velocity: dir * speed,
                             acceleration: p.accel, scale: p.drawnScale(uScale),
                             scaleSpeed: p.scaleSpeed, scaleFactor: scaleFactor,
                             spin: p.drawnSpin(uSpin), color: color, colorSpeed: p.colorSpeed)
    }
}
