import Testing
import StardustCore
@testable import StardustAnimation

@Suite struct LayerSubclassTests {
    @Test func textLayerEmitsTextDraw() {
        let t = TextLayer()
        #expect(t.fontSize == 36)
        #expect(t.foregroundColor == .white)
        t.bounds = Rect(0, 0, 200, 40)
        t.position = Point(100, 20)
        t.string = "Hello"
        t.fontFamily = "DejaVu Serif"
        t.alignmentMode = .center
        t.isWrapped = true
        let cmds = t.displayList(size: Size(200, 40), at: 0).commands
        #expect(Commands.kinds(cmds) == ["text"])
        guard case .text(let d) = cmds[0] else { Issue.record(); return }
        #expect(d.string == "Hello")
        #expect(d.fontFamily == "DejaVu Serif")
        #expect(d.fontSize == 36)
        #expect(d.alignment == .center)
        #expect(d.wraps)
        #expect(d.rect == Rect(0, 0, 200, 40))
        assertPoint(d.transform.apply(to: .zero), 0, 0)
    }

    @Test func textAlignmentModes() {
        #expect(TextLayer.AlignmentMode.natural.drawAlignment == .left)
        #expect(TextLayer.AlignmentMode.justified.drawAlignment == .left)
        #expect(TextLayer.AlignmentMode.right.drawAlignment == .right)
    }

    @Test func textLayerAnimatedFontSizeAndOpacityFold() {
        let t = TextLayer()
        t.bounds = Rect(0, 0, 10, 10)
        t.string = "a"
        t.opacity = 0.5
        t.add(LinearNumberTestAnimation("fontSize", from: 10, to: 20), forKey: "grow")
        guard case .text(let d)? = t.displayList(size: Size(10, 10), at: 0.5).commands.first else { Issue.record(); return }
        #expect(d.fontSize == 15)
        #expect(d.opacity == 0.5)
        #expect(t.fontSize == 36)
    }

    @Test func emptyTextDrawsNothing() {
        let t = TextLayer()
        t.bounds = Rect(0, 0, 10, 10)
        #expect(t.displayList(size: Size(10, 10), at: 0).commands.isEmpty)
    }

    @Test func shapeLayerFillThenStroke() {
        let s = ShapeLayer()
        s.path = Path(rect: Rect(0, 0, 10, 10))
        s.fillRule = .evenOdd
        s.strokeColor = .red
        s.lineWidth = 3
        s.lineCap = .round
        s.lineJoin = .bevel
        let paths = Commands.paths(s.displayList(size: Size(10, 10), at: 0).commands)
        #expect(paths.count == 2)
        #expect(paths[0].style == .fill(.evenOdd))
        #expect(Commands.color(paths[0]) == .black)
        #expect(paths[1].style == .stroke(StrokeStyle(width: 3, cap: .round, join: .bevel, miterLimit: 10)))
        #expect(Commands.color(paths[1]) == .red)
        #expect(paths[1].path == s.path)
    }

    @Test func shapeLayerDefaultsFillOnlyAndNilFillStrokesOnly() {
        let s = ShapeLayer()
        s.path = Path(ellipseIn: Rect(0, 0, 10, 10))
        #expect(Commands.paths(s.displayList(size: Size(10, 10), at: 0).commands).count == 1)
        s.fillColor = nil
        #expect(s.displayList(size: Size(10, 10), at: 0).commands.isEmpty)
        s.strokeColor = .blue
        let paths = Commands.paths(s.displayList(size: Size(10, 10), at: 0).commands)
        #expect(paths.count == 1)
        #expect(paths[0].style == .stroke(StrokeStyle(width: 1)))
    }

    @Test func strokeEndTrimsTheStrokeOnly() {
        let s = ShapeLayer()
        var p = Path()
        p.move(to: Point(0, 0)); p.addLine(to: Point(100, 0)); p.addLine(to: Point(100, 100))
        s.path = p
        s.strokeColor = .red
        s.strokeStart = 0.25
        s.strokeEnd = 0.75
        let paths = Commands.paths(s.displayList(size: Size(100, 100), at: 0).commands)
        #expect(paths[0].path == p)
        // Length 200: 50…150 → from (50, 0) along the first edge to the corner, then down to (100, 50).
        #expect(paths[1].path.elements == [.move(to: Point(50, 0)), .line(to: Point(100, 0)), .line(to: Point(100, 50))])
    }

    @Test func trimmingAClosedSubpathIncludesTheClosingEdge() {
        let square = Path(rect: Rect(0, 0, 10, 10))
        let t = square.trimmed(from: 0.8, to: 1)
        // Perimeter 40; the last 8 points run up the closing edge of the rect.
        let pts = t.elements.compactMap { e -> Point? in
            switch e { case .move(let p), .line(let p): return p; default: return nil }
        }
        #expect(pts.first == Point(0, 8))
        #expect(pts.last == Point(0, 0))
        #expect(square.trimmed(from: 0.6, to: 0.6).isEmpty)
    }

    @Test func animatedStrokeEnd() {
        let s = ShapeLayer()
        var p = Path()
        p.move(to: Point(0, 0)); p.addLine(to: Point(80, 0))
        s.path = p
        s.fillColor = nil
        s.strokeColor = .red
        s.add(LinearNumberTestAnimation("strokeEnd", from: 0, to: 1), forKey: "draw")
        let paths = Commands.paths(s.displayList(size: Size(80, 10), at: 0.25).commands)
        #expect(paths.first?.path.elements == [.move(to: Point(0, 0)), .line(to: Point(20, 0))])
        #expect(s.displayList(size: Size(80, 10), at: 0).commands.isEmpty)
    }

    @Test func gradientLayerFillsBoundsWithLinearGradient() {
        let g = GradientLayer()
        g.bounds = Rect(0, 0, 100, 200)
        g.colors = [.red, .green, .blue]
        let paths = Commands.paths(g.displayList(size: Size(100, 200), at: 0).commands)
        #expect(paths.count == 1)
        #expect(paths[0].path.controlPointBounds == Rect(0, 0, 100, 200))
        // Defaults (0.5, 0) → (0.5, 1): top center to bottom center; stops evenly spaced.
        #expect(paths[0].paint == .linearGradient(start: Point(50, 0), end: Point(50, 200),
                                                  stops: [GradientStop(0, .red), GradientStop(0.5, .green), GradientStop(1, .blue)]))
        g.locations = [0, 0.2, 1]
        g.startPoint = Point(0, 0)
        g.endPoint = Point(1, 0)
        let p2 = Commands.paths(g.displayList(size: Size(100, 200), at: 0).commands)
        #expect(p2[0].paint == .linearGradient(start: Point(0, 0), end: Point(100, 0),
                                               stops: [GradientStop(0, .red), GradientStop(0.2, .green), GradientStop(1, .blue)]))
    }

    @Test func gradientWithoutColorsDrawsNothing() {
        let g = GradientLayer()
        g.bounds = Rect(0, 0, 10, 10)
        #expect(g.displayList(size: Size(10, 10), at: 0).commands.isEmpty)
        g.colors = [.red]
        #expect(g.stops == [GradientStop(0, .red), GradientStop(1, .red)])
    }
}
