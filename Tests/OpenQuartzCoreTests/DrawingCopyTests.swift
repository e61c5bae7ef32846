import Foundation
import OpenQuartzCore
import Stardust
import Testing

/// `CALayer(layer:)` (how Core Animation makes presentation layers) copies the drawing model: shadows, filter,
/// mask, a shape's path and dashes, a gradient's type and colors, a replicator's copies — as values: changing the
/// copy leaves the original alone.
@Suite struct DrawingCopyTests {
    @Test func aShapeLayerCopyKeepsShadowFilterMaskAndDashes() {
        let s = CAShapeLayer()
        s.path = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 20), transform: nil)
        s.fillColor = nil
        s.strokeColor = UIColor.red.cgColor
        s.lineWidth = 3
        s.lineCap = .round
        s.lineDashPattern = [6, 0, 3]
        s.lineDashPhase = 2
        s.shadowOpacity = 0.4
        s.shadowRadius = 7
        s.shadowOffset = CGSize(width: 1, height: 5)
        s.compositingFilter = "screenBlendMode"
        let m = CAShapeLayer()
        s.mask = m
        let c = CAShapeLayer(layer: s)
        #expect(c.path != nil && c.fillColor == nil && c.strokeColor == UIColor.red.cgColor && c.lineWidth == 3 && c.lineCap == .round)
        #expect(c.lineDashPattern == [6, 0, 3] && c.lineDashPhase == 2)
        #expect(c.shadowOpacity == 0.4 && c.shadowRadius == 7 && c.shadowOffset == CGSize(width: 1, height: 5))
        #expect(c.compositingFilter as? String == "screenBlendMode" && c.mask === m)
        c.lineDashPattern = [1, 1]
        c.shadowRadius = 1
        #expect(s.lineDashPattern == [6, 0, 3] && s.shadowRadius == 7)
    }

    @Test func gradientAndReplicatorCopiesKeepTheirOwnProperties() {
        let g = CAGradientLayer()
        g.type = .conic
        g.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
        g.locations = [0, 0.7]
        g.startPoint = CGPoint(x: 0.5, y: 0.5)
        g.endPoint = CGPoint(x: 1, y: 0.5)
        let gc = CAGradientLayer(layer: g)
        #expect(gc.type == .conic && gc.colors?.count == 2 && gc.locations == [0, 0.7])
        #expect(gc.startPoint == CGPoint(x: 0.5, y: 0.5) && gc.endPoint == CGPoint(x: 1, y: 0.5))
        gc.locations = [0, 1]
        #expect(g.locations == [0, 0.7])

        let r = CAReplicatorLayer()
        r.instanceCount = 4
        r.instanceDelay = 0.25
        r.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
        r.instanceAlphaOffset = -0.2
        let rc = CAReplicatorLayer(layer: r)
        #expect(rc.instanceCount == 4 && rc.instanceDelay == 0.25 && rc.instanceAlphaOffset == -0.2)
        #expect(CATransform3DEqualToTransform(rc.instanceTransform, CATransform3DMakeTranslation(10, 0, 0)))
    }
}
