import StardustCore
import StardustParticles

/// Emitters of the benchmarks in docs/BENCHMARKS.md, built exactly as defined there.
public enum ParticleWorkloads {
    /// `particles-eval`: one emitter, shape `point`, one cell: birthRate 100 000, lifetime 10,
    /// lifetimeRange 2, velocity 100, velocityRange 50, emissionRange π, x/yAcceleration 5/30,
    /// scale 1, scaleRange 0.5, scaleSpeed −0.05, spin 1, spinRange 1, all color ranges 0.2, all
    /// color speeds −0.05 — about 1 000 000 live particles. The bench evaluates it for 30 frames
    /// from t = 20 s at 60 frames/s.
    public static func particlesEval() -> EmitterLayer {
        let layer = EmitterLayer()
        layer.emitterShape = .point
        let cell = EmitterCell(name: "particle")
        cell.birthRate = 100_000
        cell.lifetime = 10
        cell.lifetimeRange = 2
        cell.velocity = 100
        cell.velocityRange = 50
        cell.emissionRange = .pi
        cell.xAcceleration = 5
        cell.yAcceleration = 30
        cell.scale = 1
        cell.scaleRange = 0.5
        cell.scaleSpeed = -0.05
        cell.spin = 1
        cell.spinRange = 1
        cell.redRange = 0.2; cell.greenRange = 0.2; cell.blueRange = 0.2; cell.alphaRange = 0.2
        cell.redSpeed = -0.05; cell.greenSpeed = -0.05; cell.blueSpeed = -0.05; cell.alphaSpeed = -0.05
        layer.emitterCells = [cell]
        return layer
    }

    /// The frame times of the `particles-eval` benchmark: 30 frames from t = 20 s at 60 frames/s.
    public static let particlesEvalTimes: [Double] = (0..<30).map { 20 + Double($0) / 60 }
}
