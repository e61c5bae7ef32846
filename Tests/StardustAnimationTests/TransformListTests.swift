import Foundation
import Testing
import StardustCore
@testable import StardustAnimation

@Suite struct TransformListTests {
    /// Rotation on a y-down screen, written out by hand.
    private func rot(_ p: (Double, Double), _ a: Double) -> (Double, Double) { (cos(a) * p.0 - sin(a) * p.1, sin(a) * p.0 + cos(a) * p.1) }

    @Test func parsesAndComposesEachInThePreviousCoordinateSystem() throws {
        let list = try TransformList(parsing: "rotate(30deg) translate(10px, 20px) rotate(-0.5rad) scale(2)")
        #expect(list.functions.count == 4)
        #expect(list.functions[1] == .translate(x: 10, y: 20))
        #expect(list.functions[3] == .scale(x: 2, y: 2))
        // The last function acts first on a point: scale, rotate −0.5, translate, rotate 30°.
        var p = (2.0, 2.0)                       // (1, 1) scaled by 2
        p = rot(p, -0.5)
        p = (p.0 + 10, p.1 + 20)
        p = rot(p, 30 * .pi / 180)
        let q = list.affineTransform.apply(to: Point(1, 1))
        #expect(abs(q.x - p.0) <= 1e-9); #expect(abs(q.y - p.1) <= 1e-9)
        // translate then rotate: (1, 0) → rotated (0, 1) → translated (10, 1).
        let r = try TransformList(parsing: "translate(10,0) rotate(90deg)").affineTransform.apply(to: Point(1, 0))
        #expect(abs(r.x - 10) <= 1e-12); #expect(abs(r.y - 1) <= 1e-12)
    }

    @Test func unitsAndForms() throws {
        let l = try TransformList(parsing: " rotate(0.25turn)  rotate(100grad)rotate(1) translateX(3) translateY(-4.5e1px) scale(2, 3) scaleY(0.5) skewX(45deg) matrix(1,0,0,1,5,6) ")
        #expect(l.functions[0] == .rotate(.pi / 2))
        #expect(l.functions[1] == .rotate(.pi / 2))
        #expect(l.functions[2] == .rotate(1))
        #expect(l.functions[3] == .translate(x: 3, y: 0))
        #expect(l.functions[4] == .translate(x: 0, y: -45))
        #expect(l.functions[5] == .scale(x: 2, y: 3))
        #expect(l.functions[6] == .scale(x: 1, y: 0.5))
        #expect(l.functions[7] == .skew(x: .pi / 4, y: 0))
        #expect(l.functions[8] == .matrix(Transform2D(translationX: 5, y: 6)))
        #expect(try TransformList(parsing: "none").functions == [])
        #expect(try TransformList(parsing: "").functions == [])
        // skewX(45°) shears x by y.
        let s = TransformList([.skew(x: .pi / 4, y: 0)]).affineTransform.apply(to: Point(0, 2))
        #expect(abs(s.x - 2) <= 1e-12); #expect(abs(s.y - 2) <= 1e-12)
    }

    @Test(arguments: [("rotate(30px)", 9), ("foo(1)", 0), ("translate(1", 11), ("scale()", 6), ("rotate 30deg", 7),
                      ("translate(1, 2, 3)", 16), ("rotate(1), rotate(2)", 9), ("rotate(abc)", 7)])
    func badInputThrowsWithPosition(text: String, offset: Int) throws {
        let error = try #require(throws: (any Error).self, "\(text)") { _ = try TransformList(parsing: text) }
        let e = try #require(error as? TransformListError, "wrong error type")
        #expect(e.offset == offset, "\(text): \(e)")
        #expect(!e.message.isEmpty)
    }

    @Test func interpolatesFunctionByFunction() throws {
        let a = try TransformList(parsing: "rotate(0deg) translate(0px, 0px)")
        let b = try TransformList(parsing: "rotate(720deg) translate(100px, 40px)")
        let m = a.interpolated(to: b, fraction: 0.25)
        // Function by function: two full turns make 180° at a quarter (a matrix blend could not).
        guard case .rotate(let angle) = m.functions[0] else { Issue.record(); return }
        #expect(abs(angle - .pi) <= 1e-12)
        #expect(m.functions[1] == .translate(x: 25, y: 10))
        // Empty lists read as identity of the other's shape.
        #expect(TransformList().interpolated(to: b, fraction: 0.5).functions[1] == .translate(x: 50, y: 20))
        // Different shapes fall back to decomposed matrices, exact at the ends.
        let c = try TransformList(parsing: "translate(10px, 0)"), d = try TransformList(parsing: "rotate(90deg)")
        let end = c.interpolated(to: d, fraction: 1).affineTransform.apply(to: Point(1, 0))
        #expect(abs(end.x) <= 1e-12); #expect(abs(end.y - 1) <= 1e-12)
        let mid = c.interpolated(to: d, fraction: 0.5).affineTransform.apply(to: Point(0, 0))
        #expect(abs(mid.x - 5) <= 1e-12)
    }
}

@Suite struct TransformListAnimationTests {
    @Test func animatesFunctionByFunction() throws {
        let a = TransformListAnimation(from: try TransformList(parsing: "translate(0, 0) rotate(0deg)"),
                                       to: try TransformList(parsing: "translate(60px, 30px) rotate(540deg)"),
                                       timing: MediaTiming(duration: 1))
        #expect(a.keyPath == "transform")
        // At 1/3: translate(20, 10) rotate(180°): (1, 0) → (−1, 0) → (19, 10).
        let m = a.value(on: .transform(.identity), at: 1.0 / 3)!.transform!
        let p = m.affine.apply(to: Point(1, 0))
        #expect(abs(p.x - 19) <= 1e-9); #expect(abs(p.y - 10) <= 1e-9)
        #expect(a.value(on: .transform(.identity), at: 1.5) == nil)
    }
}
