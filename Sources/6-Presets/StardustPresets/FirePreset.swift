import StardustCore
import StardustScene
import StardustParticles

/// `fire` (docs/PRESETS.md): a campfire of soft additive flames. Each particle rises (a negative
/// y acceleration: buoyancy, held back by drag), is stirred by curl-noise turbulence
/// (docs/PARTICLE-MODEL.md §2.9, integrated at a fixed step, §2.11) and cools over its life: a
/// smooth color ramp from yellow-white through orange to dark red, and an alpha curve that flares
/// up at birth and fades to nothing (§2.6). Additive blending makes the crowded core burn white.
enum FirePreset {
    /// The color each flame particle is multiplied by over its life (normalised age).
    static let ramp = PresetCurves.ramp([
        (0, PresetCurves.rgb(1, 0.95, 0.8)), (0.25, PresetCurves.rgb(1, 0.7, 0.25)),
        (0.6, PresetCurves.rgb(0.9, 0.25, 0.05)), (1, PresetCurves.rgb(0.35, 0.05, 0.02)),
    ], .smooth)
    /// Alpha over life: a quick flare, then a fade to transparent.
    static let alpha = PresetCurves.curve([(0, 0), (0.08, 0.85), (0.5, 0.55), (1, 0)], .smooth)
    static let buoyancy = -260.0, drag = 1.4

    @Sendable static func scene(_ size: Size) -> Scene {
        let scene = Scene(name: "fire", size: size, scale: 1, duration: 6, fps: 20, seed: 1,
                          background: Color(hex: "#0D0604")!)
        scene.root.addSublayer(emitter(size: size))
        return scene
    }

    /// The base of the fire (layer space = scene points).
    static func base(_ size: Size) -> Point { Point(size.width / 2, size.height * 0.72) }

    static func emitter(size: Size) -> EmitterLayer {
        let e = EmitterLayer.covering(size, name: "fire")
        e.emitterShape = .line
        e.emitterPosition = base(size)
        e.emitterSize = Size(110, 0)
        e.renderMode = .additive
        e.timing.timeOffset = 2  // already burning at the first frame

        let flame = EmitterCell(name: "flame")
        flame.contents = BuiltinImages.texture(named: "blurry-dot")
        flame.isRotationInvariant = true
        flame.birthRate = 240
        flame.lifetime = 1.2
        flame.lifetimeRange = 0.35
        flame.emissionLongitude = -.pi / 2
        flame.emissionRange = .pi / 10
        flame.velocity = 70
        flame.velocityRange = 30
        flame.yAcceleration = buoyancy
        flame.scale = 1.5
        flame.scaleRange = 0.35
        var x = CellExtensions()
        x.colorOverLife = ramp
        x.alphaOverLife = alpha
        x.scaleOverLife = PresetCurves.curve([(0, 0.7), (0.2, 1), (1, 0.35)], .smooth)  // flames narrow as they rise
        var f = ParticleFields()
        f.drag = drag
        f.turbulence = ParticleFields.Turbulence(strength: 320, scale: 55, seed: 3)
        x.fields = f
        flame.extensions = x
        e.emitterCells = [flame]
        return e
    }
}
