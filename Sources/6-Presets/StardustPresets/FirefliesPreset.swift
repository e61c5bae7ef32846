import StardustCore
import StardustScene
import StardustParticles

/// `fireflies` (docs/PRESETS.md): slow points of light wandering over a night meadow. Each firefly
/// is born somewhere in the screen's middle, is carried by curl-noise turbulence under strong drag
/// (so it wanders at a walking pace: docs/PARTICLE-MODEL.md §2.9, §2.11), held loosely towards the
/// center by a gentle attractor, and pulses: its alpha curve over life blinks on and off a few
/// times (§2.6).
enum FirefliesPreset {
    /// Alpha over life: three glows of different strength.
    static let pulse = PresetCurves.curve([
        (0, 0), (0.12, 1), (0.24, 0.1), (0.4, 0.1), (0.52, 0.8), (0.64, 0.05), (0.76, 0.1), (0.88, 1), (1, 0),
    ], .smooth)
    static let drag = 1.5, turbulence = 30.0, leash = 12.0
    /// The margins (points) of the rectangle fireflies are born in.
    static let inset = Size(80, 170)

    @Sendable static func scene(_ size: Size) -> Scene {
        let scene = Scene(name: "fireflies", size: size, scale: 1, duration: 10, fps: 20, seed: 1,
                          background: Color(hex: "#06100F")!)
        scene.root.addSublayer(emitter(size: size))
        return scene
    }

    static func emitter(size: Size) -> EmitterLayer {
        let e = EmitterLayer.covering(size, name: "fireflies")
        e.emitterShape = .rectangle
        e.emitterMode = .surface
        e.emitterPosition = Point(size.width / 2, size.height / 2)
        e.emitterSize = Size(size.width - 2 * inset.width, size.height - 2 * inset.height)
        e.renderMode = .additive
        e.timing.timeOffset = 8  // a full meadow at the first frame

        let fly = EmitterCell(name: "firefly")
        fly.contents = BuiltinImages.texture(named: "blurry-dot")
        fly.isRotationInvariant = true
        fly.birthRate = 5
        fly.lifetime = 7
        fly.lifetimeRange = 2
        fly.emissionRange = .pi
        fly.velocity = 12
        fly.velocityRange = 8
        fly.scale = 0.5
        fly.scaleRange = 0.15
        fly.color = PresetCurves.rgb(0.8, 1, 0.35)
        fly.greenRange = 0.1
        var x = CellExtensions()
        x.alphaOverLife = pulse
        var f = ParticleFields()
        f.drag = drag
        f.turbulence = ParticleFields.Turbulence(strength: turbulence, scale: 100, seed: 7)
        f.attractors = [ParticleFields.Attractor(position: Point(size.width / 2, size.height / 2), strength: leash)]
        x.fields = f
        fly.extensions = x
        e.emitterCells = [fly]
        return e
    }
}
