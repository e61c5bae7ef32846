import StardustAnimation
import StardustCore
import StardustScene
import StardustParticles

/// `fireworks-classic` (docs/DESIGN.md §12; the `fireworks` preset before issue 26): invisible rockets
/// whose sub-cells draw a trail and, at rocket age 1.5 s, an explosion that inherits the rocket's color —
/// Core Animation's birth-rate trick (9999 per second for a tenth of a second before the rocket dies).
enum FireworksClassicPreset {
    @Sendable static func scene(_ size: Size) -> Scene {
        let scene = Scene(name: "fireworks-classic", size: size, scale: 1, duration: 6, fps: 20, seed: 1,
                          background: Color(hex: "#05060F")!)
        scene.root.addSublayer(emitter(size: size))
        return scene
    }

    static func emitter(size: Size) -> EmitterLayer {
        let e = EmitterLayer.covering(size, name: "fireworks")
        e.emitterPosition = Point(size.width / 2, size.height)
        e.emitterSize = size
        e.renderMode = .oldestFirst

        let rocket = EmitterCell()
        rocket.name = "rocket"
        rocket.emissionLongitude = -.pi / 2
        rocket.emissionLatitude = 0
        rocket.lifetime = 1.6
        rocket.birthRate = 1
        rocket.velocity = 400
        rocket.velocityRange = 100
        rocket.yAcceleration = 0
        rocket.emissionRange = -.pi / 4
        rocket.color = Color(red: 0.7, green: 0.5, blue: 0.7, alpha: 0.5)
        rocket.redRange = 0.3
        rocket.redSpeed = -0.1
        rocket.greenRange = 0.3
        rocket.greenSpeed = 0.1
        rocket.blueRange = 0.3
        rocket.blueSpeed = 0.2

        let flake = BuiltinImages.texture(named: "snowflake")
        let trail = EmitterCell()
        trail.name = "trail"
        trail.contents = flake
        trail.emissionLongitude = 2 * .pi
        trail.scale = 0.4
        trail.velocity = 100
        trail.birthRate = 200
        trail.lifetime = 1.5
        trail.yAcceleration = 150
        trail.emissionRange = .pi / 7
        trail.alphaSpeed = -0.7
        trail.scaleSpeed = -0.1
        trail.scaleRange = 0.1
        trail.timing.beginTime = 0.01
        trail.timing.duration = 1.5

        let explosion = EmitterCell()
        explosion.name = "explosion"
        explosion.contents = flake
        explosion.birthRate = 9999
        explosion.scale = 0.6
        explosion.velocity = 130
        explosion.lifetime = 1.5
        explosion.alphaSpeed = -0.2
        explosion.yAcceleration = 80
        explosion.timing.beginTime = 1.5
        explosion.timing.duration = 1
        explosion.emissionRange = 2 * .pi
        explosion.scaleSpeed = -0.1
        explosion.spin = 2

        rocket.emitterCells = [trail, explosion]
        e.emitterCells = [rocket]
        return e
    }
}
