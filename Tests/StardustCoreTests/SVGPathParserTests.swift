import Testing
import StardustCore

@Suite struct SVGPathParserTests {
    typealias E = Path.Element

    @Test func linesAbsoluteAndRelative() throws {
        #expect(try Path(svg: "M10 20 L30 40 H50 V60 Z").elements
                == [.move(to: Point(10, 20)), .line(to: Point(30, 40)), .line(to: Point(50, 40)),
                    .line(to: Point(50, 60)), .closeSubpath])
        // Relative commands; after z the current point is the subpath's start (10, 20).
        #expect(try Path(svg: "m10 20 l5 5 h10 v-5 z m1 1 l2,2").elements
                == [.move(to: Point(10, 20)), .line(to: Point(15, 25)), .line(to: Point(25, 25)),
                    .line(to: Point(25, 20)), .closeSubpath, .move(to: Point(11, 21)), .line(to: Point(13, 23))])
    }

    @Test func implicitRepetitionAndNumberSyntax() throws {
        // Coordinates after M are line-tos (absolute after M, relative after m).
        #expect(try Path(svg: "M0 0 10 10 20 0").elements
                == [.move(to: .zero), .line(to: Point(10, 10)), .line(to: Point(20, 0))])
        #expect(try Path(svg: "m1 1 10 10 20 0").elements
                == [.move(to: Point(1, 1)), .line(to: Point(11, 11)), .line(to: Point(31, 11))])
        #expect(try Path(svg: "M0,0L1,2,3,4").elements == [.move(to: .zero), .line(to: Point(1, 2)), .line(to: Point(3, 4))])
        // ".5.5" is two numbers; "-1e1" and "2E-1" are exponents; "+3" and "5." are numbers.
        #expect(try Path(svg: "M.5.5-1e1,2E-1 L+3 5.").elements
                == [.move(to: Point(0.5, 0.5)), .line(to: Point(-10, 0.2)), .line(to: Point(3, 5))])
        #expect(try Path(svg: "  \n\t").elements == [])
    }

    @Test func cubicsAndSmoothCubics() throws {
        let p = try Path(svg: "M0 0 C0 10 10 10 10 0 S20 -10 20 0 s10 10 10 0")
        #expect(p.elements == [
            .move(to: .zero),
            .curve(to: Point(10, 0), control1: Point(0, 10), control2: Point(10, 10)),
            // The first control point reflects the previous second control point about the current point.
            .curve(to: Point(20, 0), control1: Point(10, -10), control2: Point(20, -10)),
            .curve(to: Point(30, 0), control1: Point(20, 10), control2: Point(30, 10)),
        ])
        // S after a non-curve uses the current point as its first control point.
        #expect(try Path(svg: "M5 5 L10 5 S20 0 20 5").elements.last
                == .curve(to: Point(20, 5), control1: Point(10, 5), control2: Point(20, 0)))
        #expect(try Path(svg: "M1 1 c1 2 3 4 5 6").elements.last
                == .curve(to: Point(6, 7), control1: Point(2, 3), control2: Point(4, 5)))
    }

    @Test func quadraticsAndSmoothQuadratics() throws {
        #expect(try Path(svg: "M0 0 Q10 10 20 0 T40 0 t20 0").elements == [
            .move(to: .zero),
            .quadCurve(to: Point(20, 0), control: Point(10, 10)),
            .quadCurve(to: Point(40, 0), control: Point(30, -10)),
            .quadCurve(to: Point(60, 0), control: Point(50, 10)),
        ])
        #expect(try Path(svg: "M2 2 q1 1 2 0").elements.last == .quadCurve(to: Point(4, 2), control: Point(3, 3)))
        // T after a non-quadratic: the control point is the current point.
        #expect(try Path(svg: "M0 0 L5 0 T10 0").elements.last == .quadCurve(to: Point(10, 0), control: Point(5, 0)))
    }

    /// Every flattened point's distance from `center` is within `tol` of `radius`.
    func expectOnCircle(_ path: Path, center: Point, radius: Double, tol: Double,
                        sourceLocation: SourceLocation = #_sourceLocation) {
        for pl in path.flattened(tolerance: 0.01) { for p in pl.points {
            #expect(abs(p.distance(to: center) - radius) <= tol, "\(p)", sourceLocation: sourceLocation)
        } }
    }

    @Test func halfCircleArc() throws {
        // From (0, 0) to (100, 0), radius 50, sweep 1 = positive angles = clockwise on a y-down screen: over the top.
        let p = try Path(svg: "M0 0 A50 50 0 0 1 100 0")
        #expect(p.currentPoint == Point(100, 0))
        expectOnCircle(p, center: Point(50, 0), radius: 50, tol: 0.02)
        let pts = p.flattened(tolerance: 0.01)[0].points
        #expect(abs(pts.map(\.y).min()! - (-50)) <= 0.02)
        #expect(pts.map(\.y).max()! <= 1e-9)
        // Cubic arcs run at most 2.7·10⁻⁴·r outside the circle, so lengths are good to about 3·10⁻⁴.
        #expect(abs(p.length(tolerance: 0.001) - .pi * 50) <= 3e-4 * .pi * 50)
        // Sweep 0 goes under, relative form.
        let q = try Path(svg: "M10 10 a20 20 0 0 0 40 0")
        expectOnCircle(q, center: Point(30, 10), radius: 20, tol: 0.01)
        #expect(abs(q.flattened(tolerance: 0.01)[0].points.map(\.y).max()! - 30) <= 0.01)
        #expect(q.currentPoint == Point(50, 10))
    }

    @Test func largeArcFlagAndRadiusScaling() throws {
        // (0, 0) → (50, 50) on a radius-50 circle: a quarter or three quarters.
        let small = try Path(svg: "M0 0 A50 50 0 0 1 50 50"), large = try Path(svg: "M0 0 A50 50 0 1 1 50 50")
        // Sweep 1 (clockwise on screen): the quarter turns about (0, 50), from angle −π/2 to 0;
        // the three quarters turn about (50, 0), from angle π through 3π/2 and 2π to 5π/2.
        #expect(abs(small.length(tolerance: 0.001) - .pi * 25) <= 3e-4 * .pi * 25)
        #expect(abs(large.length(tolerance: 0.001) - .pi * 75) <= 3e-4 * .pi * 75)
        expectOnCircle(small, center: Point(0, 50), radius: 50, tol: 0.02)
        expectOnCircle(large, center: Point(50, 0), radius: 50, tol: 0.02)
        #expect(abs(large.flattened(tolerance: 0.01)[0].points.map(\.y).min()! - (-50)) <= 0.02)
        // Radii too small to reach are scaled up: here to a half circle of radius 50.
        let scaled = try Path(svg: "M0 0 A10 10 0 0 1 100 0")
        expectOnCircle(scaled, center: Point(50, 0), radius: 50, tol: 0.02)
        // A zero radius is a straight line.
        #expect(try Path(svg: "M0 0 A0 10 0 0 1 10 0").elements == [.move(to: .zero), .line(to: Point(10, 0))])
    }

    @Test func rotatedEllipticalArc() throws {
        // An ellipse with rx 50, ry 25 turned 90°: its long axis is vertical; (0, 0) → (0, 100) is half of it.
        let p = try Path(svg: "M0 0 A50 25 90 0 1 0 100")
        for pl in p.flattened(tolerance: 0.01) { for q in pl.points {
            let u = (q.y - 50) / 50, v = q.x / 25
            #expect(abs(u * u + v * v - 1) <= 0.002, "\(q)")
        } }
        // Sweep 1 (clockwise on screen) from the top to the bottom passes through the right side (x = +25).
        let xs = p.flattened(tolerance: 0.01)[0].points.map(\.x)
        #expect(abs(xs.max()! - 25) <= 0.02)
        #expect(xs.min()! >= -1e-9)
    }

    @Test func errorsReportTheOffset() {
        func offset(_ s: String) -> Int? {
            do { _ = try Path(svg: s); return nil } catch let e as SVGPathError { return e.offset } catch { return -1 }
        }
        #expect(offset("10 20") == 0, "data must start with a command")
        #expect(offset("M 10 L 20 20") == 5, "missing y")
        #expect(offset("M0 0 L 10") == 9, "missing y at the end")
        #expect(offset("M0 0 X 1 2") == 5, "unknown letter where a number is expected")
        #expect(offset("M0 0 A 1 1 0 2 1 5 5") == 13, "bad arc flag")
        #expect(offset("M 1e 2") == 2, "exponent without digits")
        #expect(offset("M0 0 L 1 - 2") == 9, "sign without digits")
        #expect(offset("M0 0 Z 5 5") == 7, "Z cannot repeat")
        #expect(offset("M0 0 L1 1 Z M2 2 z") == nil)
        do { _ = try Path(svg: "M 10 L 20 20"); Issue.record("expected an error") } catch {
            #expect("\(error)".contains("character 5"))
        }
    }
}
