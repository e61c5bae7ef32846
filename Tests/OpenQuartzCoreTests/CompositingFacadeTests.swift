import Foundation
import OpenQuartzCore
import Stardust
import Testing

/// Apple's names for masks, compositing filters, shadows and replicators (docs/DRAWING.md): the code below is
/// written as it is on iOS (and as `export-swift` writes it), so it compiling here is half the test.
@Suite struct CompositingFacadeTests {
    @Test func shadowDefaultsAreCoreAnimations() {
        let l = CALayer()
        #expect(l.shadowOpacity == 0 && l.shadowRadius == 3 && l.shadowOffset == CGSize(width: 0, height: -3))
        #expect(l.shadowColor == UIColor.black.cgColor && l.shadowPath == nil && l.mask == nil && l.compositingFilter == nil)
    }

    @Test func maskFilterAndShadowReachTheEngine() {
        let card = CALayer()
        let mask = CAShapeLayer()
        mask.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        card.mask = mask
        card.compositingFilter = "multiplyBlendMode"
        card.shadowOpacity = 0.5
        card.shadowRadius = 6
        card.shadowOffset = CGSize(width: 0, height: 4)
        card.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
        #expect(card.mask === mask && card.stardustLayer.mask === mask.stardustLayer)
        #expect(card.compositingFilter as? String == "multiplyBlendMode" && card.stardustLayer.compositingFilter == .multiply)
        #expect(card.stardustLayer.shadowOpacity == 0.5 && card.stardustLayer.shadowOffset == Size(0, 4))
        #expect(card.stardustLayer.shadowPath != nil)
        card.compositingFilter = nil
        #expect(card.stardustLayer.compositingFilter == nil)
    }

    @Test func replicatorLayerTakesApplesTypes() {
        let r = CAReplicatorLayer()
        r.instanceCount = 5
        r.instanceDelay = 0.1
        r.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
        r.instanceColor = UIColor.white.cgColor
        r.instanceRedOffset = -0.1
        r.instanceAlphaOffset = -0.2
        #expect(r.stardustReplicator.instanceCount == 5 && r.stardustReplicator.instanceDelay == 0.1)
        #expect(r.stardustReplicator.instanceTransform.m41 == 10)
        #expect(abs(r.stardustReplicator.instanceAlphaOffset + 0.2) < 1e-6)
    }
}

/// `export-swift` writes masks, filters, shadows and replicators with Apple's names (the statements the test
/// above compiles against OpenQuartzCore); the luminance extension is reported as omitted.
@Suite struct CompositingExportTests {
    @Test func exportWritesApplesStatements() {
        let scene = Scene(name: "composite", size: Size(100, 100))
        let card = Layer()
        card.name = "card"
        card.compositingFilter = .screen
        card.shadowOpacity = 0.5; card.shadowRadius = 6; card.shadowOffset = Size(0, 4)
        let m = ShapeLayer()
        m.name = "hole"
        card.mask = m
        card.maskMode = .luminance
        let r = ReplicatorLayer()
        r.name = "row"
        r.instanceCount = 4; r.instanceRedOffset = -0.25
        scene.root.addSublayer(card); scene.root.addSublayer(r)
        let e = SwiftExporter.export(scene)
        #expect(e.source.contains(#"card.compositingFilter = "screenBlendMode""#))
        #expect(e.source.contains("card.shadowOpacity = 0.5") && e.source.contains("card.shadowRadius = 6"))
        #expect(e.source.contains("card.shadowOffset = CGSize(width: 0, height: 4)"))
        #expect(e.source.contains("card.mask = hole"))
        #expect(e.source.contains("let row = CAReplicatorLayer()") && e.source.contains("row.instanceCount = 4"))
        #expect(e.source.contains("row.instanceRedOffset = -0.25"))
        #expect(e.omissions.contains { $0.contains("luminance") })
    }
}
