import StardustCore
import Testing
@testable import StardustAnimation

/// Animatable paths (shape morphing), lists (gradient colors and locations, dash patterns) and the dash phase
/// (docs/DRAWING.md, "Path animation").
@Suite struct ShapeMorphingTests {
    /// A triangle and a square-ish quad of the same structure (move, line, line, curve, close).
    static let from = Path(elements: [.move(to: Point(0, 0)), .line(to: Point(10, 0)), .line(to: Point(10, 10)),
                                      .curve(to: Point(0, 10), control1: Point(8, 12), control2: Point(2, 12)), .closeSubpath])
    static let to = Path(elements: [.move(to: Point(20, 4)), .line(to: Point(40, 0)), .line(to: Point(30, 30)),
                                    .curve(to: Point(10, 20), control1: Point(30, 40), control2: Point(0, 40)), .closeSubpath])

    @Test func pathsOfOneStructureInterpolatePointByPoint() throws {
        let mid = AnimatableValue.path(Self.from).interpolated(to: .path(Self.to), fraction: 0.5)
        guard case .path(let p) = mid else { Issue.record("not a path"); return }
        #expect(p.elements == [.move(to: Point(10, 2)), .line(to: Point(25, 0)), .line(to: Point(20, 20)),
                               .curve(to: Point(5, 15), control1: Point(19, 26), control2: Point(1, 26)), .closeSubpath])
        #expect(AnimatableValue.path(Self.from).interpolated(to: .path(Self.to), fraction: 0) == .path(Self.from))
        #expect(AnimatableValue.path(Self.from).interpolated(to: .path(Self.to), fraction: 1) == .path(Self.to))
    }

    @Test func pathsOfDifferentStructuresDoNotInterpolateTheyJumpHalfway() {
        let rect = Path(rect: Rect(0, 0, 10, 10)) // move, 3 lines, close: one element fewer than `from`
        let a = AnimatableValue.path(Self.from), b = AnimatableValue.path(rect)
        #expect(a.interpolated(to: b, fraction: 0.25) == a)
        #expect(a.interpolated(to: b, fraction: 0.49) == a)
        #expect(a.interpolated(to: b, fraction: 0.5) == b)
        // Same count, different kinds (a line where the other has a curve): no interpolation either.
        var curveless = Self.to.elements
        curveless[3] = .line(to: Point(10, 20))
        #expect(a.interpolated(to: .path(Path(elements: curveless)), fraction: 0.3) == a)
    }

    @Test func aShapeLayerDrawsTheMorphedPath() {
        let layer = ShapeLayer()
        layer.bounds = Rect(0, 0, 50, 50)
        layer.path = Self.from
        layer.add(BasicAnimation(keyPath: "path", from: .path(Self.from), to: .path(Self.to), timing: MediaTiming(duration: 2)), forKey: "morph")
        var list: [DrawCommand] = []
        layer.drawContents(into: &list, time: 1, transform: .identity)
        let fill = Commands.paths(list)[0]
        #expect(fill.path.elements[1] == .line(to: Point(25, 0)))
        #expect(layer.value(forKeyPath: "path") == .path(Self.from), "the model keeps its path")
    }

    @Test func keyframedPathsMorphThroughEveryValue() {
        let layer = ShapeLayer()
        let kf = KeyframeAnimation(keyPath: "path", values: [.path(Self.from), .path(Self.to), .path(Self.from)], timing: MediaTiming(duration: 2))
        layer.path = Self.from
        layer.add(kf, forKey: "k")
        guard case .path(let p)? = layer.presentationValue(forKeyPath: "path", at: 1.5) else { Issue.record("no path"); return }
        #expect(p.elements[0] == .move(to: Point(10, 2)))
    }

    @Test func gradientColorsAndLocationsAnimateElementByElement() {
        let g = GradientLayer()
        g.colors = [.black, .white]
        g.add(BasicAnimation(keyPath: "colors", from: .array([.color(.black), .color(.white)]),
                             to: .array([.color(.white), .color(Color(red: 0, green: 0, blue: 1, alpha: 1))]), timing: MediaTiming(duration: 1)),
              forKey: "c")
        g.add(BasicAnimation(keyPath: "locations", from: .array([.number(0), .number(1)]), to: .array([.number(0.5), .number(1)]),
                             timing: MediaTiming(duration: 1)), forKey: "l")
        #expect(g.presentationValue(forKeyPath: "colors", at: 0.5)
            == .array([.color(Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)), .color(Color(red: 0.5, green: 0.5, blue: 1, alpha: 1))]))
        #expect(g.presentationValue(forKeyPath: "locations", at: 0.5) == .array([.number(0.25), .number(1)]))
        // Lists of different lengths switch halfway.
        let two = AnimatableValue.array([.color(.black), .color(.white)]), three = AnimatableValue.array([.color(.black), .color(.white), .color(.black)])
        #expect(two.interpolated(to: three, fraction: 0.4) == two)
        #expect(two.interpolated(to: three, fraction: 0.6) == three)
        // Unset locations read as the evenly spaced ones drawn.
        let h = GradientLayer()
        h.colors = [.black, .white, .black]
        #expect(h.value(forKeyPath: "locations") == .array([.number(0), .number(0.5), .number(1)]))
    }

    @Test func theDashPhaseAnimatesAndReachesTheStrokeStyle() {
        let layer = ShapeLayer()
        layer.path = Path(rect: Rect(0, 0, 10, 10))
        layer.strokeColor = .white
        layer.lineDashPattern = [4, 2]
        layer.add(BasicAnimation(keyPath: "lineDashPhase", from: .number(0), to: .number(6), timing: MediaTiming(duration: 1)), forKey: "march")
        var list: [DrawCommand] = []
        layer.drawContents(into: &list, time: 0.5, transform: .identity)
        guard case .stroke(let style) = Commands.paths(list)[1].style else { Issue.record("no stroke"); return }
        #expect(style.dashPattern == [4, 2] && style.dashPhase == 3)
    }

    @Test func theStrokeIsTrimmedThenDashedFromTheTrimmedStart() {
        let layer = ShapeLayer()
        var line = Path(); line.move(to: Point(0, 0)); line.addLine(to: Point(100, 0))
        layer.path = line
        layer.fillColor = nil
        layer.strokeColor = .white
        layer.strokeStart = 0.25
        layer.lineDashPattern = [10, 10]
        var list: [DrawCommand] = []
        layer.drawContents(into: &list, time: 0, transform: .identity)
        let stroke = Commands.paths(list)[0]
        // The dash pattern starts where the trimmed stroke starts (25), not at the path's start.
        #expect(stroke.path.elements.first == .move(to: Point(25, 0)))
        guard case .stroke(let style) = stroke.style else { Issue.record("no stroke"); return }
        #expect(style.dashPattern == [10, 10] && style.dashPhase == 0)
    }
}
