import StardustAnimation
import StardustCore
import StardustScene
import StardustParticles

/// `snow-classic` (docs/DESIGN.md §12): one cell of snowflake crystals.
enum SnowClassicPreset {
    @Sendable static func scene(_ size: Size) -> Scene {
        let scene = Scene(name: "snow-classic", size: size, scale: 1, duration: 6, fps: 20, seed: 1,
                          background: Color(hex: "#101828")!)
        let e = EmitterLayer.topEdgeLine(size, name: "snow")
        let c = EmitterCell()
        c.name = "snowFlake"
        c.contents = BuiltinImages.texture(named: "snowflake")
        c.birthRate = 25
        c.lifetime = 15
        c.lifetimeRange = 1
        c.emissionLongitude = .pi / 2
        c.emissionRange = .pi / 2
        c.velocity = 30
        c.velocityRange = 100
        c.xAcceleration = 5
        c.yAcceleration = 80
        c.scale = 0.9
        c.scaleRange = 1
        c.scaleSpeed = -0.15
        c.spin = 1
        c.spinRange = .pi
        c.color = Color(red: 0.9, green: 1.0, blue: 1.0, alpha: 0.5)
        c.redRange = 0.1
        c.greenRange = 0.1
        c.blueRange = 0.1
        c.alphaRange = 0.75
        c.alphaSpeed = -0.15
        e.emitterCells = [c]
        scene.root.addSublayer(e)
        return scene
    }
}
