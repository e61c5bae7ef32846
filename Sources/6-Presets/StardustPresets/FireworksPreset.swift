import StardustAnimation
import StardustCore
import StardustScene
import StardustParticles

/// `fireworks` (docs/PRESETS.md): invisible rockets with a sparkling trail that burst where they die.
/// The burst is a sub-emitter on the rocket's death (``SubEmitterTrigger/death``) with one
/// ``ParticleBurst`` — no birth-rate trick — whose stars take the rocket's color and a share of its
/// velocity, cool from white through the rocket's color, slow down (a speed curve), shrink and fade;
/// a second burst of glitter twinkles (a step alpha curve). `fireworks-classic` keeps Core Animation's
/// version.
enum FireworksPreset {
    @Sendable static func scene(_ size: Size) -> Scene {
        let scene = Scene(name: "fireworks", size: size, scale: 1, duration: 6, fps: 20, seed: 1,
                          background: Color(hex: "#05060F")!)
        scene.root.addSublayer(emitter(size: size))
        return scene
    }

    static func curve(_ stops: [(Double, Double)], _ mode: CurveInterpolation) -> ParticleCurve {
        PresetCurves.curve(stops, mode)
    }

    static func emitter(size: Size) -> EmitterLayer {
        let e = EmitterLayer.covering(size, name: "fireworks")
        e.emitterPosition = Point(size.width / 2, size.height)
        e.emitterSize = size
        e.renderMode = .additive

        let rocket = EmitterCell(name: "rocket")
        rocket.emissionLongitude = -.pi / 2
        rocket.lifetime = 1.5
        rocket.lifetimeRange = 0.25
        rocket.birthRate = 1.2
        rocket.velocity = 430
        rocket.velocityRange = 60
        rocket.yAcceleration = 120
        rocket.emissionRange = .pi / 9
        rocket.color = Color(red: 0.65, green: 0.55, blue: 0.65, alpha: 1)
        rocket.redRange = 0.35
        rocket.greenRange = 0.45
        rocket.blueRange = 0.35

        let flake = BuiltinImages.texture(named: "spark")
        let dot = BuiltinImages.texture(named: "dot")
        let trail = EmitterCell(name: "trail")
        trail.contents = dot
        trail.isRotationInvariant = true
        trail.emissionLongitude = .pi  // backwards along the rocket's motion
        trail.emissionRange = .pi / 10
        trail.scale = 0.25
        trail.scaleRange = 0.08
        trail.velocity = 40
        trail.birthRate = 90
        trail.lifetime = 0.6
        trail.yAcceleration = 60
        var trailX = CellExtensions()
        trailX.alphaOverLife = curve([(0, 0.9), (1, 0)], .linear)
        trailX.scaleOverLife = curve([(0, 1), (1, 0.3)], .linear)
        trail.extensions = trailX

        let stars = EmitterCell(name: "stars")
        stars.contents = flake
        stars.birthRate = 0
        stars.velocity = 180
        stars.velocityRange = 50
        stars.emissionRange = .pi
        stars.lifetime = 1.6
        stars.lifetimeRange = 0.3
        stars.yAcceleration = 45
        stars.scale = 0.75
        stars.scaleRange = 0.15
        var starsX = CellExtensions()
        starsX.trigger = .death
        starsX.inheritedVelocity = 0.3
        starsX.bursts = [ParticleBurst(time: 0, count: 170)]
        // White-hot, then the rocket's color (the sub-particle color is the rocket's × this ramp), then ember red.
        starsX.colorOverLife = try! ColorRamp(  // swiftlint:disable:this force_try
            times: [0, 0.15, 0.7, 1],
            colors: [Color(red: 1.6, green: 1.6, blue: 1.6, alpha: 1), Color(red: 1.1, green: 1.05, blue: 1, alpha: 1),
                     Color(red: 1, green: 0.8, blue: 0.7, alpha: 1), Color(red: 0.9, green: 0.3, blue: 0.15, alpha: 1)],
            interpolation: .smooth)
        starsX.alphaOverLife = curve([(0, 1), (0.6, 0.85), (1, 0)], .smooth)
        starsX.scaleOverLife = curve([(0, 1.2), (1, 0.35)], .linear)
        starsX.speedOverLife = curve([(0, 1), (0.35, 0.35), (1, 0.12)], .smooth)  // air drag, in closed form
        starsX.velocityStretch = 0.035
        stars.extensions = starsX

        let glitter = EmitterCell(name: "glitter")
        glitter.contents = dot
        glitter.isRotationInvariant = true
        glitter.birthRate = 0
        glitter.velocity = 110
        glitter.velocityRange = 50
        glitter.emissionRange = .pi
        glitter.lifetime = 1.9
        glitter.lifetimeRange = 0.3
        glitter.yAcceleration = 70
        glitter.scale = 0.18
        glitter.color = Color(red: 1, green: 0.95, blue: 0.8, alpha: 1)
        var glitterX = CellExtensions()
        glitterX.trigger = .death
        glitterX.bursts = [ParticleBurst(time: 0.25, count: 50)]
        glitterX.alphaOverLife = curve([(0, 1), (0.3, 0.2), (0.4, 1), (0.5, 0.1), (0.6, 0.9), (0.7, 0), (0.8, 0.7), (0.9, 0)], .step)
        glitterX.speedOverLife = curve([(0, 1), (1, 0.2)], .smooth)
        glitter.extensions = glitterX

        rocket.emitterCells = [trail, stars, glitter]
        e.emitterCells = [rocket]
        return e
    }
}
