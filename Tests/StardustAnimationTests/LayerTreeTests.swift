import Testing
import StardustCore
@testable import StardustAnimation

@Suite struct LayerTreeTests {
    @Test func settingSublayersKeepsLinksConsistent() {
        let a = Layer(), b = Layer(), c = Layer(), other = Layer()
        other.addSublayer(c)
        a.sublayers = [b, c, b]
        #expect(a.sublayers.count == 2)
        #expect(b.superlayer === a && c.superlayer === a)
        #expect(other.sublayers.isEmpty)
        a.sublayers.append(a)   // a cycle: left out
        #expect(a.sublayers.count == 2)
        a.sublayers = [c]
        #expect(b.superlayer == nil)
        #expect(c.superlayer === a)
    }

    @Test func sublayerNamed() {
        let root = Layer(), mid = Layer(), leaf = Layer()
        leaf.name = "leaf"
        root.addSublayer(mid); mid.addSublayer(leaf)
        #expect(root.sublayer(named: "leaf") === leaf)
        #expect(root.sublayer(named: "none") == nil)
    }

    @Test func animatedOpacityZeroAndHiddenChildSkipSubtree() {
        let root = Layer()
        let a = Layer(), b = Layer()
        for l in [a, b] { l.bounds = Rect(0, 0, 2, 2); l.backgroundColor = .red; root.addSublayer(l) }
        b.backgroundColor = .blue
        let grandchild = Layer()
        grandchild.bounds = Rect(0, 0, 1, 1); grandchild.backgroundColor = .green
        a.addSublayer(grandchild)
        a.add(ConstantTestAnimation("opacity", .number(0)), forKey: "out")
        let colors = Commands.paths(root.displayList(size: Size(2, 2), at: 0.5).commands).map(Commands.color)
        #expect(colors == [.blue])
        b.add(ConstantTestAnimation("hidden", .bool(true)), forKey: "hide")
        #expect(root.displayList(size: Size(2, 2), at: 0.5).commands.isEmpty)
        #expect(root.displayList(size: Size(2, 2), at: 1.5).commands.count == 3)
        #expect(!b.isHidden)
    }
}
