import Testing
@testable import StardustPhysics

/// `PairGrid` must give exactly the moving tree's query results, in the
/// tree's order: pair finding uses it instead of the walk in steps with many
/// moved proxies, and contact order (hence the simulation) follows that order.
@Suite("Pair grid")
struct PairGridTests {
    /// The grid's answer to `box`, as user data in order.
    static func gridQuery(_ grid: PairGrid, _ box: AABB) -> [Int32] {
        var ranks = [Int32](repeating: -1, count: grid.leafData.count)
        let count = ranks.withUnsafeMutableBufferPointer { grid.query(box, into: $0.baseAddress!) }
        return ranks.prefix(count).map { grid.leafData[Int($0)] }
    }

    @Test("grid queries find the tree walk's leaves in the walk's order, near and far from the origin",
          arguments: [0.0, -1e6, 3e7])
    func gridMatchesTreeWalk(offset: Double) {
        let (tree, proxies) = BroadPhaseTests.churnedTree(seed: 31, offset: offset)
        var grid = PairGrid()
        var stack: [Int32] = []
        #expect(grid.build(tree, stack: &stack))
        var queries = BroadPhaseTests.testBoxes(seed: 32, offset: offset)
        // Queries sharing an edge or a corner with a leaf (touching counts), or
        // missing it by 1–4 ulps, on every side: the cell boundaries and the
        // reach below a query box must not lose or add a leaf.
        for i in stride(from: 2, to: proxies.count, by: 3) where i % 29 != 1 {
            let leaf = tree.fatAABB(proxies[i])
            let w = 0.3
            var above = leaf.upper.y, left = leaf.lower.x
            for _ in 0..<(1 + i % 4) { above = above.nextUp; left = left.nextDown }
            queries.append(AABB(lower: Vec2(leaf.upper.x, leaf.lower.y), upper: Vec2(leaf.upper.x + w, leaf.upper.y)))
            queries.append(AABB(lower: Vec2(leaf.lower.x - w, leaf.upper.y), upper: Vec2(leaf.lower.x, leaf.upper.y + w)))
            queries.append(AABB(lower: Vec2(leaf.lower.x, above), upper: Vec2(leaf.upper.x, above + w)))
            queries.append(AABB(lower: Vec2(left - w, leaf.lower.y), upper: Vec2(left, leaf.upper.y)))
        }
        var total = 0
        for (k, q) in queries.enumerated() {
            let expected = BroadPhaseTests.referenceQuery(tree, q)
            var walked: [Int32] = []
            tree.query(q, stack: &stack) { walked.append($0); return true }
            #expect(walked == expected)
            total += expected.count
            #expect(Self.gridQuery(grid, q) == expected, "query \(k) \(q)")
        }
        #expect(total > 300)
    }

    @Test("a query box outside the leaves' extent (a static shape's) is answered exactly")
    func queriesOutsideTheGrid() {
        let (tree, _) = BroadPhaseTests.churnedTree(seed: 41, offset: 0)
        var grid = PairGrid()
        var stack: [Int32] = []
        #expect(grid.build(tree, stack: &stack))
        let queries = [AABB(lower: Vec2(-100, -100), upper: Vec2(200, 200)),   // everything
                       AABB(lower: Vec2(-100, -100), upper: Vec2(-50, -50)),   // nothing, below
                       AABB(lower: Vec2(60, 60), upper: Vec2(1e9, 1e9)),       // nothing, above
                       AABB(lower: Vec2(-1e12, 10), upper: Vec2(1e12, 10.5))]  // a thin band across
        for q in queries { #expect(Self.gridQuery(grid, q) == BroadPhaseTests.referenceQuery(tree, q)) }
    }

    @Test("the grid declines trees it cannot serve: a non-finite box, or one box far larger than the rest")
    func declinesUnsuitableTrees() {
        var stack: [Int32] = []
        var (tree, _) = BroadPhaseTests.churnedTree(seed: 51, offset: 0)
        var grid = PairGrid()
        #expect(grid.build(tree, stack: &stack))
        _ = tree.createProxy(AABB(lower: Vec2(0, 0), upper: Vec2(500, 1)), userData: 9999)
        #expect(!grid.build(tree, stack: &stack))
        var (other, _) = BroadPhaseTests.churnedTree(seed: 52, offset: 0)
        _ = other.createProxy(AABB(lower: Vec2(0, .nan), upper: Vec2(1, 1)), userData: 9998)
        #expect(!grid.build(other, stack: &stack))
        // Two small boxes farther apart than `Double`'s range: the extent overflows.
        var far = DynamicTree()
        _ = far.createProxy(AABB(lower: Vec2(-1e308, 0), upper: Vec2(-1e308 + 1e293, 1)), userData: 1)
        _ = far.createProxy(AABB(lower: Vec2(1e308 - 1e293, 0), upper: Vec2(1e308, 1)), userData: 2)
        #expect(!grid.build(far, stack: &stack))
    }
}
