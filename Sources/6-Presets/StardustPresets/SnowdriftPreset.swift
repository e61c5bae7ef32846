import Foundation
import StardustAnimation
import StardustCore
import StardustScene
import StardustParticles

/// `snowdrift` (docs/PRESETS.md): snow over the launch screen that settles. Flakes fall with drag
/// (a terminal speed), a light wind and curl-noise turbulence (docs/PARTICLE-MODEL.md §2.9), stick
/// where they reach the bottom of the screen (a collider, §2.10) and fade there; under them a drift
/// grows with the number of flakes landed — a closed form of the births (``SnowDepth``) — and melts
/// after the snowfall stops. The scene starts 5 s into the snowfall, longer than a flake takes to
/// fall (4.6 s), so that its first frame has snow from top to bottom, as a prewarmed emitter does on a
/// launch screen, and the first flakes are landing.
enum SnowdriftPreset {
    static let gravity = 200.0, drag = 0.8
    /// The snowfall lasts 12 s of the emitter's time: it stops at the scene's 7 s.
    static let birthRate = 70.0, emission = 12.0
    /// Seconds of snowfall before the scene's time 0.
    static let preroll = 5.0

    @Sendable static func scene(_ size: Size) -> Scene {
        let scene = Scene(name: "snowdrift", size: size, scale: 1, duration: 18, fps: 20, seed: 1)
        scene.root.addSublayer(LaunchScreen.layer(size: size))
        let floor = size.height - 4
        let depth = SnowDepth(rate: birthRate, emission: emission,
                              fall: SnowDepth.fallTime(height: floor, gravity: gravity, drag: drag),
                              depthPerFlake: 0.06, meltRate: 9)
        scene.root.addSublayer(drift(size: size, depth: depth, duration: scene.duration))
        scene.root.addSublayer(emitter(size: size, floor: floor))
        return scene
    }

    static func emitter(size: Size, floor: Double) -> EmitterLayer {
        let e = EmitterLayer.topEdgeLine(size, name: "snowdrift")
        e.timing.timeOffset = preroll
        let c = EmitterCell(name: "flake")
        c.contents = BuiltinImages.texture(named: "dot")
        c.isRotationInvariant = true
        c.birthRate = birthRate
        c.lifetime = 8
        c.lifetimeRange = 1
        c.velocity = 20
        c.velocityRange = 20
        c.emissionRange = .pi
        c.yAcceleration = gravity
        c.scale = 0.12
        c.scaleRange = 0.05
        var x = CellExtensions()
        x.emissionDuration = emission
        var f = ParticleFields()
        f.drag = drag
        f.wind = Point(18, 0)
        f.turbulence = ParticleFields.Turbulence(strength: 120, scale: 70, seed: 1)
        x.fields = f
        x.collider = .floor(y: floor, response: .stick)
        // Settled flakes fade into the drift over the last fifth of their life.
        x.alphaOverLife = try? ParticleCurve(times: [0, 0.8, 1], values: [1, 1, 0], interpolation: .linear)
        c.extensions = x
        e.emitterCells = [c]
        return e
    }

    /// The settled snow: a white band on the bottom edge whose height follows `depth` (sampled
    /// every 0.1 s into a keyframe animation of its vertical scale).
    static func drift(size: Size, depth: SnowDepth, duration: Double) -> Layer {
        let maxDepth = max(1, depth.depthPerFlake * depth.rate * depth.emission)
        let l = Layer()
        l.name = "drift"
        l.backgroundColor = Color(red: 0.93, green: 0.96, blue: 1, alpha: 1)
        l.anchorPoint = Point(0.5, 1)
        l.bounds = Rect(0, 0, size.width, maxDepth)
        l.position = Point(size.width / 2, size.height)
        l.cornerRadius = 6
        let n = Int((duration / 0.1).rounded(.up))
        let a = KeyframeAnimation(keyPath: "transform.scale.y",
                                  values: (0...n).map { .number(depth.depth(at: preroll + Double($0) * duration / Double(n)) / maxDepth) })
        a.timing.duration = duration
        a.timing.fillMode = .forwards
        a.isRemovedOnCompletion = false
        l.add(a, forKey: "settle")
        return l
    }
}
