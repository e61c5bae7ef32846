// The launch-screen snowfall of the source material (docs/DESIGN.md §12 `snow`), written as an iOS developer
// writes it against QuartzCore and UIKit. This file must compile unchanged on iOS.
#if canImport(UIKit)
import UIKit
#else
import OpenQuartzCore
#endif

/// A transparent snow overlay for a view of `size`: two cells of white dots falling from the top
/// edge, already filling the screen at the first frame.
func makeSnowfallLayer(size: CGSize) -> CAEmitterLayer {
    let emitterLayer = CAEmitterLayer()
    emitterLayer.emitterShape = .line
    emitterLayer.emitterPosition = CGPoint(x: size.width / 2, y: 0)
    emitterLayer.emitterSize = CGSize(width: size.width, height: 0)
    emitterLayer.beginTime = CACurrentMediaTime()
    emitterLayer.timeOffset = 10

    let flake = makeFlakeCell(named: "flake", image: UIImage(named: "dot"), velocity: 30)
    let blurryFlake = makeFlakeCell(named: "blurryFlake", image: UIImage(named: "blurry-dot"), velocity: 40)
    emitterLayer.emitterCells = [flake, blurryFlake]
    return emitterLayer
}

private func makeFlakeCell(named name: String, image: UIImage?, velocity: CGFloat) -> CAEmitterCell {
    let cell = CAEmitterCell()
    cell.name = name
    cell.contents = image?.cgImage
    cell.emissionRange = .pi
    cell.lifetime = 20
    cell.birthRate = 30
    cell.scale = 0.15
    cell.scaleRange = 0.6
    cell.velocity = velocity
    cell.velocityRange = 20
    cell.spin = -0.5
    cell.spinRange = 1.0
    cell.yAcceleration = 30
    cell.xAcceleration = 5
    return cell
}
