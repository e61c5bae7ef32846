import XCTest
import StardustCore
@testable import StardustParticles

/// The Kolmogorov–Smirnov statistic of `samples` against the uniform distribution on [lo, hi].
func ksUniform(_ samples: [Double], _ lo: Double, _ hi: Double) -> Double {
    let xs = samples.sorted()
    let n = Double(xs.count)
    var d = 0.0
    for (i, x) in xs.enumerated() {
        let f = min(max((x - lo) / (hi - lo), 0), 1)
        d = max(d, Double(i + 1) / n - f, f - Double(i) / n)
    }
    return d
}

/// Asserts that `samples` are uniform on [lo, hi] at the 1 % level (KS critical value 1.63/√n).
func assertUniform(_ samples: [Double], _ lo: Double, _ hi: Double, _ what: String,
                   file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertGreaterThan(samples.count, 500, "\(what): too few samples", file: file, line: line)
    let d = ksUniform(samples, lo, hi)
    let critical = 1.63 / Double(samples.count).squareRoot()
    XCTAssertLessThan(d, critical, "\(what): KS statistic \(d) ≥ \(critical) (n = \(samples.count))", file: file, line: line)
}

/// A layer with one cell.
func singleCellLayer(_ configure: (EmitterCell) -> Void) -> (EmitterLayer, EmitterCell) {
    let layer = EmitterLayer()
    let cell = EmitterCell(name: "c")
    configure(cell)
    layer.emitterCells = [cell]
    return (layer, cell)
}

/// A small opaque white texture of `w × h` pixels.
func whiteTexture(_ w: Int = 4, _ h: Int = 4) -> Texture {
    Texture(Image(width: w, height: h, color: .white))
}

extension ParticleSnapshot {
    /// The particles as values.
    var all: [Particle] { (0..<count).map { self[$0] } }
}

func simd_length(_ v: SIMD3<Float>) -> Float { (v * v).sum().squareRoot() }
func simd_length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
