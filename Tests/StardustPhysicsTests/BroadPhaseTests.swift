import Testing
@testable import StardustPhysics

@Suite("Broad phase")
struct BroadPhaseTests {
    /// Pair finding against brute force: after `updatePairs()` every pair of
    /// shapes whose fat boxes overlap and that may collide has a contact,
    /// also when both shapes moved in the same step (the broad phase then
    /// examines the pair once, from the earlier of the two).
    @Test("every overlapping pair of fat boxes has a contact (brute force over all shape pairs)")
    func pairsMatchBruteForce() throws {
        var w = World(WorldDefinition(gravity: Vec2(0, 10)))
        let ground = w.createBody(BodyDefinition(type: .static))
        _ = try w.createShape(ground, ShapeDefinition(), .polygon(.box(halfWidth: 11, halfHeight: 0.5, center: Vec2(0, 0.5))))
        _ = try w.createShape(ground, ShapeDefinition(), .polygon(.box(halfWidth: 0.5, halfHeight: 20, center: Vec2(-10.5, -20))))
        _ = try w.createShape(ground, ShapeDefinition(), .polygon(.box(halfWidth: 0.5, halfHeight: 20, center: Vec2(10.5, -20))))
        for i in 0..<240 {
            let jitter = hashUniform(seed: 7, index: UInt64(2 * i)) - 0.5
            let size = hashUniform(seed: 7, index: UInt64(2 * i + 1))
            let p = Vec2(-9 + 1.2 * Double(i % 16) + 0.2 * jitter, -1 - 1.1 * Double(i / 16))
            var bd = BodyDefinition(type: .dynamic, position: p)
            // Sideways speeds so that neighbours move in the same step.
            bd.linearVelocity = Vec2(8 * jitter, 0)
            let b = w.createBody(bd)
            let geometry: ShapeGeometry = i % 2 == 0
                ? .circle(Circle(radius: 0.2 + 0.25 * size))
                : .polygon(.box(halfWidth: 0.2 + 0.25 * size, halfHeight: 0.2 + 0.25 * size))
            _ = try w.createShape(b, ShapeDefinition(), geometry)
        }
        var checkedPairs = 0
        for step in 0..<40 {
            w.step(1.0 / 60)
            let moved = w.moveBuffer.count
            w.updatePairs()
            let n = Int32(w.shapes.count)
            var missing = 0
            for a in 0..<n where w.shapeIDs.alive[Int(a)] {
                for b in (a + 1)..<n where w.shapeIDs.alive[Int(b)] {
                    guard w.shapeFatBounds[Int(a)].overlaps(w.shapeFatBounds[Int(b)]), w.shouldPair(a, b) else { continue }
                    checkedPairs += 1
                    if !w.pairSet.contains(PairSet.key(a, b)) { missing += 1 }
                }
            }
            #expect(missing == 0, "step \(step): \(missing) overlapping pairs without a contact (\(moved) proxies moved)")
        }
        #expect(checkedPairs > 1000)
    }

    /// The leaves overlapping `box` in the order of a depth-first walk
    /// (child2 before child1) with the exact `Double` test at every node:
    /// the reference the tree's `Float` query view must reproduce.
    static func referenceQuery(_ tree: DynamicTree, _ box: AABB) -> [Int32] {
        var out: [Int32] = []
        if tree.root == -1 { return out }
        var stack: [Int32] = [tree.root]
        while let n = stack.popLast() {
            let node = tree.nodes[Int(n)]
            guard node.aabb.overlaps(box) else { continue }
            if node.isLeaf { out.append(node.userData) } else { stack.append(node.child1); stack.append(node.child2) }
        }
        return out
    }

    /// Boxes near and far from the origin, some sharing an edge exactly with
    /// the query (touching counts) and some a few `Double` ulps away (they
    /// must not count, though their `Float` roundings touch).
    static func testBoxes(seed: UInt64, offset: Double) -> [AABB] {
        (0..<300).map { i -> AABB in
            let u = { (k: UInt64) in hashUniform(seed: seed, index: 5 * UInt64(i) + k) }
            let lo = Vec2(offset + 40 * u(0), offset + 40 * u(1))
            return AABB(lower: lo, upper: lo + Vec2(0.01 + 3 * u(2), 0.01 + 3 * u(3)))
        }
    }

    /// A tree of `testBoxes(seed:offset:)` after churn: a third of the
    /// leaves moved (re-inserts, rotations), a few removed. Returns the tree
    /// and every box's proxy (removed ones included).
    static func churnedTree(seed: UInt64, offset: Double) -> (DynamicTree, [Int32]) {
        var tree = DynamicTree()
        let boxes = testBoxes(seed: seed, offset: offset)
        var proxies: [Int32] = []
        for (i, b) in boxes.enumerated() { proxies.append(tree.createProxy(b, userData: Int32(i))) }
        for i in stride(from: 0, to: boxes.count, by: 3) {
            let b = boxes[(i * 7) % boxes.count]
            tree.moveProxy(proxies[i], AABB(lower: b.lower + Vec2(0.5, -0.25), upper: b.upper + Vec2(0.5, -0.25)))
        }
        for i in stride(from: 1, to: boxes.count, by: 29) { tree.destroyProxy(proxies[i]) }
        return (tree, proxies)
    }

    @Test("tree queries find exactly the overlapping leaves, in exact depth-first order, near and far from the origin",
          arguments: [0.0, -1e6, 3e7])
    func queryMatchesExactWalk(offset: Double) {
        let (churned, proxies) = Self.churnedTree(seed: 11, offset: offset)
        var tree = churned
        var queries: [AABB] = Self.testBoxes(seed: 12, offset: offset)
        // Queries sharing an edge with a leaf, or missing it by 1–4 ulps of `Double`.
        for i in stride(from: 2, to: proxies.count, by: 3) {
            let leaf = tree.fatAABB(proxies[i])
            let w = 0.3
            queries.append(AABB(lower: Vec2(leaf.upper.x, leaf.lower.y), upper: Vec2(leaf.upper.x + w, leaf.upper.y)))
            var x = leaf.upper.x
            for _ in 0..<(1 + i % 4) { x = x.nextUp }
            queries.append(AABB(lower: Vec2(x, leaf.lower.y), upper: Vec2(x + w, leaf.upper.y)))
            var y = leaf.lower.y
            for _ in 0..<(1 + i % 4) { y = y.nextDown }
            queries.append(AABB(lower: Vec2(leaf.lower.x, y - w), upper: Vec2(leaf.upper.x, y)))
        }
        var stack: [Int32] = []
        var total = 0
        for (k, q) in queries.enumerated() {
            var got: [Int32] = []
            tree.query(q, stack: &stack) { got.append($0); return true }
            let expected = Self.referenceQuery(tree, q)
            total += expected.count
            #expect(got == expected, "query \(k) \(q)")
        }
        #expect(total > 300)
        // After relayout: the same answers in the same order.
        tree.relayout()
        for q in queries.prefix(200) {
            var got: [Int32] = []
            tree.query(q, stack: &stack) { got.append($0); return true }
            #expect(got == Self.referenceQuery(tree, q))
        }
    }

    @Test("the Float query view bounds every node's Double box from outside and matches its children")
    func queryViewConsistent() {
        var tree = DynamicTree()
        let boxes = Self.testBoxes(seed: 21, offset: -5e5)
        var proxies: [Int32] = []
        for (i, b) in boxes.enumerated() { proxies.append(tree.createProxy(b, userData: Int32(i))) }
        for i in stride(from: 0, to: boxes.count, by: 2) { tree.moveProxy(proxies[i], boxes[(i + 1) % boxes.count]) }
        for relaid in [false, true] {
            if relaid { tree.relayout() }
            var stack: [Int32] = [tree.root]
            var leaves = 0
            while let n = stack.popLast() {
                let node = tree.nodes[Int(n)], view = tree.queryNodes[Int(n)]
                let exact = SIMD4(node.aabb.lower.x, node.aabb.lower.y, -node.aabb.upper.x, -node.aabb.upper.y)
                for k in 0..<4 { #expect(Double(view.bounds[k]) <= exact[k]) }
                #expect(view.child1 == node.child1)
                if node.isLeaf {
                    leaves += 1
                    #expect(view.child2OrUserData == node.userData)
                } else {
                    #expect(view.child2OrUserData == node.child2)
                    #expect(tree.nodes[Int(node.child1)].parent == n && tree.nodes[Int(node.child2)].parent == n)
                    stack.append(node.child1); stack.append(node.child2)
                }
            }
            #expect(leaves == boxes.count)
        }
    }

    @Test("relaying out the moving tree keeps every shape's proxy pointing at its own leaf and the simulation unchanged")
    func relayoutKeepsProxies() throws {
        func scene() throws -> World {
            var w = World(WorldDefinition(gravity: Vec2(0, 10)))
            let ground = w.createBody(BodyDefinition(type: .static))
            _ = try w.createShape(ground, ShapeDefinition(), .polygon(.box(halfWidth: 8, halfHeight: 0.5, center: Vec2(0, 0.5))))
            for i in 0..<60 {
                let b = w.createBody(BodyDefinition(type: .dynamic, position: Vec2(-6 + 1.1 * Double(i % 12), -1 - 1.1 * Double(i / 12))))
                _ = try w.createShape(b, ShapeDefinition(), i % 2 == 0 ? .circle(Circle(radius: 0.4)) : .polygon(.box(halfWidth: 0.4, halfHeight: 0.4)))
            }
            return w
        }
        var a = try scene(), b = try scene()
        for step in 0..<90 {
            a.step(1.0 / 60); b.step(1.0 / 60)
            if step % 7 == 0 {
                b.relayoutMovingTree()
                for s in 0..<b.shapes.count where b.shapeIDs.alive[s] && !b.shapeProxies[s].inStaticTree {
                    let p = b.shapeProxies[s].proxy
                    #expect(b.movingTree.nodes[Int(p)].isLeaf && b.movingTree.nodes[Int(p)].userData == Int32(s))
                }
            }
        }
        #expect(a.stateHash() == b.stateHash())
    }

    @Test("moving proxies reuses the node each removal frees and keeps every parent's box and height exact")
    func moveProxyKeepsTreeExact() {
        var tree = DynamicTree()
        let boxes = Self.testBoxes(seed: 31, offset: 250)
        var proxies: [Int32] = []
        for (i, b) in boxes.enumerated() { proxies.append(tree.createProxy(b, userData: Int32(i))) }
        let nodeCount = tree.nodes.count
        for round in 0..<3 {
            for i in stride(from: round, to: boxes.count, by: 2) {
                let b = boxes[(i * 13 + round) % boxes.count]
                tree.moveProxy(proxies[i], b)
                #expect(tree.fatAABB(proxies[i]) == b)
            }
        }
        // One leaf alone is its own root: moving it keeps it the root.
        var single = DynamicTree()
        let only = single.createProxy(boxes[0], userData: 0)
        single.moveProxy(only, boxes[1])
        #expect(single.root == only && single.fatAABB(only) == boxes[1])
        // Each move frees one node and takes it back: the array does not grow.
        #expect(tree.nodes.count == nodeCount)
        var stack: [Int32] = [tree.root]
        var leaves = 0, visited = 0
        #expect(tree.nodes[Int(tree.root)].parent == -1)
        while let n = stack.popLast() {
            visited += 1
            let node = tree.nodes[Int(n)]
            if node.isLeaf {
                leaves += 1
                #expect(node.height == 0 && node.aabb == tree.fatAABB(proxies[Int(node.userData)]))
                continue
            }
            let a = tree.nodes[Int(node.child1)], b = tree.nodes[Int(node.child2)]
            let union = AABB(lower: Vec2(Swift.min(a.aabb.lower.x, b.aabb.lower.x), Swift.min(a.aabb.lower.y, b.aabb.lower.y)),
                             upper: Vec2(Swift.max(a.aabb.upper.x, b.aabb.upper.x), Swift.max(a.aabb.upper.y, b.aabb.upper.y)))
            #expect(node.aabb == union)
            #expect(node.height == 1 + Swift.max(a.height, b.height))
            #expect(a.parent == n && b.parent == n)
            stack.append(node.child1); stack.append(node.child2)
        }
        #expect(leaves == boxes.count && visited == 2 * boxes.count - 1)
    }
}
