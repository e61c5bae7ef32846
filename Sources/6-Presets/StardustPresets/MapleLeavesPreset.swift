import StardustAnimation
import StardustCore
import StardustScene
import StardustParticles

/// `maple-leaves` (docs/DESIGN.md §12): red and yellow leaves falling from a line across the top.
enum MapleLeavesPreset {
    @Sendable static func scene(_ size: Size) -> Scene {
        let scene = Scene(name: "maple-leaves", size: size, scale: 1, duration: 6, fps: 20, seed: 1,
                          background: Color(hex: "#2B1D14")!)
        scene.root.addSublayer(emitter(size: size))
        return scene
    }

    static func emitter(size: Size) -> EmitterLayer {
        let e = EmitterLayer.topEdgeLine(size, name: "leaves")
        let leaf = BuiltinImages.texture(named: "maple-leaf")
        let deg = Double.pi / 180

        let red = EmitterCell()
        red.name = "redMapleLeaf"
        red.contents = leaf
        // The spec gives no color for this cell: the source used a red leaf image; ours is a white
        // leaf tinted red (docs/PRESETS.md).
        red.color = Color(red: 0.85, green: 0.16, blue: 0.08, alpha: 1)
        red.birthRate = 3
        red.lifetime = 10
        red.lifetimeRange = 3
        red.emissionLongitude = -60 * deg
        red.emissionRange = 5 * deg
        red.velocity = 30
        red.velocityRange = 100
        red.xAcceleration = 5
        red.yAcceleration = 80
        red.scale = 1.2
        red.scaleRange = 1
        red.scaleSpeed = -0.15
        red.spin = 1
        red.spinRange = .pi
        red.alphaRange = 0.8
        red.alphaSpeed = -0.2

        let yellow = EmitterCell()
        yellow.name = "yellowMapleLeaf"
        yellow.contents = leaf
        yellow.birthRate = 2
        yellow.lifetime = 5
        yellow.lifetimeRange = 3
        yellow.emissionLongitude = -60 * deg
        yellow.emissionRange = 10 * deg
        yellow.color = Color(red: 8.0, green: 7.0, blue: 0, alpha: 0.5)
        yellow.redRange = 0.2
        yellow.greenRange = 0.3
        yellow.velocity = 30
        yellow.velocityRange = 100
        yellow.xAcceleration = 5
        yellow.yAcceleration = 80
        yellow.scale = 1.2
        yellow.scaleRange = 1
        yellow.scaleSpeed = -0.15
        yellow.spin = 1
        yellow.spinRange = -.pi
        yellow.alphaRange = 0.8
        yellow.alphaSpeed = -0.1

        e.emitterCells = [red, yellow]
        return e
    }
}
