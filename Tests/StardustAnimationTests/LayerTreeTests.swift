import Testing
import StardustCore
import StardustTestSupport
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

    /// `insertSublayer(_:at:)` appends at the end (every `addSublayer`) instead of inserting there: random edits of a
    /// small forest — adds, inserts at indices below 0, inside, at and past the end, moves within one parent and
    /// between parents, cycles refused, removals — against a plain model of the same rules (the layer taken out of
    /// its parent first, then `Array.insert` at the index clamped to `0…count`).
    @Test("sublayers added and inserted anywhere match a plain model of the rules")
    func treeEditsMatchAPlainModel() {
        var rng = SplitMix64(seed: 2_424)
        for trial in 0..<300 {
            let layers = (0..<8).map { _ in Layer() }
            var children = [[Int]](repeating: [], count: 8), parent = [Int?](repeating: nil, count: 8)
            func isSelfOrAncestor(_ x: Int, of y: Int) -> Bool {
                var a: Int? = y
                while let c = a { if c == x { return true }; a = parent[c] }
                return false
            }
            for step in 0..<40 {
                let p = Int.random(in: 0..<8, using: &rng), c = Int.random(in: 0..<8, using: &rng)
                let op = Int.random(in: 0..<4, using: &rng)
                if op == 3 {
                    layers[c].removeFromSuperlayer()
                    if let q = parent[c] { children[q].removeAll { $0 == c }; parent[c] = nil }
                } else {
                    let count = children[p].count
                    let index = op == 0 ? nil : [Int.min, -1, 0, count / 2, count, count + 1, Int.max].randomElement(using: &rng)!
                    if let index { layers[p].insertSublayer(layers[c], at: index) } else { layers[p].addSublayer(layers[c]) }
                    if !isSelfOrAncestor(c, of: p) {
                        if let q = parent[c] { children[q].removeAll { $0 == c } }
                        let n = children[p].count
                        children[p].insert(c, at: index.map { min(max($0, 0), n) } ?? n)
                        parent[c] = p
                    }
                }
                for i in 0..<8 {
                    let ids = layers[i].sublayers.map { l in layers.firstIndex { $0 === l }! }
                    #expect(ids == children[i], "trial \(trial), step \(step), layer \(i)")
                    #expect(layers[i].superlayer.map { l in layers.firstIndex { $0 === l }! } == parent[i], "trial \(trial), step \(step)")
                }
            }
        }
    }

    /// ``Layer/superlayer`` is `unowned(safe)`, not `weak` (docs/ANIMATION.md, "Layer tree references"): the links are
    /// cleared wherever they end, so a removed or replaced sublayer, and one that outlives its superlayer, sees `nil`
    /// (reading a released superlayer through `unowned(safe)` would trap, so this test would crash, not fail).
    @Test("a sublayer's superlayer is nil once removed, replaced or outliving its superlayer")
    func superlayerEndsWithTheLink() {
        let a = Layer(), b = Layer(), c = Layer()
        a.addSublayer(b); a.addSublayer(c)
        b.removeFromSuperlayer()
        #expect(b.superlayer == nil)
        #expect(c.superlayer === a)
        a.sublayers = [b]
        #expect(c.superlayer == nil && b.superlayer === a)
        let other = Layer()
        other.addSublayer(b)
        #expect(b.superlayer === other && a.sublayers.isEmpty)

        // Sublayers (and a grandchild) kept alive while their superlayer goes away.
        var kept: [Layer] = []
        weak var gone: Layer?
        do {
            let parent = Layer(), mid = Layer(), leaf = Layer()
            parent.addSublayer(mid); mid.addSublayer(leaf)
            parent.addSublayer(Layer())
            kept = [mid, leaf]
            gone = parent
            #expect(mid.superlayer === parent)
        }
        #expect(gone == nil)
        #expect(kept[0].superlayer == nil)
        #expect(kept[1].superlayer === kept[0])
        // The orphan can be drawn, moved and given new sublayers.
        kept[0].bounds = Rect(0, 0, 2, 2); kept[0].backgroundColor = .red
        #expect(kept[0].displayList(size: Size(2, 2), at: 0).commands.count == 1)
        let root = Layer()
        root.addSublayer(kept[0])
        #expect(kept[0].superlayer === root)
        kept = [kept[1]]
        // `mid` is now owned by `root` alone; the leaf still sees it.
        #expect(kept[0].superlayer?.superlayer === root)
        root.sublayers = []
        #expect(kept[0].superlayer == nil)   // `mid` released with the root's array: the leaf sees nil
    }
}
