import StardustCore
import StardustScene
import StardustParticles

/// `smoke` (docs/PRESETS.md): a column of soft gray puffs that rise slowly, grow, fade and drift
/// downwind. Drag pulls each puff towards the wind (a closed form, docs/PARTICLE-MODEL.md §2.9) and
/// large, slow curl-noise turbulence bends the column (§2.11); the puffs grow and fade over their
/// life with curves (§2.6).
enum SmokePreset {
    static let wind = Point(45, 0), drag = 0.6
    /// Scale over life: a small puff that spreads to 4.4 times its birth size.
    static let growth = PresetCurves.curve([(0, 0.5), (1, 2.2)], .linear)
    /// Alpha over life: fades in, then out.
    static let fade = PresetCurves.curve([(0, 0), (0.12, 1), (0.5, 0.7), (1, 0)], .smooth)

    @Sendable static func scene(_ size: Size) -> Scene {
        let scene = Scene(name: "smoke", size: size, scale: 1, duration: 8, fps: 20, seed: 1,
                          background: Color(hex: "#6E7F91")!)
        scene.root.addSublayer(emitter(size: size))
        return scene
    }

    /// Where the smoke comes from (layer space = scene points).
    static func source(_ size: Size) -> Point { Point(size.width * 0.35, size.height * 0.85) }

    static func emitter(size: Size) -> EmitterLayer {
        let e = EmitterLayer.covering(size, name: "smoke")
        e.emitterPosition = source(size)
        e.renderMode = .oldestLast
        e.timing.timeOffset = 6  // the column is already up at the first frame

        let puff = EmitterCell(name: "puff")
        puff.contents = BuiltinImages.texture(named: "blurry-dot")
        puff.birthRate = 14
        puff.lifetime = 7
        puff.lifetimeRange = 1
        puff.emissionLongitude = -.pi / 2
        puff.emissionRange = .pi / 8
        puff.velocity = 55
        puff.velocityRange = 15
        puff.yAcceleration = -12  // warm smoke rises
        puff.scale = 2.4
        puff.scaleRange = 0.5
        puff.spin = 0.3
        puff.spinRange = 0.3
        puff.color = PresetCurves.rgb(0.82, 0.82, 0.85, 0.45)
        puff.redRange = 0.04
        puff.greenRange = 0.04
        puff.blueRange = 0.04
        var x = CellExtensions()
        x.scaleOverLife = growth
        x.alphaOverLife = fade
        x.rotationRange = .pi
        var f = ParticleFields()
        f.drag = drag
        f.wind = wind
        f.turbulence = ParticleFields.Turbulence(strength: 22, scale: 160, seed: 5)
        x.fields = f
        puff.extensions = x
        e.emitterCells = [puff]
        return e
    }
}
