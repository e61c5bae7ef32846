import StardustCore
import StardustScene
import StardustParticles

/// `confetti` (docs/PRESETS.md): a cannon at the bottom of the screen fires bursts of colored paper
/// pieces that slow down in the air (linear drag towards a terminal fall speed, a closed form:
/// docs/PARTICLE-MODEL.md §2.9) and flutter as they fall — they spin, and their size wobbles over
/// their life as a piece of paper turning edge-on would (a smooth scale curve, §2.6; the cell model
/// has no separate x scale, so the wobble is uniform).
enum ConfettiPreset {
    static let gravity = 320.0, drag = 1.7
    /// Launch speed (points/s) and its range.
    static let launchSpeed = 1150.0, launchSpeedRange = 250.0
    /// Half the cannon's opening angle (radians).
    static let spread = 0.38
    /// The bursts: at 0.2 s, then every 2.5 s, three in all.
    static let burst = ParticleBurst(time: 0.2, count: 45, cycles: 3, interval: 2.5)
    /// The paper colors, one cell each.
    static let palette: [(String, Color)] = [
        ("red", Color(hex: "#E53935")!), ("blue", Color(hex: "#1E88E5")!), ("yellow", Color(hex: "#FDD835")!),
        ("green", Color(hex: "#43A047")!), ("pink", Color(hex: "#D81B60")!), ("white", Color(hex: "#F5F5F5")!),
    ]

    @Sendable static func scene(_ size: Size) -> Scene {
        let scene = Scene(name: "confetti", size: size, scale: 1, duration: 7, fps: 20, seed: 1,
                          background: Color(hex: "#1B1F3B")!)
        scene.root.addSublayer(emitter(size: size))
        return scene
    }

    static func emitter(size: Size) -> EmitterLayer {
        let e = EmitterLayer.covering(size, name: "confetti")
        e.emitterPosition = Point(size.width / 2, size.height + 10)
        e.renderMode = .oldestFirst
        // Flutter: six wobbles over a life, each piece at its own pace (lifetimes differ).
        let wobble = PresetCurves.curve((0...12).map { (Double($0) / 12, $0 % 2 == 0 ? 1 : 0.35) }, .smooth)
        let fade = PresetCurves.curve([(0, 1), (0.85, 1), (1, 0)], .linear)
        e.emitterCells = palette.enumerated().map { i, entry in
            let c = EmitterCell(name: entry.0)
            c.contents = BuiltinImages.texture(named: "confetti")
            c.color = entry.1
            c.birthRate = 0
            c.lifetime = 5
            c.lifetimeRange = 1
            c.emissionLongitude = -.pi / 2
            c.emissionRange = spread
            c.velocity = launchSpeed
            c.velocityRange = launchSpeedRange
            c.yAcceleration = gravity
            c.scale = 0.9
            c.scaleRange = 0.25
            c.spin = i % 2 == 0 ? 3 : -3
            c.spinRange = 4
            var x = CellExtensions()
            x.bursts = [burst]
            var f = ParticleFields()
            f.drag = drag
            x.fields = f
            x.rotationRange = .pi
            x.scaleOverLife = wobble
            x.alphaOverLife = fade
            c.extensions = x
            return c
        }
        return e
    }
}
