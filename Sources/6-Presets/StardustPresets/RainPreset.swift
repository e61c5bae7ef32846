import Foundation
import StardustAnimation
import StardustCore
import StardustScene
import StardustParticles

/// `rain` (docs/PRESETS.md): streaks of rain slanted by the wind, splashing on the ground. Drops fall
/// with drag towards a terminal velocity `wind + gravity/drag` (a closed form, docs/PARTICLE-MODEL.md
/// §2.9), so they settle at the wind's angle; each is drawn stretched along its velocity (§2.7). A
/// floor collider with the `die` response removes a drop where it reaches the ground, and a death
/// sub-emitter (§2.8) throws up a few droplets. The model fires a death sub-emitter at the end of the
/// particle's lifetime, not at the contact (§2.10), so every drop is born with the same velocity and
/// lives the time it takes to fall to the ground (``fallTime``) plus a hundredth of a second: its
/// splash is where it dies.
enum RainPreset {
    static let gravity = 3600.0, drag = 4.5
    /// The wind (points/s): the terminal velocity is (wind, gravity / drag) = (−200, 800).
    static let wind = Point(-200, 0)
    /// The launch speed (points/s, straight down).
    static let launchSpeed = 650.0
    /// The emitter line's height (above the top edge) and the ground's height above the bottom edge.
    static let top = -40.0, groundInset = 70.0
    /// Drops per second.
    static let birthRate = 130.0

    @Sendable static func scene(_ size: Size) -> Scene {
        let scene = Scene(name: "rain", size: size, scale: 1, duration: 6, fps: 20, seed: 1,
                          background: Color(hex: "#1C232B")!)
        scene.root.addSublayer(Layer.bottomBand(size, height: groundInset, color: Color(hex: "#0E1216")!, name: "ground"))
        scene.root.addSublayer(emitter(size: size))
        return scene
    }

    /// The y of the ground line (layer space = scene points).
    static func groundY(_ size: Size) -> Double { size.height - groundInset }

    /// Seconds a drop takes from the emitter line to the ground (the drag closed form, solved by bisection).
    static func fallTime(_ size: Size) -> Double {
        SnowDepth.fallTime(height: groundY(size) - top, gravity: gravity, drag: drag, initialSpeed: launchSpeed)
    }

    static func emitter(size: Size) -> EmitterLayer {
        let e = EmitterLayer.covering(size, name: "rain")
        e.emitterShape = .line
        // Wider than the screen and shifted upwind, so the slanted streaks cover it.
        let life = fallTime(size)
        let drift = -wind.x * life
        e.emitterPosition = Point(size.width / 2 + drift / 2, top)
        e.emitterSize = Size(size.width + drift, 0)
        e.timing.timeOffset = 2  // already raining at the first frame

        let drop = EmitterCell(name: "drop")
        drop.contents = BuiltinImages.texture(named: "dot")
        drop.isRotationInvariant = true
        drop.birthRate = birthRate
        drop.lifetime = life + 0.01
        drop.emissionLongitude = .pi / 2
        drop.velocity = launchSpeed
        drop.yAcceleration = gravity
        drop.scale = 0.09
        drop.scaleRange = 0.02
        drop.color = PresetCurves.rgb(0.72, 0.80, 0.92, 0.55)
        drop.alphaRange = 0.2
        var x = CellExtensions()
        var f = ParticleFields()
        f.drag = drag
        f.wind = wind
        x.fields = f
        x.collider = .floor(y: groundY(size), response: .die)
        x.velocityStretch = 0.03
        drop.extensions = x

        let splash = EmitterCell(name: "splash")
        splash.contents = BuiltinImages.texture(named: "dot")
        splash.isRotationInvariant = true
        splash.birthRate = 0
        splash.emissionLongitude = .pi  // back up, against the drop's motion
        splash.emissionRange = .pi / 3
        splash.velocity = 110
        splash.velocityRange = 50
        splash.yAcceleration = 900
        splash.lifetime = 0.25
        splash.lifetimeRange = 0.05
        splash.scale = 0.05
        splash.color = PresetCurves.rgb(0.8, 0.87, 0.97, 0.8)
        var sx = CellExtensions()
        sx.trigger = .death
        sx.bursts = [ParticleBurst(time: 0, count: 5)]
        sx.alphaOverLife = PresetCurves.curve([(0, 1), (1, 0)], .linear)
        // A droplet vanishes where it falls back to the ground: a `die` floor 1 pt under the ground line, so that a
        // droplet born at the drop's contact (which the contact search places within rounding of the line, on
        // either side) is always above it.
        sx.collider = .floor(y: groundY(size) + 1, response: .die)
        splash.extensions = sx
        drop.emitterCells = [splash]

        e.emitterCells = [drop]
        return e
    }
}
