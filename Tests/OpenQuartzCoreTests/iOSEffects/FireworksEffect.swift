// The fireworks of the source material (docs/DESIGN.md §12 `fireworks`): an invisible rocket cell carrying a
// sparkling trail and an explosion as nested cells. Compiles unchanged on iOS.
#if canImport(UIKit)
import UIKit
#else
import OpenQuartzCore
#endif

/// Rockets rising from the bottom edge of a view of `size`.
func makeFireworksLayer(size: CGSize) -> CAEmitterLayer {
    let fireworksLayer = CAEmitterLayer()
    fireworksLayer.emitterPosition = CGPoint(x: size.width / 2, y: size.height)
    fireworksLayer.emitterSize = CGSize(width: size.width, height: size.height)
    fireworksLayer.renderMode = .oldestFirst

    let image = UIImage(named: "snowflake")?.cgImage

    let rocket = CAEmitterCell()
    rocket.emissionLongitude = -.pi / 2
    rocket.emissionLatitude = 0
    rocket.lifetime = 1.6
    rocket.birthRate = 1
    rocket.velocity = 400
    rocket.velocityRange = 100
    rocket.yAcceleration = 0
    rocket.emissionRange = -.pi / 4
    rocket.color = UIColor(red: 0.7, green: 0.5, blue: 0.7, alpha: 0.5).cgColor
    rocket.redRange = 0.3
    rocket.redSpeed = -0.1
    rocket.greenRange = 0.3
    rocket.greenSpeed = 0.1
    rocket.blueRange = 0.3
    rocket.blueSpeed = 0.2

    let trail = CAEmitterCell()
    trail.contents = image
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
    trail.beginTime = 0.01
    trail.duration = 1.5

    let explosion = CAEmitterCell()
    explosion.contents = image
    explosion.birthRate = 9999
    explosion.scale = 0.6
    explosion.velocity = 130
    explosion.lifetime = 1.5
    explosion.alphaSpeed = -0.2
    explosion.yAcceleration = 80
    explosion.beginTime = 1.5
    explosion.duration = 1
    explosion.emissionRange = 2 * .pi
    explosion.scaleSpeed = -0.1
    explosion.spin = 2

    rocket.emitterCells = [trail, explosion]
    fireworksLayer.emitterCells = [rocket]
    return fireworksLayer
}
