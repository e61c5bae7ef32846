// The falling maple leaves of the source material (docs/DESIGN.md §12 `maple-leaves`). Compiles unchanged on iOS.
#if canImport(UIKit)
import UIKit
#else
import OpenQuartzCore
#endif

/// Red and yellow maple leaves falling from a line `range` points wide centered at `x`.
func makeMapleLeavesLayer(x: CGFloat, range: CGFloat) -> CAEmitterLayer {
    let leavesLayer = CAEmitterLayer()
    leavesLayer.emitterPosition = CGPoint(x: x, y: 0)
    leavesLayer.emitterSize = CGSize(width: range, height: 0)
    leavesLayer.emitterShape = .line

    let leaf = UIImage(named: "maple-leaf")?.cgImage

    let red = CAEmitterCell()
    red.name = "redMapleLeaf"
    red.contents = leaf
    red.birthRate = 3
    red.lifetime = 10
    red.lifetimeRange = 3
    red.emissionLongitude = -60 * .pi / 180
    red.emissionRange = 5 * .pi / 180
    red.color = UIColor.red.cgColor
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

    let yellow = CAEmitterCell()
    yellow.name = "yellowMapleLeaf"
    yellow.contents = leaf
    yellow.birthRate = 2
    yellow.lifetime = 5
    yellow.lifetimeRange = 3
    yellow.emissionLongitude = -60 * .pi / 180
    yellow.emissionRange = 10 * .pi / 180
    yellow.color = UIColor(red: 8.0, green: 7.0, blue: 0, alpha: 0.5).cgColor
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

    leavesLayer.emitterCells = [red, yellow]
    return leavesLayer
}
