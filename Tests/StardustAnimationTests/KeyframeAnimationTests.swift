import XCTest
import StardustCore
@testable import StardustAnimation

final class KeyframeAnimationTests: XCTestCase {
    private func numbers(_ v: [Double]) -> [AnimatableValue] { v.map { .number($0) } }
    private func points(_ v: [(Double, Double)]) -> [AnimatableValue] { v.map { .point(Point($0.0, $0.1)) } }

    func testLinearWithKeyTimesAndSegmentTimingFunctions() {
        let a = KeyframeAnimation(keyPath: "x", values: numbers([0, 10, 30]))
        XCTAssertEqual(a.keyframeValue(atFraction: 0.25)?.number, 5)
        XCTAssertEqual(a.keyframeValue(atFraction: 0.75)?.number, 20)
        a.keyTimes = [0, 0.8, 1]
        XCTAssertEqual(a.keyframeValue(atFraction: 0.4)!.number!, 5, accuracy: 1e-12)
        XCTAssertEqual(a.keyframeValue(atFraction: 0.9)!.number!, 20, accuracy: 1e-12)
        // Invalid key times (wrong count) are ignored.
        a.keyTimes = [0, 1]
        XCTAssertEqual(a.keyframeValue(atFraction: 0.25)!.number!, 5, accuracy: 1e-12)
        // Segment functions apply to the local fraction, after the global one.
        a.keyTimes = nil
        a.timingFunctions = [.easeIn, .linear]
        XCTAssertEqual(a.keyframeValue(atFraction: 0.25)!.number!, 10 * 0.31536, accuracy: 1e-3)
        a.timing.duration = 1
        a.timingFunction = .easeOut
        // Global easeOut(0.3) = 0.44519 → segment 0 local 0.89038 → easeIn of it.
        let local = 0.44519 / 0.5
        XCTAssertEqual(a.value(on: .number(0), at: 0.3)!.number!, 10 * TimingFunction.easeIn.evaluate(local), accuracy: 1e-3)
    }

    func testDiscreteHoldsOnHalfOpenIntervals() {
        let a = KeyframeAnimation(keyPath: "s", values: [.string("a"), .string("b"), .string("c")])
        a.calculationMode = .discrete
        // Implicit n + 1 key times 0, 1/3, 2/3, 1.
        XCTAssertEqual(a.keyframeValue(atFraction: 0), .string("a"))
        XCTAssertEqual(a.keyframeValue(atFraction: 0.33), .string("a"))
        XCTAssertEqual(a.keyframeValue(atFraction: 0.34), .string("b"))
        XCTAssertEqual(a.keyframeValue(atFraction: 0.99), .string("c"))
        XCTAssertEqual(a.keyframeValue(atFraction: 1), .string("c"))
        a.keyTimes = [0, 0.5, 0.75, 1]
        XCTAssertEqual(a.keyframeValue(atFraction: 0.49), .string("a"))
        XCTAssertEqual(a.keyframeValue(atFraction: 0.5), .string("b"))
        XCTAssertEqual(a.keyframeValue(atFraction: 0.74), .string("b"))
        XCTAssertEqual(a.keyframeValue(atFraction: 0.75), .string("c"))
        // Numbers do not interpolate either.
        let n = KeyframeAnimation(values: numbers([0, 10])); n.calculationMode = .discrete
        XCTAssertEqual(n.keyframeValue(atFraction: 0.49)?.number, 0)
        XCTAssertEqual(n.keyframeValue(atFraction: 0.5)?.number, 10)
    }

    func testPacedValuesMoveAtConstantSpeed() {
        let a = KeyframeAnimation(values: points([(0, 0), (10, 0), (10, 30)]))
        a.calculationMode = .paced
        a.keyTimes = [0, 0.9, 1]   // ignored
        XCTAssertEqual(a.keyframeValue(atFraction: 0.25)!.point!, Point(10, 0))
        let p = a.keyframeValue(atFraction: 0.5)!.point!
        XCTAssertEqual(p.x, 10, accuracy: 1e-9); XCTAssertEqual(p.y, 10, accuracy: 1e-9)
    }

    func testPacedPathHasEqualArcLengthPerEqualTime() {
        // A polyline of unequal legs: exact truth is distance along the legs.
        var path = Path()
        path.move(to: Point(0, 0)); path.addLine(to: Point(30, 0)); path.addLine(to: Point(30, 10)); path.addLine(to: Point(0, 10))
        let a = KeyframeAnimation(keyPath: "position"); a.path = path; a.calculationMode = .paced
        func along(_ p: Point) -> Double { p.y < 1e-9 ? p.x : (p.x > 30 - 1e-9 ? 30 + p.y : 40 + (30 - p.x)) }
        for i in 0...20 {
            let f = Double(i) / 20
            XCTAssertEqual(along(a.keyframeValue(atFraction: f)!.point!), 70 * f, accuracy: 1e-6)   // exact on straight legs
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
        XCTAssertEqual(abs(mean) * 40, 2 * .pi, accuracy: 0.01 * 2 * .pi)
        for s in steps { XCTAssertEqual(s, mean, accuracy: 0.01 * abs(mean)) }
    }

    func testLinearPathWithKeyTimes() {
        var path = Path()
        path.move(to: Point(0, 0)); path.addLine(to: Point(10, 0)); path.addLine(to: Point(10, 10))
        let a = KeyframeAnimation(keyPath: "position"); a.path = path
        a.keyTimes = [0, 0.2, 1]
        XCTAssertEqual(a.keyframeValue(atFraction: 0.1)!.point!, Point(5, 0))
        XCTAssertEqual(a.keyframeValue(atFraction: 0.6)!.point!.x, 10, accuracy: 1e-12)
        XCTAssertEqual(a.keyframeValue(atFraction: 0.6)!.point!.y, 5, accuracy: 1e-12)
        // A path overrides values.
        a.values = numbers([1, 2, 3])
        XCTAssertEqual(a.keyframeValue(atFraction: 1)!.point!, Point(10, 10))
    }

    func testCubicWithZeroTCBIsCatmullRom() {
        let a = KeyframeAnimation(values: numbers([0, 10, 20, 0]))
        a.calculationMode = .cubic
        // Passes through the keyframes at their (even) key times.
        for (i, v) in [0.0, 10, 20, 0].enumerated() {
            XCTAssertEqual(a.keyframeValue(atFraction: Double(i) / 3)!.number!, v, accuracy: 1e-9)
        }
        // Segment 1 (10 → 20): Catmull-Rom midpoint (−P0 + 9P1 + 9P2 − P3)/16 = 16.875 (linear would be 15).
        XCTAssertEqual(a.keyframeValue(atFraction: 0.5)!.number!, 16.875, accuracy: 1e-9)
        // u = 1/4: ½[2P1 + (P2 − P0)u + (2P0 − 5P1 + 4P2 − P3)u² + (−P0 + 3P1 − 3P2 + P3)u³] = 13.203125.
        XCTAssertEqual(a.keyframeValue(atFraction: 1.0 / 3 + 0.25 / 3)!.number!, 13.203125, accuracy: 1e-9)
        // 2D: [(0,0),(10,0),(20,10),(30,0)] midpoint of segment 1 = (15, 5.625).
        let p = KeyframeAnimation(values: points([(0, 0), (10, 0), (20, 10), (30, 0)])); p.calculationMode = .cubic
        let m = p.keyframeValue(atFraction: 0.5)!.point!
        XCTAssertEqual(m.x, 15, accuracy: 1e-9); XCTAssertEqual(m.y, 5.625, accuracy: 1e-9)
        // Tension 1 flattens the tangents: the midpoint is the plain average 15.
        a.tensionValues = [1, 1, 1, 1]
        XCTAssertEqual(a.keyframeValue(atFraction: 0.5)!.number!, 15, accuracy: 1e-9)
    }

    func testCubicPacedMovesAtConstantSpeed() {
        let a = KeyframeAnimation(values: points([(0, 0), (10, 0), (40, 0)]))
        a.calculationMode = .cubicPaced
        for i in 0...20 {
            let f = Double(i) / 20
            XCTAssertEqual(a.keyframeValue(atFraction: f)!.point!.x, 40 * f, accuracy: 0.01 * 40)
        }
        // Plain cubic is not paced: at f = 0.5 it is at the middle keyframe.
        a.calculationMode = .cubic
        XCTAssertEqual(a.keyframeValue(atFraction: 0.5)!.point!.x, 10, accuracy: 1e-9)
    }

    func testRotationModeFollowsTheTangent() {
        var path = Path()
        path.move(to: Point(0, 0)); path.addLine(to: Point(10, 10))
        let a = KeyframeAnimation(keyPath: "position"); a.path = path; a.timing.duration = 1
        XCTAssertNil(a.rotation(at: 0.5))
        a.rotationMode = .auto
        XCTAssertEqual(a.rotation(at: 0.5)!, .pi / 4, accuracy: 1e-12)
        a.rotationMode = .autoReverse
        XCTAssertEqual(a.rotation(at: 0.5)!, .pi / 4 + .pi, accuracy: 1e-12)
        // On a circle the tangent is perpendicular to the radius.
        let c = KeyframeAnimation(keyPath: "position"); c.path = Path(ellipseIn: Rect(0, 0, 100, 100))
        c.timing.duration = 1; c.rotationMode = .auto; c.calculationMode = .paced
        for t in [0.1, 0.3, 0.55, 0.8] {
            let p = c.value(on: .point(.zero), at: t)!.point!
            let angle = c.rotation(at: t)!
            let dot = cos(angle) * (p.x - 50) + sin(angle) * (p.y - 50)
            XCTAssertEqual(dot / 50, 0, accuracy: 0.01)
        }
    }

    func testCumulativeAndAdditiveKeyframes() {
        let a = KeyframeAnimation(keyPath: "x", values: numbers([0, 10]), timing: MediaTiming(duration: 1, repeatCount: 2))
        a.isCumulative = true
        XCTAssertEqual(a.value(on: .number(0), at: 1.5)!.number!, 15, accuracy: 1e-12)
        a.isAdditive = true
        XCTAssertEqual(a.value(on: .number(100), at: 0.5)!.number!, 105, accuracy: 1e-12)
    }
}
