import Testing
@testable import StardustPhysics
import StardustPhysicsTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Springs and pendulums keep what a designer feels")
struct SpringPendulumTests {
    /// A body of mass m on a spring of stiffness k to a static anchor, no gravity.
    func springWorld(mass: Double, k: Double, c: Double, displacement: Double) throws -> (World, BodyID) {
        var w = makeWorld()
        let b = w.createBody(BodyDefinition(type: .dynamic, position: Vec2(1 + displacement, 0)))
        // A circle whose density gives exactly `mass`.
        let r = 0.1
        _ = try w.createShape(b, ShapeDefinition(density: mass / (Double.pi * r * r)), .circle(Circle(radius: r)))
        try w.createDampedSpring(nil, b, anchorA: .zero, anchorB: Vec2(1 + displacement, 0), restLength: 1, stiffness: k, damping: c)
        return (w, b)
    }

    @Test("undamped spring: ≥ 95 % amplitude after 10 s, period within 1 % of 2π√(m/k)",
          arguments: [(1.0, 39.47841760435743), (2.0, 10.0), (0.5, 500.0)] as [(Double, Double)])
    func undampedSpring(mass: Double, k: Double) throws {
        var (w, b) = try springWorld(mass: mass, k: k, c: 0, displacement: 0.2)
        let dt = 1.0 / 120
        var xs: [Double] = []
        for _ in 0..<1200 { w.step(dt); xs.append(try w.position(of: b).x - 1) }
        let last = xs.suffix(Int(2 * 2 * Double.pi * (mass / k).squareRoot() / dt) + 2)
        let amplitude = last.map { abs($0) }.max()!
        #expect(amplitude >= 0.95 * 0.2, "amplitude \(amplitude)")
        let crossings = upwardCrossings(xs, dt: dt)
        let period = (crossings.last! - crossings.first!) / Double(crossings.count - 1)
        #expect(relErr(period, 2 * Double.pi * (mass / k).squareRoot()) < 0.01, "period \(period)")
    }

    @Test("critically damped 2 Hz spring settles within 1 % in 0.528 s ± 10 %, no overshoot")
    func criticallyDamped() throws {
        let m = 1.0, omega = 2 * Double.pi * 2
        let k = m * omega * omega, c = 2 * (k * m).squareRoot()
        var (w, b) = try springWorld(mass: m, k: k, c: c, displacement: 0.5)
        let dt = 1.0 / 120
        var settle = -1.0
        var minX = Double.infinity
        for i in 1...240 {
            w.step(dt)
            let x = try w.position(of: b).x - 1
            minX = min(minX, x)
            if abs(x) > 0.01 * 0.5 { settle = -1 } else if settle < 0 { settle = Double(i) * dt }
        }
        #expect(abs(settle - 0.528) <= 0.0528, "settled at \(settle)")
        #expect(minX >= -1e-6, "overshoot \(minX)")
    }

    /// A point-ish mass on a rigid pin joint of length L from a static pivot; released at `angle`.
    func pendulumPeriod(angle: Double) throws -> Double {
        var w = makeWorld(gravity: Vec2(0, 10))
        let L = 1.0
        let start = Vec2(L * sin(angle), L * cos(angle))
        let b = w.createBody(BodyDefinition(type: .dynamic, position: start))
        _ = try w.createShape(b, ShapeDefinition(density: 1), .circle(Circle(radius: 0.01)))
        try w.createPinJoint(nil, b, anchorA: .zero, anchorB: start)
        let dt = 1.0 / 120
        var xs: [Double] = []
        for _ in 0..<(120 * 6) { w.step(dt); xs.append(try w.position(of: b).x) }
        let crossings = upwardCrossings(xs, dt: dt)
        return (crossings.last! - crossings.first!) / Double(crossings.count - 1)
    }

    @Test("90° pendulum keeps its exact large-angle period 2.345 s within 1 %")
    func largeAnglePendulum() throws {
        // T = 4√(L/g)·K(sin 45°) = 2.3452 s for L = 1, g = 10.
        let period = try pendulumPeriod(angle: Double.pi / 2)
        #expect(relErr(period, 2.3452) < 0.01, "period \(period)")
    }

    @Test("small-angle pendulum period 2π√(L/g)")
    func smallAnglePendulum() throws {
        let period = try pendulumPeriod(angle: 0.05)
        // The 0.05 rad amplitude adds θ²/16 = 0.016 %.
        #expect(relErr(period, 2 * Double.pi * (0.1).squareRoot()) < 0.01, "period \(period)")
    }

    @Test("rotary spring oscillates at √(k/I)")
    func rotarySpring() throws {
        var w = makeWorld()
        let b = addBox(&w, at: .zero, half: 0.5)
        let inertia = try w.rotationalInertia(of: b)
        let k = 10.0
        try w.createDampedRotarySpring(nil, b, restAngle: 0, stiffness: k, damping: 0)
        try w.setAngularVelocity(b, 1)
        let dt = 1.0 / 120
        var ws: [Double] = []
        for _ in 0..<1200 { w.step(dt); ws.append(try w.angularVelocity(of: b)) }
        let crossings = upwardCrossings(ws, dt: dt)
        let period = (crossings.last! - crossings.first!) / Double(crossings.count - 1)
        #expect(relErr(period, 2 * Double.pi * (inertia / k).squareRoot()) < 0.01)
        #expect(ws.suffix(200).map { abs($0) }.max()! > 0.95)
    }
}
