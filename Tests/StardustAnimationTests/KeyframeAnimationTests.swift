import Foundation
import Testing
import StardustCore
@testable import StardustAnimation

@Suite struct KeyframeAnimationTests {
    private func numbers(_ v: [Double]) -> [AnimatableValue] { v.map { .number($0) } }
    private func points(_ v: [(Double, Double)]) -> [AnimatableValue] { v.map { .point(Point($0.0, $0.1)) } }

    @Test func linearWithKeyTimesAndSegmentTimingFunctions() {
        let a = KeyframeAnimation(keyPath: "x", values: numbers([0, 10, 30]))
        #expect(a.keyframeValue(atFraction: 0.25)?.number == 5)
        #expect(a.keyframeValue(atFraction: 0.75)?.number == 20)
        a.keyTimes = [0, 0.8, 1]
        #expect(abs(a.keyframeValue(atFraction: 0.4)!.number! - 5) <= 1e-12)
        #expect(abs(a.keyframeValue(atFraction: 0.9)!.number! - 20) <= 1e-12)
        // Invalid key times (wrong count) are ignored.
        a.keyTimes = [0, 1]
        #expect(abs(a.keyframeValue(atFraction: 0.25)!.number! - 5) <= 1e-12)
        // Segment functions apply to the local fraction, after the global one.
        a.keyTimes = nil
        a.timingFunctions = [.easeIn, .linear]
        #expect(abs(a.keyframeValue(atFraction: 0.25)!.number! - 10 * 0.31536) <= 1e-3)
        a.timing.duration = 1
        a.timingFunction = .easeOut
        // Global easeOut(0.3) = 0.44519 → segment 0 local 0.89038 → easeIn of it.
        let local = 0.44519 / 0.5
        #expect(abs(a.value(on: .number(0), at: 0.3)!.number! - 10 * TimingFunction.easeIn.evaluate(local)) <= 1e-3)
    }

    @Test func discreteHoldsOnHalfOpenIntervals() {
        let a = KeyframeAnimation(keyPath: "s", values: [.string("a"), .string("b"), .string("c")])
        a.calculationMode = .discrete
        // Implicit n + 1 key times 0, 1/3, 2/3, 1.
        #expect(a.keyframeValue(atFraction: 0) == .string("a"))
        #expect(a.keyframeValue(atFraction: 0.33) == .string("a"))
        #expect(a.keyframeValue(atFraction: 0.34) == .string("b"))
        #expect(a.keyframeValue(atFraction: 0.99) == .string("c"))
        #expect(a.keyframeValue(atFraction: 1) == .string("c"))
        a.keyTimes = [0, 0.5, 0.75, 1]
        #expect(a.keyframeValue(atFraction: 0.49) == .string("a"))
        #expect(a.keyframeValue(atFraction: 0.5) == .string("b"))
        #expect(a.keyframeValue(atFraction: 0.74) == .string("b"))
        #expect(a.keyframeValue(atFraction: 0.75) == .string("c"))
        // Numbers do not interpolate either.
        let n = KeyframeAnimation(values: numbers([0, 10])); n.calculationMode = .discrete
        #expect(n.keyframeValue(atFraction: 0.49)?.number == 0)
        #expect(n.keyframeValue(atFraction: 0.5)?.number == 10)
    }

    @Test func pacedValuesMoveAtConstantSpeed() {
        let a = KeyframeAnimation(values: points([(0, 0), (10, 0), (10, 30)]))
        a.calculationMode = .paced
        a.keyTimes = [0, 0.9, 1]   // ignored
        #expect(a.keyframeValue(atFraction: 0.25)!.point! == Point(10, 0))
        let p = a.keyframeValue(atFraction: 0.5)!.point!
        #expect(abs(p.x - 10) <= 1e-9); #expect(abs(p.y - 10) <= 1e-9)
    }

    @Test func pacedPathHasEqualArcLengthPerEqualTime() {
        // A polyline of unequal legs: exact truth is distance along the legs.
        var path = Path()
        path.move(to: Point(0, 0)); path.addLine(to: Point(30, 0)); path.addLine(to: Point(30, 10)); path.addLine(to: Point(0, 10))
        let a = KeyframeAnimation(keyPath: "position"); a.path = path; a.calculationMode = .paced
        func along(_ p: Point) -> Double { p.y < 1e-9 ? p.x : (p.x > 30 - 1e-9 ? 30 + p.y : 40 + (30 - p.x)) }
        for i in 0...20 {
            let f = Double(i) / 20
            #expect(abs(along(a.keyframeValue(atFraction: f)!.point!) - 70 * f) <= 1e-6)   // exact on straight legs
        }
        // A circle of Bézier arcs: equal angles per equal time (arc length = r·angle), within 1 %.
        let c = KeyframeAnimation(keyPath: "position")
        c.path = Path(ellipseIn: Rect(0, 0, 100, 100)); c.calculationMode = .paced
        var angles: [Double] = []
        for i in 0...40 {
            let p = c.keyframeValue(atFraction: Double(i) / 40)!.point!
            angles.append(atan2(p.y - 50, p.x - 50))
        }
        let steps = zip(angles, angles.dropFirst()).map { remainder($1 - $0, 2 * .pi) }
        let mean = steps.reduce(0, +) / Double(steps.count)
        #expect(abs(abs(mean) * 40 - 2 * .pi) <= 0.01 * 2 * .pi)
        for s in steps { #expect(abs(s - mean) <= 0.01 * abs(mean)) }
    }

    @Test func linearPathWithKeyTimes() {
        var path = Path()
        path.move(to: Point(0, 0)); path.addLine(to: Point(10, 0)); path.addLine(to: Point(10, 10))
        let a = KeyframeAnimation(keyPath: "position"); a.path = path
        a.keyTimes = [0, 0.2, 1]
        #expect(a.keyframeValue(atFraction: 0.1)!.point! == Point(5, 0))
        #expect(abs(a.keyframeValue(atFraction: 0.6)!.point!.x - 10) <= 1e-12)
        #expect(abs(a.keyframeValue(atFraction: 0.6)!.point!.y - 5) <= 1e-12)
        // A path overrides values.
        a.values = numbers([1, 2, 3])
        #expect(a.keyframeValue(atFraction: 1)!.point! == Point(10, 10))
    }

    @Test func cubicWithZeroTCBIsCatmullRom() {
        let a = KeyframeAnimation(values: numbers([0, 10, 20, 0]))
        a.calculationMode = .cubic
        // Passes through the keyframes at their (even) key times.
        for (i, v) in [0.0, 10, 20, 0].enumerated() {
            #expect(abs(a.keyframeValue(atFraction: Double(i) / 3)!.number! - v) <= 1e-9)
        }
        // Segment 1 (10 → 20): Catmull-Rom midpoint (−P0 + 9P1 + 9P2 − P3)/16 = 16.875 (linear would be 15).
        #expect(abs(a.keyframeValue(atFraction: 0.5)!.number! - 16.875) <= 1e-9)
        // u = 1/4: ½[2P1 + (P2 − P0)u + (2P0 − 5P1 + 4P2 − P3)u² + (−P0 + 3P1 − 3P2 + P3)u³] = 13.203125.
        #expect(abs(a.keyframeValue(atFraction: 1.0 / 3 + 0.25 / 3)!.number! - 13.203125) <= 1e-9)
        // 2D: [(0,0),(10,0),(20,10),(30,0)] midpoint of segment 1 = (15, 5.625).
        let p = KeyframeAnimation(values: points([(0, 0), (10, 0), (20, 10), (30, 0)])); p.calculationMode = .cubic
        let m = p.keyframeValue(atFraction: 0.5)!.point!
        #expect(abs(m.x - 15) <= 1e-9); #expect(abs(m.y - 5.625) <= 1e-9)
        // Tension 1 flattens the tangents: the midpoint is the plain average 15.
        a.tensionValues = [1, 1, 1, 1]
        #expect(abs(a.keyframeValue(atFraction: 0.5)!.number! - 15) <= 1e-9)
    }

    @Test func cubicPacedMovesAtConstantSpeed() {
        let a = KeyframeAnimation(values: points([(0, 0), (10, 0), (40, 0)]))
        a.calculationMode = .cubicPaced
        for i in 0...20 {
            let f = Double(i) / 20
            #expect(abs(a.keyframeValue(atFraction: f)!.point!.x - 40 * f) <= 0.01 * 40)
        }
        // Plain cubic is not paced: at f = 0.5 it is at the middle keyframe.
        a.calculationMode = .cubic
        #expect(abs(a.keyframeValue(atFraction: 0.5)!.point!.x - 10) <= 1e-9)
    }

    @Test func rotationModeFollowsTheTangent() {
        var path = Path()
        path.move(to: Point(0, 0)); path.addLine(to: Point(10, 10))
        let a = KeyframeAnimation(keyPath: "position"); a.path = path; a.timing.duration = 1
        #expect(a.rotation(at: 0.5) == nil)
        a.rotationMode = .auto
        #expect(abs(a.rotation(at: 0.5)! - .pi / 4) <= 1e-12)
        a.rotationMode = .autoReverse
        #expect(abs(a.rotation(at: 0.5)! - (.pi / 4 + .pi)) <= 1e-12)
        // On a circle the tangent is perpendicular to the radius.
        let c = KeyframeAnimation(keyPath: "position"); c.path = Path(ellipseIn: Rect(0, 0, 100, 100))
        c.timing.duration = 1; c.rotationMode = .auto; c.calculationMode = .paced
        for t in [0.1, 0.3, 0.55, 0.8] {
            let p = c.value(on: .point(.zero), at: t)!.point!
            let angle = c.rotation(at: t)!
            let dot = cos(angle) * (p.x - 50) + sin(angle) * (p.y - 50)
            #expect(abs(dot / 50) <= 0.01)
        }
    }

    @Test func cumulativeAndAdditiveKeyframes() {
        let a = KeyframeAnimation(keyPath: "x", values: numbers([0, 10]), timing: MediaTiming(duration: 1, repeatCount: 2))
        a.isCumulative = true
        #expect(abs(a.value(on: .number(0), at: 1.5)!.number! - 15) <= 1e-12)
        a.isAdditive = true
        #expect(abs(a.value(on: .number(100), at: 0.5)!.number! - 105) <= 1e-12)
    }
}
