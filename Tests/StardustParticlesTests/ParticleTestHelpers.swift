import CStardustParticleLanes
import Foundation
import Testing
import StardustTestSupport
import StardustCore
@testable import StardustParticles

/// Asserts that `samples` are uniform on [lo, hi] at the 1 % level (KS critical value 1.63/√n).
func assertUniform(_ samples: [Double], _ lo: Double, _ hi: Double, _ what: String,
                   sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(samples.count > 500, "\(what): too few samples", sourceLocation: sourceLocation)
    let d = Statistics.ksUniform(samples, lo, hi)
    let critical = Statistics.ksCritical(samples.count)
    #expect(d < critical, "\(what): KS statistic \(d) ≥ \(critical) (n = \(samples.count))", sourceLocation: sourceLocation)
}

/// A layer with one cell.
func singleCellLayer(_ configure: (EmitterCell) -> Void) -> (EmitterLayer, EmitterCell) {
    let layer = EmitterLayer()
    let cell = EmitterCell(name: "c")
    configure(cell)
    layer.emitterCells = [cell]
    return (layer, cell)
}

/// A fountain at (0, 200) onto a sloped floor (the line from (-400, 260) to (400, 300); infinite when it bounces,
/// restitution 0.6, friction 0.15) with an alpha curve and the `fields` given: the layer the contact cache and the
/// integration checkpoints are checked on, most of its particles meeting the floor and, with `.bounce`, bouncing
/// until they rest. `birthRate`, `lifetime` ± `lifetimeRange` and the downward `gravity` set how many and how far.
func floorFountain(_ response: ParticleCollider.Response, seed: UInt32, fields: ParticleFields, birthRate: Double,
                   lifetime: Double, lifetimeRange: Double, gravity: Double) -> EmitterLayer {
    let (layer, _) = singleCellLayer { c in
        c.birthRate = birthRate; c.lifetime = lifetime; c.lifetimeRange = lifetimeRange
        c.velocity = 160; c.velocityRange = 80; c.emissionLongitude = -.pi / 2; c.emissionRange = .pi / 3
        c.xAcceleration = 4; c.yAcceleration = gravity
        c.scaleSpeed = -0.1; c.alphaSpeed = -0.1
        var x = CellExtensions()
        x.fields = fields
        x.alphaOverLife = try? ParticleCurve(times: [0, 0.3, 1], values: [0.2, 1, 0], interpolation: .smooth)
        x.collider = ParticleCollider(from: Point(-400, 260), to: Point(400, 300), isInfinite: response == .bounce,
                                      response: response, restitution: 0.6, friction: 0.15)
        c.extensions = x
    }
    layer.emitterPosition = Point(0, 200)
    layer.seed = seed
    return layer
}

/// A layer at `position` whose one top-level cell is `parent`, with one sub-cell named "child" (lifetime 0.5 s)
/// and its extensions set up by `configure`.
func layerWithSubCell(_ parent: EmitterCell, at position: Point,
                      _ configure: (EmitterCell, inout CellExtensions) -> Void) -> EmitterLayer {
    let l = EmitterLayer()
    l.emitterPosition = position
    let child = EmitterCell(name: "child")
    child.lifetime = 0.5
    var x = CellExtensions()
    configure(child, &x)
    child.extensions = x
    parent.emitterCells = [child]
    l.emitterCells = [parent]
    return l
}

extension ParticleSnapshot {
    /// The particles as values.
    var all: [Particle] { (0..<count).map { self[$0] } }
}

func simd_length(_ v: SIMD3<Float>) -> Float { (v * v).sum().squareRoot() }
func simd_length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }

extension FieldLaneColumns {
    /// Columns of `lanes` doubles a test's store holds: the 20 of ``testColumns(_:lanes:)``, an age column at
    /// `store + 20 · lanes`, and one spare.
    static let testColumnCount = 22

    /// The lane columns of ``sd_field_steps`` laid out one after another in `store` (`lanes` doubles each), as the
    /// C-lane tests give them to the kernel.
    static func testColumns(_ store: UnsafeMutablePointer<Double>, lanes n: Int) -> FieldLaneColumns {
        func col(_ c: Int) -> UnsafeMutablePointer<Double> { store + c * n }
        return FieldLaneColumns(
            lanes: SDFieldLanes(step: col(0), steps: col(1), rest: col(2), side: col(3), last: col(4),
                                px: col(5), py: col(6), pz: col(7), vx: col(8), vy: col(9), vz: col(10),
                                kpx: col(11), kpy: col(12), kpz: col(13), kvx: col(14), kvy: col(15), kvz: col(16),
                                done: col(17)),
            resumed: col(18), bounces: col(19))
    }
}
