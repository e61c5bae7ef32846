import Foundation

/// What a sub-particle's birth reads from its parent (decision P4): the parent's position, velocity,
/// direction of motion, clamped color and scale at one age. A sub-emitter with a trigger reads them at
/// the same age for every sub-particle (the parent's birth, death or contact, docs/PARTICLE-MODEL.md
/// §2.8), so ``EmitterLayer/writeExtended(_:_:_:_:_:_:_:_:_:_:_:_:)`` takes the frame once per run
/// instead of once per sub-particle (two `atan2`, a `cos` and a `sin` each: a third of a burst's cost
/// in the `fireworks` seek). The values are those of the per-particle computation, bit for bit.
struct ParentFrame {
    var position: SIMD3<Double>
    var velocity: SIMD3<Double>
    /// Whether the parent moves (then longitudes are relative to its direction, `turn` radians).
    var turns: Bool
    var turn: Double
    var cosLat: Double, sinLat: Double
    var color: SIMD4<Double>
    var scale: Double

    /// The frame of `parent` at `age`, for sub-particles of parameters `p`.
    @inline(__always)
    init(_ p: BirthParameters, parent: ParticleBirth, age: Double) {
        position = parent.position(atAge: age)
        let v = parent.velocity(atAge: age)
        velocity = v
        cosLat = p.cosLat; sinLat = p.sinLat
        let h = (v.x * v.x + v.y * v.y).squareRoot()
        turns = h > 0 || v.z != 0
        turn = 0
        if turns {
            turn = atan2(v.y, v.x)
            let lat = p.latitude + atan2(v.z, h)
            cosLat = cos(lat); sinLat = sin(lat)
        }
        color = parent.color(atAge: age).clamped(lowerBound: .zero, upperBound: .one)
        scale = parent.scale(atAge: age)
    }
}

extension ParticleBirth {
    /// The birth record of a sub-particle born in the parent frame `f` (decision P4).
    @inline(__always)
    static func make(_ p: BirthParameters, frame f: ParentFrame, rng: ParticleRandom, id: UInt64, birthTime tb: Double,
                     life: Double, angleU: Double) -> ParticleBirth {
        var theta = p.longitude + p.longitudeRange * (2 * angleU - 1)
        if f.turns { theta += f.turn }
        return finish(p, rng: rng, id: id, birthTime: tb, life: life, position: f.position, theta: theta,
                      cosLat: f.cosLat, sinLat: f.sinLat, colorFactor: f.color, scaleFactor: f.scale)
    }

    /// ``make(_:frame:rng:id:birthTime:life:angleU:)`` for a sub-cell with extensions `x`: plus
    /// ``CellExtensions/inheritedVelocity`` × the parent's velocity in the frame.
    @inline(__always)
    static func make(_ p: BirthParameters, frame f: ParentFrame, _ x: CellExtensions, rng: ParticleRandom, id: UInt64,
                     birthTime tb: Double, life: Double, angleU: Double) -> ParticleBirth {
        var b = make(p, frame: f, rng: rng, id: id, birthTime: tb, life: life, angleU: angleU)
        if x.inheritedVelocity != 0 { b.velocity += f.velocity * x.inheritedVelocity }
        return b
    }
}
