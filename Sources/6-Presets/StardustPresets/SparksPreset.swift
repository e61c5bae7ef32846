import StardustAnimation
import StardustCore
import StardustScene
import StardustParticles

/// `sparks` (docs/PRESETS.md): a grinder's spray of short, bright, additive streaks. Sparks fly up
/// and out, fall under gravity, are drawn stretched along their velocity (docs/PARTICLE-MODEL.md
/// §2.7) and bounce off the floor losing most of their speed (a line collider with restitution and
/// friction, §2.10, in closed form: no drag, so each flight is a parabola), cooling from white-yellow
/// to red as they fade (§2.6).
enum SparksPreset {
    static let gravity = 980.0, restitution = 0.4, friction = 0.25
    static let speed = 420.0, speedRange = 160.0
    static let floorInset = 110.0

    @Sendable static func scene(_ size: Size) -> Scene {
        let scene = Scene(name: "sparks", size: size, scale: 1, duration: 6, fps: 20, seed: 1,
                          background: Color(hex: "#0A0A0C")!)
        scene.root.addSublayer(Layer.bottomBand(size, height: floorInset, color: Color(hex: "#24262B")!, name: "floor"))
        scene.root.addSublayer(emitter(size: size))
        return scene
    }

    /// The floor line's y and the point the sparks fly from (layer space = scene points).
    static func floorY(_ size: Size) -> Double { size.height - floorInset }
    static func source(_ size: Size) -> Point { Point(size.width * 0.28, size.height * 0.5) }

    static func emitter(size: Size) -> EmitterLayer {
        let e = EmitterLayer.covering(size, name: "sparks")
        e.emitterPosition = source(size)
        e.renderMode = .additive
        e.timing.timeOffset = 2

        let spark = EmitterCell(name: "spark")
        spark.contents = BuiltinImages.texture(named: "spark")
        spark.birthRate = 150
        spark.lifetime = 1.3
        spark.lifetimeRange = 0.4
        spark.emissionLongitude = -.pi / 5
        spark.emissionRange = .pi / 6
        spark.velocity = speed
        spark.velocityRange = speedRange
        spark.yAcceleration = gravity
        spark.scale = 0.28
        spark.scaleRange = 0.08
        var x = CellExtensions()
        x.colorOverLife = PresetCurves.ramp([
            (0, PresetCurves.rgb(1, 1, 0.9)), (0.3, PresetCurves.rgb(1, 0.8, 0.35)), (1, PresetCurves.rgb(0.9, 0.25, 0.05)),
        ], .smooth)
        x.alphaOverLife = PresetCurves.curve([(0, 1), (0.7, 0.8), (1, 0)], .smooth)
        x.collider = .floor(y: floorY(size), response: .bounce, restitution: restitution, friction: friction)
        x.velocityStretch = 0.025
        spark.extensions = x
        e.emitterCells = [spark]
        return e
    }
}
