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
