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

    /// `particles-eval` with curves, fields and collisions on (variant `1M-live-fields`): the same
    /// cell plus a smooth alpha curve and a linear scale curve, drag 0.3 towards a wind of (20, 0)
    /// points/s, and a floor at y = 400 that particles bounce on (restitution 0.5, friction 0.1) —
    /// drag, wind and the floor in closed form (docs/PARTICLE-MODEL.md §2.9–§2.10).
    public static func particlesEvalFields() -> EmitterLayer {
        let layer = particlesEval()
        var x = CellExtensions()
        x.alphaOverLife = try? ParticleCurve(times: [0, 0.2, 1], values: [0.5, 1, 0], interpolation: .smooth)
        x.scaleOverLife = try? ParticleCurve(times: [0, 1], values: [1, 0.3], interpolation: .linear)
        var f = ParticleFields()
        f.drag = 0.3
        f.wind = Point(20, 0)
        x.fields = f
        x.collider = .floor(y: 400, response: .bounce, restitution: 0.5, friction: 0.1)
        layer.emitterCells[0].extensions = x
        return layer
    }

    /// `particles-eval`, variant `100k-live-integrated`: the fields without a closed form, integrated at
    /// 1/120 s from each birth (docs/PARTICLE-MODEL.md §2.11): the same cell with lifetime 1 ± 0.2 s
    /// (about 100 000 live particles), drag 0.3, wind (20, 0), curl-noise turbulence (strength 80,
    /// scale 60), a vortex (1 rad/s, core 200 pt) and the bouncing floor at y = 400.
    public static func particlesEvalIntegrated() -> EmitterLayer {
        let layer = particlesEvalFields()
        let cell = layer.emitterCells[0]
        cell.lifetime = 1
        cell.lifetimeRange = 0.2
        var x = cell.extensions ?? CellExtensions()
        x.fields?.turbulence = ParticleFields.Turbulence(strength: 80, scale: 60)
        x.fields?.vortex = ParticleFields.Vortex(center: Point(0, 0), angularVelocity: 1, coreRadius: 200)
        cell.extensions = x
        return layer
    }

    /// `particles-eval`, variant `1M-live-turbulence`: the `particles-eval` cell (about 1 000 000 live
    /// particles, lifetime 10 ± 2 s) with the alpha and scale curves of `1M-live-fields`, curl-noise
    /// turbulence (strength 80, scale 60) and the bouncing floor at y = 400 (restitution 0.5, friction
    /// 0.1); no drag or wind. Turbulence has no closed form: it is integrated at 1/120 s from each birth,
    /// resumed in playback from the state the previous frame kept (docs/PARTICLE-MODEL.md §2.11). Such an
    /// emitter is over the integration budget of a loaded scene (docs/LIMITS.md: a seek costs its whole
    /// integration); the bench builds it directly.
    public static func particlesEvalTurbulence() -> EmitterLayer {
        let layer = particlesEval()
        var x = CellExtensions()
        x.alphaOverLife = try? ParticleCurve(times: [0, 0.2, 1], values: [0.5, 1, 0], interpolation: .smooth)
        x.scaleOverLife = try? ParticleCurve(times: [0, 1], values: [1, 0.3], interpolation: .linear)
        var f = ParticleFields()
        f.turbulence = ParticleFields.Turbulence(strength: 80, scale: 60)
        x.fields = f
        x.collider = .floor(y: 400, response: .bounce, restitution: 0.5, friction: 0.1)
        layer.emitterCells[0].extensions = x
        return layer
    }

    /// The frame times of the `particles-eval` benchmark: 30 frames from t = 20 s at 60 frames/s.
    public static let particlesEvalTimes: [Double] = (0..<30).map { 20 + Double($0) / 60 }
}
