import Foundation
import Testing
import StardustCore
@testable import StardustAnimation

/// Helpers to look into display lists.
enum Commands {
    static func paths(_ list: [DrawCommand]) -> [PathDraw] {
        list.compactMap { if case .path(let d) = $0 { return d } else { return nil } }
    }
    static func images(_ list: [DrawCommand]) -> [ImageDraw] {
        list.compactMap { if case .image(let d) = $0 { return d } else { return nil } }
    }
    /// A short name per command kind, for checking order.
    static func kinds(_ list: [DrawCommand]) -> [String] {
        list.map {
            switch $0 {
            case .image: return "image"
            case .maskedImage: return "maskedImage"
            case .sprites: return "sprites"
            case .path: return "path"
            case .text: return "text"
            case .pushClip: return "pushClip"
            case .popClip: return "popClip"
            case .beginGroup: return "beginGroup"
            case .endGroup: return "endGroup"
            case .beginCompositeGroup: return "beginCompositeGroup"
            case .beginGroupMask: return "beginGroupMask"
            case .endCompositeGroup: return "endCompositeGroup"
            }
        }
    }
    /// The solid color of a path command.
    static func color(_ d: PathDraw) -> Color? {
        if case .color(let c) = d.paint { return c } else { return nil }
    }
}

func assertPoint(_ p: Point, _ x: Double, _ y: Double, accuracy: Double = 1e-9, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(abs(p.x - x) <= accuracy, "x of \(p)", sourceLocation: sourceLocation)
    #expect(abs(p.y - y) <= accuracy, "y of \(p)", sourceLocation: sourceLocation)
}

@Suite struct LayerRenderingTests {
    private func box(_ w: Double, _ h: Double, at p: Point, color: Color = .red) -> Layer {
        let l = Layer()
        l.bounds = Rect(0, 0, w, h)
        l.position = p
        l.backgroundColor = color
        return l
    }

    @Test func backgroundCornersWithCenteredAnchor() {
        let l = box(100, 50, at: Point(200, 100))
        let list = l.displayList(size: Size(400, 200), at: 0)
        #expect(list.size == Size(400, 200))
        let paths = Commands.paths(list.commands)
        #expect(paths.count == 1)
        let t = paths[0].transform
        assertPoint(t.apply(to: Point(0, 0)), 150, 75)
        assertPoint(t.apply(to: Point(100, 0)), 250, 75)
        assertPoint(t.apply(to: Point(0, 50)), 150, 125)
        assertPoint(t.apply(to: Point(100, 50)), 250, 125)
        #expect(paths[0].path.controlPointBounds == Rect(0, 0, 100, 50))
        #expect(Commands.color(paths[0]) == .red)
    }

    @Test func anchorAtOriginShiftsTheLayer() {
        let l = box(100, 50, at: Point(200, 100))
        l.anchorPoint = Point(0, 0)
        let t = Commands.paths(l.displayList(size: Size(400, 200), at: 0).commands)[0].transform
        assertPoint(t.apply(to: Point(0, 0)), 200, 100)
        assertPoint(t.apply(to: Point(100, 50)), 300, 150)
    }

    @Test func boundsOriginShiftsContentNotPosition() {
        let l = box(100, 50, at: Point(200, 100))
        l.bounds.origin = Point(10, 20)
        let t = Commands.paths(l.displayList(size: Size(400, 200), at: 0).commands)[0].transform
        // The anchor is the bounds center (60, 45), placed at (200, 100).
        assertPoint(t.apply(to: Point(60, 45)), 200, 100)
        assertPoint(t.apply(to: Point(10, 20)), 150, 75)
    }

    @Test func rotationAboutAnchor() {
        let l = box(100, 50, at: Point(200, 100))
        l.setValue(.number(.pi / 2), forKeyPath: "transform.rotation")
        let t = Commands.paths(l.displayList(size: Size(400, 200), at: 0).commands)[0].transform
        // (x, y) − (50, 25) → rotate clockwise by 90°: (u, v) → (−v, u) → + (200, 100).
        assertPoint(t.apply(to: Point(0, 0)), 225, 50)
        assertPoint(t.apply(to: Point(100, 0)), 225, 150)
        assertPoint(t.apply(to: Point(100, 50)), 175, 150)
        assertPoint(t.apply(to: Point(0, 50)), 175, 50)
    }

    @Test func nestedPositionsCompose() {
        let parent = box(200, 100, at: Point(100, 50))
        parent.anchorPoint = .zero
        let child = box(10, 10, at: Point(20, 30), color: .blue)
        parent.addSublayer(child)
        let paths = Commands.paths(parent.displayList(size: Size(400, 200), at: 0).commands)
        #expect(paths.count == 2)
        // Parent origin at (100, 50); the child's center at (20, 30) in the parent → (120, 80); corner (0,0) → (115, 75).
        assertPoint(paths[1].transform.apply(to: Point(0, 0)), 115, 75)
    }

    @Test func sublayerTransformAppliesToChildrenOnly() {
        let parent = box(200, 100, at: Point(100, 50))
        parent.sublayerTransform = Transform3D(scaleX: 2, y: 2, z: 1)
        let child = box(10, 10, at: Point(100, 50), color: .blue)
        parent.addSublayer(child)
        let paths = Commands.paths(parent.displayList(size: Size(200, 100), at: 0).commands)
        #expect(paths.count == 2)
        // Parent unaffected.
        assertPoint(paths[0].transform.apply(to: Point(0, 0)), 0, 0)
        assertPoint(paths[0].transform.apply(to: Point(200, 100)), 200, 100)
        // Child scaled ×2 about the parent's bounds center (100, 50): (95, 45) → (90, 40), (105, 55) → (110, 60).
        assertPoint(paths[1].transform.apply(to: Point(0, 0)), 90, 40)
        assertPoint(paths[1].transform.apply(to: Point(10, 10)), 110, 60)
    }

    @Test func perspectiveSublayerTransformWithZPosition() {
        let parent = box(200, 100, at: Point(100, 50))
        var p = Transform3D.identity
        p.m34 = -1.0 / 500
        parent.sublayerTransform = p
        let child = box(10, 10, at: Point(100, 50), color: .blue)
        child.zPosition = 100
        parent.addSublayer(child)
        let paths = Commands.paths(parent.displayList(size: Size(200, 100), at: 0).commands)
        // w = 1 + 100·(−1/500) = 0.8: the child looks 1.25× larger about the parent's center.
        assertPoint(paths[1].transform.apply(to: Point(0, 0)), 100 - 6.25, 50 - 6.25)
        assertPoint(paths[1].transform.apply(to: Point(10, 10)), 100 + 6.25, 50 + 6.25)
    }

    @Test func tiltUnderPerspectiveUsesAffineApproximationAtCenter() {
        let parent = box(200, 100, at: Point(100, 50))
        var p = Transform3D.identity
        p.m34 = -1.0 / 500
        parent.sublayerTransform = p
        let child = box(100, 100, at: Point(100, 50), color: .blue)
        let b = Double.pi / 3
        child.setValue(.number(b), forKeyPath: "transform.rotation.y")
        parent.addSublayer(child)
        let t = Commands.paths(parent.displayList(size: Size(200, 100), at: 0).commands)[1].transform
        // The child's center lands on the parent's center.
        assertPoint(t.apply(to: Point(50, 50)), 100, 50)
        // One point right of the center: (1, 0, 0)·Ry(b) = (cos b, 0, −sin b), w = 1 + sin b / 500,
        // so the x step is cos b / (1 + sin b / 500); the y step is 1 / w at x = 0 … = 1.
        #expect(abs(t.a - cos(b) / (1 + sin(b) / 500)) <= 1e-12)
        #expect(abs(t.b) <= 1e-12)
        #expect(abs(t.d - 1) <= 1e-12)
    }

    @Test func zPositionOrdersSiblingsStably() {
        let parent = Layer()
        let a = box(1, 1, at: .zero, color: .red), b = box(1, 1, at: .zero, color: .green), c = box(1, 1, at: .zero, color: .blue)
        a.zPosition = 1
        for l in [a, b, c] { parent.addSublayer(l) }
        let colors = Commands.paths(parent.displayList(size: Size(10, 10), at: 0).commands).map(Commands.color)
        #expect(colors == [.green, .blue, .red])
        // An animated zPosition counts too.
        c.add(ConstantTestAnimation("zPosition", .number(-1)), forKey: "z")
        let animated = Commands.paths(parent.displayList(size: Size(10, 10), at: 0.5).commands).map(Commands.color)
        #expect(animated == [.blue, .green, .red])
    }

    @Test func hiddenAndTransparentLayersDrawNothing() {
        let parent = box(10, 10, at: .zero)
        parent.addSublayer(box(5, 5, at: .zero))
        parent.isHidden = true
        #expect(parent.displayList(size: Size(10, 10), at: 0).commands.isEmpty)
        parent.isHidden = false
        parent.opacity = 0
        #expect(parent.displayList(size: Size(10, 10), at: 0).commands.isEmpty)
        parent.opacity = 1
        #expect(parent.displayList(size: Size(10, 10), at: 0).commands.count == 2)
    }

    @Test func opacityWithChildrenMakesAGroup() {
        let parent = box(10, 10, at: .zero)
        parent.addSublayer(box(5, 5, at: .zero, color: .blue))
        parent.opacity = 0.5
        let cmds = parent.displayList(size: Size(10, 10), at: 0).commands
        #expect(Commands.kinds(cmds) == ["beginGroup", "path", "path", "endGroup"])
        if case .beginGroup(let o) = cmds[0] { #expect(o == 0.5) } else { Issue.record() }
        #expect(Commands.paths(cmds).map(\.opacity) == [1, 1])
    }

    @Test func opacityOfASingleCommandLayerIsFolded() {
        let l = box(10, 10, at: .zero)
        l.opacity = 0.25
        let cmds = l.displayList(size: Size(10, 10), at: 0).commands
        #expect(Commands.kinds(cmds) == ["path"])
        #expect(Commands.paths(cmds)[0].opacity == 0.25)
    }

    @Test func masksToBoundsEmitsAClipAroundContentsAndSublayers() {
        let parent = box(40, 20, at: Point(20, 10))
        parent.masksToBounds = true
        parent.borderWidth = 1
        parent.addSublayer(box(100, 100, at: .zero, color: .blue))
        let cmds = parent.displayList(size: Size(40, 20), at: 0).commands
        #expect(Commands.kinds(cmds) == ["path", "pushClip", "path", "popClip", "path"])
        if case .pushClip(let r, let t) = cmds[1] {
            #expect(r == Rect(0, 0, 40, 20))
            assertPoint(t.apply(to: Point(40, 20)), 40, 20)
        } else { Issue.record() }
    }

    @Test func borderIsDrawnOnTopOfSublayers() {
        let parent = box(40, 20, at: Point(20, 10))
        parent.borderWidth = 2
        parent.borderColor = .green
        parent.cornerRadius = 4
        parent.addSublayer(box(5, 5, at: .zero, color: .blue))
        let paths = Commands.paths(parent.displayList(size: Size(40, 20), at: 0).commands)
        #expect(paths.map(Commands.color) == [.red, .blue, .green])
        #expect(paths[2].style == .fill(.evenOdd))
    }

    @Test func backgroundAnimationFromNilColor() {
        let l = Layer()
        l.bounds = Rect(0, 0, 4, 4)
        #expect(l.displayList(size: Size(4, 4), at: 0).commands.isEmpty)
        l.add(ConstantTestAnimation("backgroundColor", .color(.blue)), forKey: "bg")
        let paths = Commands.paths(l.displayList(size: Size(4, 4), at: 0.5).commands)
        #expect(paths.map(Commands.color) == [.blue])
    }

    @Test func drawContentsHookGetsLocalTimeAndTransform() {
        final class Probe: Layer {
            var seen: [(Double, Transform2D)] = []
            override func drawContents(into list: inout [DrawCommand], time: Double, transform: Transform2D) {
                seen.append((time, transform))
            }
        }
        let root = Layer(), probe = Probe()
        root.addSublayer(probe)
        probe.bounds = Rect(0, 0, 10, 10)
        probe.position = Point(50, 60)
        probe.timing = MediaTiming(beginTime: 2, speed: 0.5)
        _ = root.displayList(size: Size(100, 100), at: 4)
        #expect(probe.seen.count == 1)
        #expect(abs(probe.seen[0].0 - 1) <= 1e-12)
        assertPoint(probe.seen[0].1.apply(to: Point(0, 0)), 45, 55)
    }
}
