import XCTest
import StardustCore
@testable import StardustAnimation

final class LayerKeyPathTests: XCTestCase {
    private func number(_ layer: Layer, _ path: String) -> Double {
        layer.value(forKeyPath: path)?.doubleValue ?? .nan
    }

    func testDefaults() {
        let l = Layer()
        XCTAssertEqual(l.anchorPoint, Point(0.5, 0.5))
        XCTAssertEqual(l.opacity, 1)
        XCTAssertEqual(l.contentsRect, Rect(0, 0, 1, 1))
        XCTAssertEqual(l.contentsGravity, .resize)
        XCTAssertEqual(l.contentsScale, 1)
        XCTAssertEqual(l.borderColor, .black)
        XCTAssertNil(l.backgroundColor)
        XCTAssertEqual(l.transform, .identity)
        XCTAssertFalse(l.isHidden)
        XCTAssertFalse(l.masksToBounds)
    }

    func testPositionAndBoundsFields() {
        let l = Layer()
        l.setValue(.number(12), forKeyPath: "position.x")
        l.setValue(.number(-3), forKeyPath: "position.y")
        XCTAssertEqual(l.position, Point(12, -3))
        XCTAssertEqual(number(l, "position.x"), 12)
        l.setValue(.size(Size(100, 50)), forKeyPath: "bounds.size")
        l.setValue(.number(80), forKeyPath: "bounds.size.width")
        l.setValue(.point(Point(5, 6)), forKeyPath: "bounds.origin")
        XCTAssertEqual(l.bounds, Rect(5, 6, 80, 50))
        XCTAssertEqual(l.value(forKeyPath: "bounds.size"), .size(Size(80, 50)))
        XCTAssertEqual(number(l, "bounds.origin.y"), 6)
    }

    func testScalarsColorsAndHidden() {
        let l = Layer()
        for (k, v) in [("opacity", 0.4), ("zPosition", 3), ("cornerRadius", 8), ("borderWidth", 2), ("anchorPointZ", 1)] {
            l.setValue(.number(v), forKeyPath: k)
            XCTAssertEqual(number(l, k), v, k)
        }
        XCTAssertEqual(l.opacity, 0.4)
        XCTAssertEqual(l.value(forKeyPath: "backgroundColor"), .color(.clear))
        l.setValue(.color(.red), forKeyPath: "backgroundColor")
        XCTAssertEqual(l.backgroundColor, .red)
        l.setValue(.color(.green), forKeyPath: "borderColor")
        XCTAssertEqual(l.borderColor, .green)
        l.setValue(.bool(true), forKeyPath: "hidden")
        XCTAssertTrue(l.isHidden)
        XCTAssertEqual(l.value(forKeyPath: "isHidden"), .bool(true))
        l.setValue(.number(0), forKeyPath: "isHidden")
        XCTAssertFalse(l.isHidden)
        l.setValue(.point(Point(0, 1)), forKeyPath: "anchorPoint")
        XCTAssertEqual(l.anchorPoint, Point(0, 1))
    }

    func testUnknownKeyPathsAndWrongTypesAreIgnored() {
        let l = Layer()
        XCTAssertNil(l.value(forKeyPath: "nonsense"))
        XCTAssertNil(l.value(forKeyPath: "position.z"))
        l.setValue(.number(3), forKeyPath: "position")
        l.setValue(.string("x"), forKeyPath: "opacity")
        l.setValue(.number(3), forKeyPath: "nonsense.x")
        XCTAssertEqual(l.position, .zero)
        XCTAssertEqual(l.opacity, 1)
    }

    func testContentsRectFields() {
        let l = Layer()
        l.setValue(.number(0.25), forKeyPath: "contentsRect.origin.x")
        l.setValue(.number(0.5), forKeyPath: "contentsRect.origin.y")
        l.setValue(.number(0.25), forKeyPath: "contentsRect.size.width")
        l.setValue(.number(0.5), forKeyPath: "contentsRect.size.height")
        XCTAssertEqual(l.contentsRect, Rect(0.25, 0.5, 0.25, 0.5))
        XCTAssertEqual(l.value(forKeyPath: "contentsRect.origin"), .point(Point(0.25, 0.5)))
        XCTAssertEqual(l.value(forKeyPath: "contentsRect.size"), .size(Size(0.25, 0.5)))
        l.setValue(.size(Size(1, 1)), forKeyPath: "contentsRect.size")
        XCTAssertEqual(l.contentsRect, Rect(0.25, 0.5, 1, 1))
    }

    func testTransformRotationRoundTrip() {
        let l = Layer()
        l.setValue(.number(.pi / 3), forKeyPath: "transform.rotation")
        // Rz(π/3) rows: (cos, sin), (−sin, cos).
        XCTAssertEqual(l.transform.m11, 0.5, accuracy: 1e-12)
        XCTAssertEqual(l.transform.m12, 3.0.squareRoot() / 2, accuracy: 1e-12)
        XCTAssertEqual(l.transform.m21, -3.0.squareRoot() / 2, accuracy: 1e-12)
        XCTAssertEqual(number(l, "transform.rotation"), .pi / 3, accuracy: 1e-12)
        XCTAssertEqual(number(l, "transform.rotation.z"), .pi / 3, accuracy: 1e-12)
        XCTAssertEqual(number(l, "transform.rotation.x"), 0, accuracy: 1e-12)
    }

    func testTransformScaleAndTranslation() {
        let l = Layer()
        l.setValue(.number(2), forKeyPath: "transform.scale")
        XCTAssertEqual(l.transform, Transform3D(scaleX: 2, y: 2, z: 2))
        XCTAssertEqual(number(l, "transform.scale"), 2, accuracy: 1e-12)
        l.setValue(.number(3), forKeyPath: "transform.scale.x")
        l.setValue(.number(0.5), forKeyPath: "transform.scale.z")
        XCTAssertEqual(number(l, "transform.scale.x"), 3, accuracy: 1e-12)
        XCTAssertEqual(number(l, "transform.scale.y"), 2, accuracy: 1e-12)
        // The mean of the three factors: (3 + 2 + 0.5) / 3.
        XCTAssertEqual(number(l, "transform.scale"), 5.5 / 3, accuracy: 1e-12)
        l.setValue(.number(10), forKeyPath: "transform.translation.x")
        l.setValue(.number(-4), forKeyPath: "transform.translation.y")
        XCTAssertEqual(l.value(forKeyPath: "transform.translation"), .size(Size(10, -4)))
        XCTAssertEqual(l.transform.m41, 10)
        XCTAssertEqual(l.transform.m42, -4)
        XCTAssertEqual(l.transform.m11, 3, accuracy: 1e-12)
        l.setValue(.size(Size(1, 2)), forKeyPath: "transform.translation")
        XCTAssertEqual(number(l, "transform.translation.y"), 2)
    }

    func testRotationRebuildKeepsScaleAndTranslation() {
        let l = Layer()
        l.transform = Transform3D(scaleX: 2, y: 3, z: 1).concatenating(Transform3D(translationX: 5, y: 7, z: 0))
        l.setValue(.number(.pi / 2), forKeyPath: "transform.rotation")
        // S(2,3) · Rz(π/2) · T(5,7): (1,0) → (2,0) → (0,2) → (5,9); (0,1) → (0,3) → (−3,0) → (2,7).
        let p = l.transform.project(Vector3(1, 0, 0)).point, q = l.transform.project(Vector3(0, 1, 0)).point
        XCTAssertEqual(p.x, 5, accuracy: 1e-12); XCTAssertEqual(p.y, 9, accuracy: 1e-12)
        XCTAssertEqual(q.x, 2, accuracy: 1e-12); XCTAssertEqual(q.y, 7, accuracy: 1e-12)
    }

    func testEulerDecompositionRoundTrip() {
        let c = TransformComponents(translation: Vector3(1, 2, 3), rotation: Vector3(0.3, -0.4, 1.2), scale: Vector3(2, 0.5, 1.5))
        let d = TransformComponents(c.transform())
        XCTAssertEqual(d.rotation.x, 0.3, accuracy: 1e-12)
        XCTAssertEqual(d.rotation.y, -0.4, accuracy: 1e-12)
        XCTAssertEqual(d.rotation.z, 1.2, accuracy: 1e-12)
        XCTAssertEqual(d.scale.x, 2, accuracy: 1e-12)
        XCTAssertEqual(d.scale.y, 0.5, accuracy: 1e-12)
        XCTAssertEqual(d.scale.z, 1.5, accuracy: 1e-12)
        XCTAssertEqual(d.translation, Vector3(1, 2, 3))
        // Rotation about y by a is the CATransform3DMakeRotation(a, 0, 1, 0) matrix.
        XCTAssertEqual(TransformComponents(Transform3D(rotationAngle: 0.7, x: 0, y: 1, z: 0)).rotation.y, 0.7, accuracy: 1e-12)
    }

    func testSettingRotationKeepsPerspective() {
        let l = Layer()
        var t = Transform3D.identity
        t.m34 = -1.0 / 500
        l.transform = t
        l.setValue(.number(0.5), forKeyPath: "transform.rotation.y")
        XCTAssertEqual(l.transform.m34, -1.0 / 500)
        XCTAssertEqual(number(l, "transform.rotation.y"), 0.5, accuracy: 1e-12)
    }

    func testSublayerTransformKeyPaths() {
        let l = Layer()
        l.setValue(.number(2), forKeyPath: "sublayerTransform.scale.x")
        l.setValue(.number(.pi), forKeyPath: "sublayerTransform.rotation")
        XCTAssertEqual(number(l, "sublayerTransform.scale.x"), 2, accuracy: 1e-12)
        XCTAssertEqual(abs(number(l, "sublayerTransform.rotation.z")), .pi, accuracy: 1e-12)
        XCTAssertEqual(l.transform, .identity)
    }

    func testFrameIsDerived() {
        let l = Layer()
        l.bounds = Rect(0, 0, 100, 50)
        l.position = Point(200, 100)
        XCTAssertEqual(l.frame, Rect(150, 75, 100, 50))
        l.frame = Rect(10, 20, 40, 30)
        XCTAssertEqual(l.position, Point(30, 35))
        XCTAssertEqual(l.bounds.size, Size(40, 30))
        l.transform = Transform3D(scaleX: 2, y: 2, z: 1)
        XCTAssertEqual(l.frame, Rect(-10, 5, 80, 60))
    }

    func testTreeEditing() {
        let a = Layer(), b = Layer(), c = Layer()
        a.addSublayer(b)
        a.insertSublayer(c, at: 0)
        XCTAssertTrue(a.sublayers[0] === c && a.sublayers[1] === b)
        XCTAssertTrue(b.superlayer === a)
        c.addSublayer(b)   // moves b
        XCTAssertEqual(a.sublayers.count, 1)
        XCTAssertTrue(b.superlayer === c)
        b.addSublayer(a)   // would make a cycle: ignored
        XCTAssertTrue(b.sublayers.isEmpty)
        b.removeFromSuperlayer()
        XCTAssertNil(b.superlayer)
        XCTAssertTrue(c.sublayers.isEmpty)
    }

    func testSubclassKeyPaths() {
        let t = TextLayer()
        t.setValue(.number(20), forKeyPath: "fontSize")
        t.setValue(.number(5), forKeyPath: "position.x")
        XCTAssertEqual(t.fontSize, 20)
        XCTAssertEqual(t.position.x, 5)
        let s = ShapeLayer()
        s.setValue(.number(0.5), forKeyPath: "strokeEnd")
        XCTAssertEqual(s.value(forKeyPath: "strokeEnd"), .number(0.5))
        XCTAssertEqual(s.value(forKeyPath: "strokeColor"), .color(.clear))
        let g = GradientLayer()
        g.setValue(.number(0.25), forKeyPath: "startPoint.x")
        XCTAssertEqual(g.startPoint, Point(0.25, 0))
    }
}
