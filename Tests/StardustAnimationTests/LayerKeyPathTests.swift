import Testing
import StardustCore
@testable import StardustAnimation

@Suite struct LayerKeyPathTests {
    private func number(_ layer: Layer, _ path: String) -> Double {
        layer.value(forKeyPath: path)?.doubleValue ?? .nan
    }

    @Test func defaults() {
        let l = Layer()
        #expect(l.anchorPoint == Point(0.5, 0.5))
        #expect(l.opacity == 1)
        #expect(l.contentsRect == Rect(0, 0, 1, 1))
        #expect(l.contentsGravity == .resize)
        #expect(l.contentsScale == 1)
        #expect(l.borderColor == .black)
        #expect(l.backgroundColor == nil)
        #expect(l.transform == .identity)
        #expect(!l.isHidden)
        #expect(!l.masksToBounds)
    }

    @Test func positionAndBoundsFields() {
        let l = Layer()
        l.setValue(.number(12), forKeyPath: "position.x")
        l.setValue(.number(-3), forKeyPath: "position.y")
        #expect(l.position == Point(12, -3))
        #expect(number(l, "position.x") == 12)
        l.setValue(.size(Size(100, 50)), forKeyPath: "bounds.size")
        l.setValue(.number(80), forKeyPath: "bounds.size.width")
        l.setValue(.point(Point(5, 6)), forKeyPath: "bounds.origin")
        #expect(l.bounds == Rect(5, 6, 80, 50))
        #expect(l.value(forKeyPath: "bounds.size") == .size(Size(80, 50)))
        #expect(number(l, "bounds.origin.y") == 6)
    }

    @Test func scalarsColorsAndHidden() {
        let l = Layer()
        for (k, v) in [("opacity", 0.4), ("zPosition", 3), ("cornerRadius", 8), ("borderWidth", 2), ("anchorPointZ", 1)] {
            l.setValue(.number(v), forKeyPath: k)
            #expect(number(l, k) == v, "\(k)")
        }
        #expect(l.opacity == 0.4)
        #expect(l.value(forKeyPath: "backgroundColor") == .color(.clear))
        l.setValue(.color(.red), forKeyPath: "backgroundColor")
        #expect(l.backgroundColor == .red)
        l.setValue(.color(.green), forKeyPath: "borderColor")
        #expect(l.borderColor == .green)
        l.setValue(.bool(true), forKeyPath: "hidden")
        #expect(l.isHidden)
        #expect(l.value(forKeyPath: "isHidden") == .bool(true))
        l.setValue(.number(0), forKeyPath: "isHidden")
        #expect(!l.isHidden)
        l.setValue(.point(Point(0, 1)), forKeyPath: "anchorPoint")
        #expect(l.anchorPoint == Point(0, 1))
    }

    @Test func unknownKeyPathsAndWrongTypesAreIgnored() {
        let l = Layer()
        #expect(l.value(forKeyPath: "nonsense") == nil)
        #expect(l.value(forKeyPath: "position.z") == nil)
        l.setValue(.number(3), forKeyPath: "position")
        l.setValue(.string("x"), forKeyPath: "opacity")
        l.setValue(.number(3), forKeyPath: "nonsense.x")
        #expect(l.position == .zero)
        #expect(l.opacity == 1)
    }

    @Test func contentsRectFields() {
        let l = Layer()
        l.setValue(.number(0.25), forKeyPath: "contentsRect.origin.x")
        l.setValue(.number(0.5), forKeyPath: "contentsRect.origin.y")
        l.setValue(.number(0.25), forKeyPath: "contentsRect.size.width")
        l.setValue(.number(0.5), forKeyPath: "contentsRect.size.height")
        #expect(l.contentsRect == Rect(0.25, 0.5, 0.25, 0.5))
        #expect(l.value(forKeyPath: "contentsRect.origin") == .point(Point(0.25, 0.5)))
        #expect(l.value(forKeyPath: "contentsRect.size") == .size(Size(0.25, 0.5)))
        l.setValue(.size(Size(1, 1)), forKeyPath: "contentsRect.size")
        #expect(l.contentsRect == Rect(0.25, 0.5, 1, 1))
    }

    @Test func transformRotationRoundTrip() {
        let l = Layer()
        l.setValue(.number(.pi / 3), forKeyPath: "transform.rotation")
        // Rz(π/3) rows: (cos, sin), (−sin, cos).
        #expect(abs(l.transform.m11 - 0.5) <= 1e-12)
        #expect(abs(l.transform.m12 - 3.0.squareRoot() / 2) <= 1e-12)
        #expect(abs(l.transform.m21 - (-3.0.squareRoot() / 2)) <= 1e-12)
        #expect(abs(number(l, "transform.rotation") - .pi / 3) <= 1e-12)
        #expect(abs(number(l, "transform.rotation.z") - .pi / 3) <= 1e-12)
        #expect(abs(number(l, "transform.rotation.x")) <= 1e-12)
    }

    @Test func transformScaleAndTranslation() {
        let l = Layer()
        l.setValue(.number(2), forKeyPath: "transform.scale")
        #expect(l.transform == Transform3D(scaleX: 2, y: 2, z: 2))
        #expect(abs(number(l, "transform.scale") - 2) <= 1e-12)
        l.setValue(.number(3), forKeyPath: "transform.scale.x")
        l.setValue(.number(0.5), forKeyPath: "transform.scale.z")
        #expect(abs(number(l, "transform.scale.x") - 3) <= 1e-12)
        #expect(abs(number(l, "transform.scale.y") - 2) <= 1e-12)
        // The mean of the three factors: (3 + 2 + 0.5) / 3.
        #expect(abs(number(l, "transform.scale") - 5.5 / 3) <= 1e-12)
        l.setValue(.number(10), forKeyPath: "transform.translation.x")
        l.setValue(.number(-4), forKeyPath: "transform.translation.y")
        #expect(l.value(forKeyPath: "transform.translation") == .size(Size(10, -4)))
        #expect(l.transform.m41 == 10)
        #expect(l.transform.m42 == -4)
        #expect(abs(l.transform.m11 - 3) <= 1e-12)
        l.setValue(.size(Size(1, 2)), forKeyPath: "transform.translation")
        #expect(number(l, "transform.translation.y") == 2)
    }

    @Test func rotationRebuildKeepsScaleAndTranslation() {
        let l = Layer()
        l.transform = Transform3D(scaleX: 2, y: 3, z: 1).concatenating(Transform3D(translationX: 5, y: 7, z: 0))
        l.setValue(.number(.pi / 2), forKeyPath: "transform.rotation")
        // S(2,3) · Rz(π/2) · T(5,7): (1,0) → (2,0) → (0,2) → (5,9); (0,1) → (0,3) → (−3,0) → (2,7).
        let p = l.transform.project(Vector3(1, 0, 0)).point, q = l.transform.project(Vector3(0, 1, 0)).point
        #expect(abs(p.x - 5) <= 1e-12); #expect(abs(p.y - 9) <= 1e-12)
        #expect(abs(q.x - 2) <= 1e-12); #expect(abs(q.y - 7) <= 1e-12)
    }

    @Test func eulerDecompositionRoundTrip() {
        let c = TransformComponents(translation: Vector3(1, 2, 3), rotation: Vector3(0.3, -0.4, 1.2), scale: Vector3(2, 0.5, 1.5))
        let d = TransformComponents(c.transform())
        #expect(abs(d.rotation.x - 0.3) <= 1e-12)
        #expect(abs(d.rotation.y - (-0.4)) <= 1e-12)
        #expect(abs(d.rotation.z - 1.2) <= 1e-12)
        #expect(abs(d.scale.x - 2) <= 1e-12)
        #expect(abs(d.scale.y - 0.5) <= 1e-12)
        #expect(abs(d.scale.z - 1.5) <= 1e-12)
        #expect(d.translation == Vector3(1, 2, 3))
        // Rotation about y by a is the CATransform3DMakeRotation(a, 0, 1, 0) matrix.
        #expect(abs(TransformComponents(Transform3D(rotationAngle: 0.7, x: 0, y: 1, z: 0)).rotation.y - 0.7) <= 1e-12)
    }

    @Test func settingRotationKeepsPerspective() {
        let l = Layer()
        var t = Transform3D.identity
        t.m34 = -1.0 / 500
        l.transform = t
        l.setValue(.number(0.5), forKeyPath: "transform.rotation.y")
        #expect(l.transform.m34 == -1.0 / 500)
        #expect(abs(number(l, "transform.rotation.y") - 0.5) <= 1e-12)
    }

    @Test func sublayerTransformKeyPaths() {
        let l = Layer()
        l.setValue(.number(2), forKeyPath: "sublayerTransform.scale.x")
        l.setValue(.number(.pi), forKeyPath: "sublayerTransform.rotation")
        #expect(abs(number(l, "sublayerTransform.scale.x") - 2) <= 1e-12)
        #expect(abs(abs(number(l, "sublayerTransform.rotation.z")) - .pi) <= 1e-12)
        #expect(l.transform == .identity)
    }

    @Test func frameIsDerived() {
        let l = Layer()
        l.bounds = Rect(0, 0, 100, 50)
        l.position = Point(200, 100)
        #expect(l.frame == Rect(150, 75, 100, 50))
        l.frame = Rect(10, 20, 40, 30)
        #expect(l.position == Point(30, 35))
        #expect(l.bounds.size == Size(40, 30))
        l.transform = Transform3D(scaleX: 2, y: 2, z: 1)
        #expect(l.frame == Rect(-10, 5, 80, 60))
    }

    @Test func treeEditing() {
        let a = Layer(), b = Layer(), c = Layer()
        a.addSublayer(b)
        a.insertSublayer(c, at: 0)
        #expect(a.sublayers[0] === c && a.sublayers[1] === b)
        #expect(b.superlayer === a)
        c.addSublayer(b)   // moves b
        #expect(a.sublayers.count == 1)
        #expect(b.superlayer === c)
        b.addSublayer(a)   // would make a cycle: ignored
        #expect(b.sublayers.isEmpty)
        b.removeFromSuperlayer()
        #expect(b.superlayer == nil)
        #expect(c.sublayers.isEmpty)
    }

    @Test func subclassKeyPaths() {
        let t = TextLayer()
        t.setValue(.number(20), forKeyPath: "fontSize")
        t.setValue(.number(5), forKeyPath: "position.x")
        #expect(t.fontSize == 20)
        #expect(t.position.x == 5)
        let s = ShapeLayer()
        s.setValue(.number(0.5), forKeyPath: "strokeEnd")
        #expect(s.value(forKeyPath: "strokeEnd") == .number(0.5))
        #expect(s.value(forKeyPath: "strokeColor") == .color(.clear))
        let g = GradientLayer()
        g.setValue(.number(0.25), forKeyPath: "startPoint.x")
        #expect(g.startPoint == Point(0.25, 0))
    }
}
