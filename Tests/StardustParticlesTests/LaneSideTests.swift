import Foundation
import Testing
import StardustCore
@testable import StardustParticles

/// The batched kernel's integrated lanes with the side of the line known for the whole run (ExtendedKernel.swift,
/// `laneSide`: no line, or a point emitter off its line; docs/PARTICLES-PERFORMANCE.md, "the lattice table kept per
/// thread"): step 2 then leaves out the birth velocities of a group whose four lanes resume from their checkpoints.
/// Played frame after frame (most lanes resume), then seeked and rewound, each frame must be a fresh layer's
/// snapshot, which integrates every particle from its birth — for an emitter above a floor (the side known), on the
/// floor (each lane's side from its velocity, the run's case without the constant), and without a collider.
@Suite struct LaneSideTests {
    enum Floor: CaseIterable { case below, through, none }

    static func layer(_ floor: Floor, _ response: ParticleCollider.Response) -> EmitterLayer {
        let (layer, _) = singleCellLayer { c in
            c.birthRate = 400; c.lifetime = 2; c.lifetimeRange = 0.8
            c.velocity = 150; c.velocityRange = 80; c.emissionRange = .pi  // every direction: some start up, some down
            c.xAcceleration = 5; c.yAcceleration = 120
            var x = CellExtensions()
            var f = ParticleFields()
            f.turbulence = .init(strength: 120, scale: 50, seed: 11)
            x.fields = f
            x.alphaOverLife = try? ParticleCurve(times: [0, 0.3, 1], values: [0.2, 1, 0], interpolation: .smooth)
            switch floor {
            case .below: x.collider = .floor(y: 320, response: response, restitution: 0.5, friction: 0.1)
            case .through: x.collider = .floor(y: 200, response: response, restitution: 0.5, friction: 0.1)
            case .none: break
            }
            c.extensions = x
        }
        layer.emitterPosition = Point(0, 200)
        layer.seed = 4
        return layer
    }

    @Test("integrated lanes with the side known per run give a fresh layer's snapshots in playback and seeks",
          arguments: [ParticleCollider.Response.bounce, .stick, .die])
    func playbackEqualsFresh(_ response: ParticleCollider.Response) {
        for floor in Floor.allCases {
            if floor == .none && response != .bounce { continue }
            let played = Self.layer(floor, response)
            let cell = played.compiled(upTo: 3, sceneSeed: 0).cells[0]
            #expect(cell.fitsExtendedKernel)
            #expect(cell.motion?.integrator?.takesLanes(cell.motion?.colliders) == true)
            let s = ParticleSnapshot()
            var times = (0..<40).map { 3 + Double($0) / 60 }
            times += [2.5, 2.5 + 1 / 60.0, 2.5 + 2 / 60.0, 4.25]
            var compared = 0
            for t in times {
                played.evaluate(at: t, into: s, threads: 1)
                let fresh = Self.layer(floor, response).evaluate(at: t, threads: 1)
                #expect(s.isIdentical(to: fresh), "t = \(t), floor \(floor), \(response)")
                compared += s.count
            }
            #expect(compared > 20_000)
        }
    }
}
