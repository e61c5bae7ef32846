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

extension ParticleSnapshot {
    /// The particles as values.
    var all: [Particle] { (0..<count).map { self[$0] } }
}

func simd_length(_ v: SIMD3<Float>) -> Float { (v * v).sum().squareRoot() }
func simd_length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
