import Testing
import StardustCore
@testable import StardustAnimation

@Suite struct BasicAnimationTests {
    private func value(_ a: Animation, base: Double = 10, at t: Double) -> Double? { a.value(on: .number(base), at: t)?.number }

    @Test func fromToByCombinations() {
        let timing = MediaTiming(duration: 1)
        // from + to
        #expect(value(BasicAnimation(from: .number(0), to: .number(10), timing: timing), at: 0.25) == 2.5)
        // from + by: 5 → 15
        #expect(value(BasicAnimation(from: .number(5), by: .number(10), timing: timing), at: 0.5) == 10)
        // by + to: 6 → 10
        #expect(value(BasicAnimation(to: .number(10), by: .number(4), timing: timing), at: 0.5) == 8)
        // from only: from → base (10)
        #expect(value(BasicAnimation(from: .number(2), timing: timing), at: 0.5) == 6)
        // to only: base (10) → to
        #expect(value(BasicAnimation(to: .number(20), timing: timing), at: 0.5) == 15)
        // by only: base → base + by
        #expect(value(BasicAnimation(by: .number(4), timing: timing), at: 0.5) == 12)
        // none: no effect
        #expect(value(BasicAnimation(timing: timing), at: 0.5) == nil)
        // from + to + by: from and to win
        #expect(value(BasicAnimation(from: .number(0), to: .number(10), by: .number(100), timing: timing), at: 0.5) == 5)
    }

    @Test func timingFunctionAndDefaultDuration() {
        let a = BasicAnimation(from: .number(0), to: .number(10))
        a.timingFunction = .easeIn
        // Default duration 0.25: t = 0.125 is progress 0.5 → easeIn(0.5) = 0.31536.
        #expect(abs(value(a, at: 0.125)! - 3.1536) <= 1e-3)
        #expect(value(a, at: 0.25) == nil)
        a.timing.fillMode = .forwards
        #expect(value(a, at: 5) == 10)
    }

    @Test func interpolatesEveryKind() {
        #expect(AnimatableValue.point(Point(0, 0)).interpolated(to: .point(Point(10, 20)), fraction: 0.5) == .point(Point(5, 10)))
        #expect(AnimatableValue.size(Size(2, 4)).interpolated(to: .size(Size(4, 8)), fraction: 0.5) == .size(Size(3, 6)))
        #expect(AnimatableValue.rect(Rect(0, 0, 10, 10)).interpolated(to: .rect(Rect(10, 20, 30, 40)), fraction: 0.5)
                == .rect(Rect(5, 10, 20, 25)))
        #expect(AnimatableValue.color(Color(red: 1, green: 0, blue: 0, alpha: 1))
                    .interpolated(to: .color(Color(red: 0, green: 0, blue: 1, alpha: 0)), fraction: 0.25)
                == .color(Color(red: 0.75, green: 0, blue: 0.25, alpha: 0.75)))
        #expect(AnimatableValue.bool(false).interpolated(to: .bool(true), fraction: 0.49) == .bool(false))
        #expect(AnimatableValue.bool(false).interpolated(to: .bool(true), fraction: 0.5) == .bool(true))
        // Extrapolation (springs overshoot).
        #expect(abs(AnimatableValue.number(0).interpolated(to: .number(10), fraction: 1.2).number! - 12) <= 1e-12)
    }

    private func assertTransform(_ v: AnimatableValue?, maps p: Point, to q: Point, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let m = v?.transform else { Issue.record("no transform", sourceLocation: sourceLocation); return }
        let r = m.affine.apply(to: p)
        #expect(abs(r.x - q.x) <= 1e-9, sourceLocation: sourceLocation)
        #expect(abs(r.y - q.y) <= 1e-9, sourceLocation: sourceLocation)
    }

    @Test func transformsInterpolateByDecomposition() {
        let id = AnimatableValue.transform(.identity)
        let rot = AnimatableValue.transform(Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1))
        // Half-way is a 45° rotation (a component-wise blend would shrink the point).
        let s = 0.5.squareRoot()
        assertTransform(id.interpolated(to: rot, fraction: 0.5), maps: Point(1, 0), to: Point(s, s))
        // Scale 1 → 3 is scale 2 half-way.
        assertTransform(id.interpolated(to: .transform(Transform3D(scaleX: 3, y: 3, z: 1)), fraction: 0.5), maps: Point(1, 1), to: Point(2, 2))
        // 170° → −170° goes the short way, through 180°.
        let a = AnimatableValue.transform(Transform3D(rotationAngle: 170 * .pi / 180, x: 0, y: 0, z: 1))
        let b = AnimatableValue.transform(Transform3D(rotationAngle: -170 * .pi / 180, x: 0, y: 0, z: 1))
        assertTransform(a.interpolated(to: b, fraction: 0.5), maps: Point(1, 0), to: Point(-1, 0))
        // Translation + rotation: translation moves linearly.
        let tr = AnimatableValue.transform(Transform3D(Transform2D(rotationAngle: .pi / 2).concatenating(.init(translationX: 10, y: 20))))
        assertTransform(id.interpolated(to: tr, fraction: 0.5), maps: Point(0, 0), to: Point(5, 10))
        // Reflections survive a round trip.
        let flip = Transform2D(a: -2, b: 0, c: 0.5, d: 3, tx: 1, ty: 2)
        let back = AffineDecomposition(flip).transform
        #expect(abs(back.a - flip.a) <= 1e-12); #expect(abs(back.b - flip.b) <= 1e-12)
        #expect(abs(back.c - flip.c) <= 1e-12); #expect(abs(back.d - flip.d) <= 1e-12)
        // Perspective transforms blend entry by entry.
        var p = Transform3D.identity; p.m34 = -0.002
        let m = AnimatableValue.transform(.identity).interpolated(to: .transform(p), fraction: 0.5).transform!
        #expect(abs(m.m34 - (-0.001)) <= 1e-15)
    }

    @Test func additive() {
        let a = BasicAnimation(from: .number(0), to: .number(10), timing: MediaTiming(duration: 1))
        a.isAdditive = true
        #expect(value(a, base: 100, at: 0.5) == 105)
        // Transforms concatenate: the animation's rotation first, then the model's translation.
        let r = BasicAnimation(from: .transform(Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)),
                               to: .transform(Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)), timing: MediaTiming(duration: 1))
        r.isAdditive = true
        assertTransform(r.value(on: .transform(Transform3D(translationX: 100, y: 0, z: 0)), at: 0.5), maps: Point(1, 0), to: Point(100, 1))
    }

    @Test func cumulative() {
        let a = BasicAnimation(from: .number(0), to: .number(10), timing: MediaTiming(duration: 1, repeatCount: 3))
        a.isCumulative = true
        #expect(abs(value(a, at: 0.5)! - 5) <= 1e-12)
        #expect(abs(value(a, at: 1.5)! - 15) <= 1e-12)
        #expect(abs(value(a, at: 2.25)! - 22.5) <= 1e-12)
        // Non-zero start: the end value (not the span) is added per completed cycle (CAAnimation.h).
        let b = BasicAnimation(from: .number(5), to: .number(10), timing: MediaTiming(duration: 1, repeatCount: 2))
        b.isCumulative = true
        #expect(abs(value(b, at: 1.5)! - 17.5) <= 1e-12)
        // Transforms: a quarter turn per cycle keeps turning.
        let r = BasicAnimation(from: .transform(.identity), to: .transform(Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)),
                               timing: MediaTiming(duration: 1, repeatCount: 2))
        r.isCumulative = true
        let s = 0.5.squareRoot()
        assertTransform(r.value(on: .transform(.identity), at: 1.5), maps: Point(1, 0), to: Point(-s, s))
    }

    @Test func fillForwardsHoldsEndValue() {
        let a = BasicAnimation(from: .number(0), to: .number(10), timing: MediaTiming(beginTime: 1, duration: 1, fillMode: .both))
        a.isRemovedOnCompletion = false
        #expect(value(a, at: 0) == 0)
        #expect(value(a, at: 3) == 10)
    }
}
