import StardustCore
import StardustTestSupport
import Foundation
import Testing
@testable import StardustParticles

/// Emission from a path (docs/PARTICLE-MODEL.md §2.14): birth points against the analytic
/// parametrisation of the outline, the areas of sub-regions, and the running point's position.
@Suite struct EmitterPathTests {
    /// A rounded rectangle 200 × 100 at the origin with corners of radius 20, like a button.
    static let button = Path(roundedRect: Rect(0, 0, 200, 100), cornerRadius: 20)
    /// Its perimeter: four straight sides and four quarter circles.
    static let perimeter = 2 * (160.0 + 60) + 2 * Double.pi * 20
    /// Its area: the rectangle minus the four corners outside the quarter circles.
    static let area = 200.0 * 100 - (4 - Double.pi) * 400

    /// Births of one still cell (2 000 per second, alive 100 s) on `shape`, evaluated at `t`.
    static func births(_ shape: EmitterPath, at t: Double = 2.5, rate: Double = 2000,
                       extensions: CellExtensions? = nil) -> [Particle] {
        let layer = EmitterLayer()
        layer.emitterPath = shape
        layer.emitterZPosition = 7
        let cell = EmitterCell()
        cell.birthRate = rate; cell.lifetime = 100
        cell.velocity = 0
        cell.extensions = extensions
        layer.emitterCells = [cell]
        layer.seed = 11
        return layer.evaluate(at: t).all
    }

    /// The arc length of a point of the button's outline, from (20, 0) clockwise on screen (the path's
    /// own start and direction), from the analytic pieces: side, corner arc, side, …
    static func arcLength(_ p: SIMD3<Float>) -> Double {
        let x = Double(p.x), y = Double(p.y), r = 20.0, q = Double.pi * r / 2
        func angle(_ cx: Double, _ cy: Double) -> Double { atan2(y - cy, x - cx) }
        if x > 180 && y < 20 { return 160 + r * (angle(180, 20) + .pi / 2) }
        if x > 180 && y > 80 { return 220 + q + r * angle(180, 80) }
        if x < 20 && y > 80 { return 380 + 2 * q + r * (angle(20, 80) - .pi / 2) }
        if x < 20 && y < 20 { return 440 + 3 * q + r * (angle(20, 20) + 2 * .pi - .pi) }
        if abs(y) < 1e-3 { return x - 20 }
        if abs(x - 200) < 1e-3 { return 160 + q + (y - 20) }
        if abs(y - 100) < 1e-3 { return 220 + 2 * q + (180 - x) }
        return 380 + 3 * q + (80 - y)
    }

    /// The distance from `p` to the button's outline (negative inside).
    static func signedDistance(_ x: Double, _ y: Double) -> Double {
        // The rounded box: distance to the inner rectangle shrunk by the radius, minus the radius.
        let dx = max(abs(x - 100) - 80, 0), dy = max(abs(y - 50) - 30, 0)
        let inside = min(max(abs(x - 100) - 80, abs(y - 50) - 30), 0)
        return (dx * dx + dy * dy).squareRoot() + inside - 20
    }

    @Test("outline births are uniform by arc length along a rounded rectangle (KS)")
    func outlineIsUniformByArcLength() throws {
        let ps = Self.births(try EmitterPath(path: Self.button, placement: .outline))
        #expect(ps.count == 5001)
        #expect(ps.allSatisfy { abs(Self.signedDistance(Double($0.position.x), Double($0.position.y))) < 0.05 },
                "every birth point on the outline (within the flattening tolerance and Float rounding)")
        #expect(ps.allSatisfy { $0.position.z == 7 }, "the depth is emitterZPosition")
        assertUniform(ps.map { Self.arcLength($0.position) }, 0, Self.perimeter, "arc length")
        // Chords of the flattened corners are shorter than the arcs, the cubic arcs slightly longer: 2e-4 covers both.
        #expect(abs(try EmitterPath(path: Self.button).length - Self.perimeter) < 2e-4 * Self.perimeter)
    }

    @Test("a cell with over-life curves and drag is born on the path too (not on the emitter shape)")
    func extendedCellsAreBornOnThePath() throws {
        // Such cells are evaluated by the batched kernel unless the emitter has a path (ExtendedKernel.swift).
        var x = CellExtensions()
        x.alphaOverLife = try ParticleCurve(times: [0, 1], values: [1, 0])
        var f = ParticleFields(); f.drag = 0.5
        x.fields = f
        let ps = Self.births(try EmitterPath(path: Self.button, placement: .outline), extensions: x)
        #expect(ps.count == 5001)
        #expect(ps.allSatisfy { abs(Self.signedDistance(Double($0.position.x), Double($0.position.y))) < 0.05 },
                "every birth point on the outline")
        assertUniform(ps.map { Self.arcLength($0.position) }, 0, Self.perimeter, "arc length")
    }

    @Test("area births are all inside and sub-regions get their share of the area (chi-square)")
    func areaIsUniformInside() throws {
        let shape = try EmitterPath(path: Self.button, placement: .area)
        // The flattened outline is within the tolerance of the true one: the area within perimeter × tolerance.
        #expect(abs(shape.area - Self.area) < Self.perimeter * EmitterPath.flatteningTolerance)
        let ps = Self.births(shape)
        #expect(ps.allSatisfy { Self.signedDistance(Double($0.position.x), Double($0.position.y)) < 1e-3 })
        // Eight 50 × 50 squares: the four at the corners lose (4 − π)·100 each to the rounding.
        var counts = [Int](repeating: 0, count: 8)
        for p in ps { counts[min(Int(p.position.y / 50), 1) * 4 + min(Int(p.position.x / 50), 3)] += 1 }
        let corner = 2500 - (4 - Double.pi) * 100
        let expected = [corner, 2500, 2500, corner, corner, 2500, 2500, corner].map { $0 / Self.area * Double(ps.count) }
        let chi2 = zip(counts, expected).map { (Double($0) - $1) * (Double($0) - $1) / $1 }.reduce(0, +)
        #expect(chi2 < 18.48, "χ² = \(chi2), 7 degrees of freedom (1 % level 18.48); counts \(counts)")
    }

    @Test("the fill rule decides whether an inner square is a hole")
    func fillRuleMakesHoles() throws {
        var path = Path(rect: Rect(0, 0, 100, 100))
        path.addPath(Path(rect: Rect(25, 25, 50, 50)))     // same direction: winding 2 inside
        let evenOdd = try EmitterPath(path: path, fillRule: .evenOdd, placement: .area)
        let nonZero = try EmitterPath(path: path, fillRule: .nonZero, placement: .area)
        #expect(abs(evenOdd.area - 7500) < 1e-9 && abs(nonZero.area - 10000) < 1e-9)
        func inHole(_ p: Particle) -> Bool { (25...75).contains(p.position.x) && (25...75).contains(p.position.y) }
        #expect(Self.births(evenOdd).filter(inHole).count == 0)
        let full = Self.births(nonZero)
        let n = Double(full.count), k = Double(full.filter(inHole).count)
        #expect(abs(k - n / 4) < 4 * (n * 0.25 * 0.75).squareRoot(), "a quarter of the square: \(k) of \(n)")
    }

    @Test("a self-crossing path is filled by its winding (a bow tie of two triangles)")
    func selfCrossingArea() throws {
        var bowTie = Path()
        bowTie.move(to: Point(0, 0)); bowTie.addLine(to: Point(100, 100))
        bowTie.addLine(to: Point(100, 0)); bowTie.addLine(to: Point(0, 100)); bowTie.closeSubpath()
        // Two triangles meeting at (50, 50), each of base 100 and height 50.
        #expect(abs(try EmitterPath(path: bowTie, placement: .area).area - 5000) < 1e-9)
    }

    @Test("the tracing point runs along the outline at its speed from its phase")
    func tracingPointRunsAlongTheOutline() throws {
        // A 100 × 50 rectangle from (0, 0) clockwise: 300 points around; phase 0.1 starts at (30, 0).
        let shape = try EmitterPath(path: Path(rect: Rect(0, 0, 100, 50)), placement: .tracing, speed: 30, phase: 0.1)
        func expected(_ t: Double) -> (Double, Double) {
            let s = (30 + 30 * t).truncatingRemainder(dividingBy: 300)
            if s < 100 { return (s, 0) }
            if s < 150 { return (100, s - 100) }
            if s < 250 { return (250 - s, 50) }
            return (0, 300 - s)
        }
        for t in [0.0, 1, 2.5, 4, 7, 9.9, 13] {
            let p = shape.tracingPoint(at: t), e = expected(t)
            #expect(abs(p.x - e.0) < 1e-9 && abs(p.y - e.1) < 1e-9, "t = \(t): \(p) vs \(e)")
        }
        // Every particle is born where the point was at its birth time.
        let ps = Self.births(shape, at: 12, rate: 10)
        #expect(ps.count == 121)
        for p in ps {
            let e = expected(p.birthTime)
            #expect(abs(Double(p.position.x) - e.0) < 1e-3 && abs(Double(p.position.y) - e.1) < 1e-3)
        }
    }

    @Test("hostile paths are refused with an error, not unbounded time or memory")
    func hostilePathsAreRefused() {
        // 5 000 segments: over the limit of 4 096.
        var long = Path(); long.move(to: Point(0, 0))
        for i in 1...5000 { long.addLine(to: Point(Double(i), Double(i % 2))) }
        #expect(throws: EmitterPath.Problem.tooComplex(limit: EmitterPath.maximumSegments, what: "segments")) { try EmitterPath(path: long) }
        // A star polygon {1001/500}: every edge crosses almost every other, about 500 000 crossings — fine as an
        // outline, refused as an area before the cutting work grows.
        var star = Path()
        let n = 1001
        for i in 0..<n {
            let a = 2 * Double.pi * Double(i * 500 % n) / Double(n)
            let p = Point(100 * cos(a), 100 * sin(a))
            if i == 0 { star.move(to: p) } else { star.addLine(to: p) }
        }
        star.closeSubpath()
        #expect((try? EmitterPath(path: star)) != nil)
        #expect(throws: EmitterPath.Problem.tooComplex(limit: EmitterPath.maximumAreaWork, what: "edge × crossing pairs in its area")) {
            try EmitterPath(path: star, placement: .area)
        }
    }

    @Test("paths with nothing to emit from are refused")
    func emptyPathsAreRefused() {
        #expect(throws: EmitterPath.Problem.empty(.outline)) { try EmitterPath(path: Path()) }
        var line = Path(); line.move(to: Point(0, 0)); line.addLine(to: Point(10, 0))
        #expect(throws: EmitterPath.Problem.empty(.area)) { try EmitterPath(path: line, placement: .area) }
        #expect(throws: EmitterPath.Problem.invalidTracing) { try EmitterPath(path: line, speed: .nan) }
    }
}
