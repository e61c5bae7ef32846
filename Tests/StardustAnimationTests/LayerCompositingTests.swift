import Testing
import StardustCore
@testable import StardustAnimation

/// What layers with masks, filters and shadows put in the display list.
@Suite struct LayerCompositingTests {
    static func kinds(_ l: Layer) -> [String] { Commands.kinds(l.displayList(size: Size(100, 100), at: 0).commands) }

    static func square() -> Layer {
        let l = Layer()
        l.bounds = Rect(0, 0, 40, 40); l.position = Point(50, 50); l.backgroundColor = .red
        return l
    }

    @Test("Core Animation's shadow defaults: black, opacity 0, radius 3, offset (0, −3), no path")
    func shadowDefaults() {
        let l = Layer()
        #expect(l.shadowColor == .black && l.shadowOpacity == 0 && l.shadowRadius == 3)
        #expect(l.shadowOffset == Size(0, -3) && l.shadowPath == nil && l.mask == nil && l.compositingFilter == nil)
        #expect(l.maskMode == .alpha)
    }

    @Test("a layer without mask, filter or visible shadow draws exactly as before: no group")
    func plainLayerUnchanged() {
        let l = Self.square()
        l.shadowRadius = 10; l.compositingFilter = .normal
        #expect(Self.kinds(l) == ["path"])
    }

    @Test("a mask follows the content inside one composite group, in the host's space")
    func maskOrder() {
        let l = Self.square()
        let m = Layer()
        m.bounds = Rect(0, 0, 20, 20); m.position = Point(10, 10); m.backgroundColor = .white
        l.mask = m
        let list = l.displayList(size: Size(100, 100), at: 0).commands
        #expect(Commands.kinds(list) == ["beginCompositeGroup", "path", "beginGroupMask", "path", "endCompositeGroup"])
        // The mask's square (host space 0…20) lands at the host's top-left corner, scene (30, 30).
        let maskPath = Commands.paths(list)[1]
        #expect(maskPath.transform.apply(to: .zero) == Point(30, 30))
    }

    @Test("a mask chain that loops back ends after maxMaskNesting masks")
    func maskCycleEnds() {
        let a = Self.square(), b = Self.square()
        a.mask = b; b.mask = a
        let n = a.displayList(size: Size(100, 100), at: 0).commands.count
        #expect(n > 0)
    }

    @Test("shadow: σ = shadowRadius scaled by the layer's transform, offset turned with it, opacity folded into color")
    func shadowResolved() {
        let l = Self.square()
        l.shadowOpacity = 0.5; l.shadowRadius = 4; l.shadowOffset = Size(0, -3)
        l.transform = Transform3D(scaleX: 2, y: 2, z: 1)
        guard case .beginCompositeGroup(let g)? = l.displayList(size: Size(100, 100), at: 0).commands.first, let s = g.shadow else {
            Issue.record("expected a composite group with a shadow"); return
        }
        #expect(abs(s.sigma - 8) < 1e-12)
        #expect(s.offset == Point(0, -6))  // y down: the default offset casts the shadow upward, as on iOS
        #expect(s.color == Color(red: 0, green: 0, blue: 0, alpha: 0.5))
    }

    @Test("masksToBounds with cornerRadius clips by a rounded-rectangle mask; without it stays a clip")
    func roundedClip() {
        let l = Self.square()
        l.masksToBounds = true
        l.addSublayer(Self.square())
        #expect(Self.kinds(l) == ["path", "pushClip", "path", "popClip"])
        l.cornerRadius = 8
        #expect(Self.kinds(l) == ["path", "beginCompositeGroup", "path", "beginGroupMask", "path", "endCompositeGroup"])
    }

    @Test("compositingFilter and opacity go to the group")
    func filterGroup() {
        let l = Self.square()
        l.compositingFilter = .multiply; l.opacity = 0.5
        guard case .beginCompositeGroup(let g)? = l.displayList(size: Size(100, 100), at: 0).commands.first else {
            Issue.record("expected a composite group"); return
        }
        #expect(g.filter == .multiply && g.opacity == 0.5 && g.mask == nil)
    }

    @Test("shadow properties animate by key path")
    func shadowAnimates() {
        let l = Self.square()
        #expect(Layer.animatableKeys.contains("shadowOffset"))
        l.setValue(.number(0.7), forKeyPath: "shadowOpacity")
        l.setValue(.size(Size(2, 5)), forKeyPath: "shadowOffset")
        #expect(l.shadowOpacity == 0.7 && l.shadowOffset == Size(2, 5))
    }
}
