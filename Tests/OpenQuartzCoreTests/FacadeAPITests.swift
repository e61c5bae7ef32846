import Foundation
import OpenQuartzCore
import Stardust
import Testing

/// Apple's names behave as documented for QuartzCore and UIKit (values checked against the documented
/// formulas and conventions, not against the engine's own output).
@Suite struct FacadeAPITests {
    func emitterWithFlake() -> CAEmitterLayer {
        let layer = CAEmitterLayer()
        let flake = CAEmitterCell()
        flake.name = "flake"
        flake.birthRate = 30
        layer.emitterCells = [flake]
        return layer
    }

    @Test func keyPathsTakeAndGiveAnyValues() throws {
        let layer = emitterWithFlake()
        layer.setValue(0, forKeyPath: "emitterCells.flake.birthRate")
        #expect(layer.value(forKeyPath: "emitterCells.flake.birthRate") as? Float == 0)
        #expect(layer.stardustEmitter.emitterCells[0].birthRate == 0)
        layer.setValue(UIColor.red.cgColor, forKeyPath: "emitterCells.flake.color")
        #expect(layer.value(forKeyPath: "emitterCells.flake.color") as? CGColor == UIColor.red.cgColor)
        layer.setValue(CGPoint(x: 5, y: 6), forKeyPath: "emitterPosition")
        #expect(layer.emitterPosition == CGPoint(x: 5, y: 6))
        layer.setValue(12, forKeyPath: "position.x")
        #expect(layer.position.x == 12)
        layer.setValue(0.5 as Float, forKeyPath: "opacity")
        #expect(layer.opacity == 0.5)
        #expect(layer.value(forKeyPath: "bounds") as? CGRect == .zero)
        layer.setValue("hello", forKey: "myKey")
        #expect(layer.value(forKey: "myKey") as? String == "hello")
    }

    @Test func cellsAreCopiedWhenAssigned() {
        let layer = CAEmitterLayer()
        let cell = CAEmitterCell()
        cell.name = "spark"
        cell.birthRate = 5
        let child = CAEmitterCell()
        child.birthRate = 7
        cell.emitterCells = [child]
        child.birthRate = 70          // after assignment: no effect, as on iOS
        layer.emitterCells = [cell]
        cell.birthRate = 50           // no effect either
        #expect(layer.stardustEmitter.emitterCells[0].birthRate == 5)
        #expect(layer.stardustEmitter.emitterCells[0].emitterCells[0].birthRate == 7)
        #expect(layer.emitterCells?.first !== cell)
        layer.setValue(9, forKeyPath: "emitterCells.spark.birthRate")  // the way to change a live cell
        #expect(layer.stardustEmitter.emitterCells[0].birthRate == 9)
    }

    @Test func floatPropertiesKeepTheirDecimalSpelling() {
        let cell = CAEmitterCell()
        cell.lifetime = 1.6
        cell.alphaSpeed = -0.7
        #expect(Double(Float(1.6)) != 1.6)
        #expect(cell.stardustCell.lifetime == 1.6)
        #expect(cell.stardustCell.alphaSpeed == -0.7)
        #expect(cell.lifetime == 1.6)
    }

    @Test func defaultsAreCoreAnimations() {
        let layer = CALayer()
        #expect(layer.anchorPoint == CGPoint(x: 0.5, y: 0.5) && layer.opacity == 1 && layer.sublayers == nil)
        #expect(layer.contentsGravity == .resize && CATransform3DIsIdentity(layer.transform))
        let emitter = CAEmitterLayer()
        #expect(emitter.emitterShape == .point && emitter.emitterMode == .volume && emitter.renderMode == .unordered)
        #expect(emitter.birthRate == 1 && emitter.lifetime == 1 && emitter.emitterCells == nil)
        let cell = CAEmitterCell()
        #expect(cell.birthRate == 0 && cell.scale == 1 && cell.color == UIColor.white.cgColor && cell.isEnabled)
        let anim = CABasicAnimation(keyPath: "opacity")
        #expect(anim.isRemovedOnCompletion && anim.fillMode == .removed && anim.duration == 0 && anim.speed == 1)
        #expect(CATransaction.animationDuration() == 0.25 && !CATransaction.disableActions())
        // Both of Apple's spellings name the same constant.
        #expect(kCAEmitterLayerLine == CAEmitterLayerEmitterShape.line && kCAFillModeForwards == .forwards)
        #expect(CAEmitterLayerRenderMode.additive.rawValue == "additive" && CAShapeLayerFillRule.evenOdd.rawValue == "even-odd")
    }

    @Test func transformsFollowTheRowVectorConvention() {
        // A +90° rotation about z maps +x to +y (clockwise on a y-down screen): m12 = sin = 1, m21 = −1.
        let r = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(abs(r.m11) < 1e-15 && r.m12 == 1 && r.m21 == -1)
        let a = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(abs(a.a) < 1e-15 && a.b == 1 && a.c == -1)
        // scaledBy applies the scale first: (1, 0) × 2 + (2, 3) = (4, 3).
        #expect(CGPoint(x: 1, y: 0).applying(CGAffineTransform(translationX: 2, y: 3).scaledBy(x: 2, y: 2)) == CGPoint(x: 4, y: 3))
        // Concat(a, b) is a then b: scale by 2, then move by 10.
        let m = CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeTranslation(10, 0, 0))
        #expect(m.m11 == 2 && m.m41 == 10)
        #expect(CATransform3DGetAffineTransform(CATransform3DMakeAffineTransform(a)) == a)
        #expect(CATransform3DEqualToTransform(CATransform3DInvert(CATransform3DMakeTranslation(1, 2, 3)), CATransform3DMakeTranslation(-1, -2, -3)))
    }

    @Test func colorsConvertLikeUIKit() {
        func rgba(_ c: UIColor) -> [CGFloat] { c.cgColor.components! }
        #expect(rgba(UIColor(hue: 1.0 / 3, saturation: 1, brightness: 1, alpha: 1)).map { ($0 * 1e9).rounded() / 1e9 } == [0, 1, 0, 1])
        // HSV (180°, 0.5, 0.8): V = 0.8, min = V(1 − S) = 0.4, cyan hue → (0.4, 0.8, 0.8).
        let c = rgba(UIColor(hue: 0.5, saturation: 0.5, brightness: 0.8, alpha: 0.25))
        #expect(abs(c[0] - 0.4) < 1e-12 && abs(c[1] - 0.8) < 1e-12 && abs(c[2] - 0.8) < 1e-12 && c[3] == 0.25)
        #expect(rgba(.orange) == [1, 0.5, 0, 1] && rgba(UIColor(white: 0.5, alpha: 1)) == [0.5, 0.5, 0.5, 1])
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, al: CGFloat = 0
        #expect(UIColor.purple.withAlphaComponent(0.5).getRed(&r, green: &g, blue: &b, alpha: &al))
        #expect([r, g, b, al] == [0.5, 0, 0.5, 0.5])
    }

    @Test func timingFunctionsHaveApplesControlPoints() {
        var p: [Float] = [0, 0]
        CAMediaTimingFunction(name: .easeIn).getControlPoint(at: 1, values: &p)
        #expect(p == [0.42, 0])
        CAMediaTimingFunction(name: .default).getControlPoint(at: 2, values: &p)
        #expect(p == [0.25, 1])
        CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4).getControlPoint(at: 3, values: &p)
        #expect(p == [1, 1])
    }

    @Test func imagesAreFoundByName() throws {
        #expect(UIImage(named: "dot")?.size == CGSize(width: 32, height: 32))
        #expect(UIImage(named: "builtin:star")?.cgImage?.width == 64)
        #expect(UIImage(named: "no-such-image-anywhere") == nil)

        let dir = try FrameFiles.folder("images")
        defer { try? FileManager.default.removeItem(at: dir) }
        let pixels = Image(width: 3, height: 2, color: .white)
        try Data(PNGEncoder.encode(pixels)).write(to: dir.appendingPathComponent("oqc-test-picture.png"))
        try Data(PNGEncoder.encode(pixels)).write(to: dir.appendingPathComponent("oqc-test-retina@2x.png"))
        UIImage.searchPaths.append(dir.path)
        #expect(UIImage(named: "oqc-test-picture")?.size == CGSize(width: 3, height: 2))
        #expect(UIImage(named: "oqc-test-picture.png")?.cgImage?.width == 3)
        #expect(UIImage(named: "oqc-test-retina")?.scale == 2)

        let frame = UIImage(cgImage: CGImage(image: pixels))
        UIImage.register(frame, named: "oqc-walk0")
        UIImage.register(frame, named: "oqc-walk1")
        defer { UIImage.register(nil, named: "oqc-walk0"); UIImage.register(nil, named: "oqc-walk1") }
        let walk = try #require(UIImage.animatedImageNamed("oqc-walk", duration: 0.5))
        #expect(walk.images?.count == 2 && walk.duration == 0.5)
    }

    @Test func contentsGravityTopShowsAtTheBottomAsOnIOS() throws {
        // Core Animation's gravity names are y-up: on iOS `.top` puts the contents at the bottom of the
        // layer (UIKit's `contentMode = .top` is the on-screen top).
        func rows(_ configure: (CALayer) -> Void) throws -> (top: Bool, bottom: Bool) {
            try StardustClock.withClock {
                let layer = CALayer()
                layer.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
                layer.contents = CGImage(image: Image(width: 8, height: 2, color: .white))
                configure(layer)
                let dir = try FrameFiles.folder("gravity")
                defer { try? FileManager.default.removeItem(at: dir) }
                let path = dir.appendingPathComponent("f.png").path
                try layer.stardustRender(size: CGSize(width: 8, height: 8), duration: 1, fps: 1, scale: 1, frames: .single(0), to: path, quiet: true)
                let image = try ImageDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
                return (image.pixels[3] != 0, image.pixels[(7 * 8) * 4 + 3] != 0)
            }
        }
        let top = try rows { $0.contentsGravity = .top }
        #expect(top.bottom && !top.top)
        let bottom = try rows { $0.contentsGravity = .bottom }
        #expect(bottom.top && !bottom.bottom)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 8, height: 8))
        view.contentMode = .top
        #expect(view.layer.contentsGravity == .bottom)
    }

    @Test func bezierPathArcsTurnOnScreenAndCGPathArcsInYUpSense() {
        // UIKit: clockwise on screen, 0 → π/2 passes through the lower right quadrant (y down).
        let ui = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(ui.bounds.minY > -1e-9 && ui.bounds.maxY > 9.99)
        // CoreGraphics: clockwise in y-up terms, so on a flipped layer it goes the long way (through y < 0).
        let cg = CGMutablePath()
        cg.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(cg.boundingBox.minY < -9.99)
    }

    @Test func imageSequencesPlayAsAnimatedContents() {
        let layer = CALayer()
        let frames = (0..<3).map { _ in CGImage(image: Image(width: 2, height: 2, color: .white)) }
        let sequence = CAKeyframeAnimation(keyPath: "contents")
        sequence.values = frames
        sequence.calculationMode = .discrete
        sequence.duration = 0.9
        sequence.repeatCount = .infinity
        layer.add(sequence, forKey: "contents")
        #expect(layer.stardustLayer.animatedContents?.frames.count == 3)
        #expect(layer.stardustLayer.animatedContents?.frameIndex(at: 0.35) == 1)
    }
}
