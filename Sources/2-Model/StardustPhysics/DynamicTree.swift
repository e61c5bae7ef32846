// DynamicTree.swift — a dynamic AABB tree (bounding volume hierarchy).
//
// Leaves hold fattened AABBs so that a body moving a little does not touch
// the tree. Insertion picks the sibling by the surface-area heuristic
// (perimeter in 2D) and rebalances with AVL-style rotations (Box2D v2.4's
// `b2DynamicTree`), which keeps queries O(log n) for typical scenes.
// Storage is one array of structs with a free list: no per-node allocation,
// and copying the world copies the tree. Queries walk a parallel 32-byte
// `Float` view of the nodes (`QueryNode`) and test leaves exactly, so they
// find the same leaves in the same order as a walk of the `Double` boxes.

struct TreeNode: Sendable {
    var aabb = AABB(lower: .zero, upper: .zero)
    var parent: Int32 = -1      // doubles as the free-list link
    var child1: Int32 = -1
    var child2: Int32 = -1
    var height: Int32 = -1      // leaf = 0, free = -1
    var userData: Int32 = -1    // shape index for leaves
    @inline(__always) var isLeaf: Bool { child1 == -1 }
}

/// What a query reads of a node, 32 bytes instead of a `TreeNode`'s 56, so
/// that a walk touches half the cache lines. The box is the node's `Double`
/// box rounded outward to `Float` and stored as (lower.x, lower.y, −upper.x,
/// −upper.y): a box `q` stored as (upper.x, upper.y, −lower.x, −lower.y)
/// overlaps it iff every lane of `bounds` is ≤ that of `q` (one compare).
/// Rounded outward, a box contains the rounded box of anything its `Double`
/// box contains, so the walk prunes no subtree the exact test would keep and
/// visits leaves in the same order; leaves are then tested exactly.
struct QueryNode: Sendable {
    var bounds = SIMD4<Float>(repeating: .infinity)
    var child1: Int32 = -1
    /// The second child, or for a leaf (`child1 == -1`) its user data.
    var child2OrUserData: Int32 = -1
}

/// A `Float` at most each lane of `x` (not the largest: the nearest `Float`
/// moved down by 2–4 of its ulps and 1e-30, which covers the half ulp of
/// rounding, zero and subnormals without a branch). Lanes beyond `Float`'s
/// range become infinite or NaN; both make the query's compare keep the node.
@inline(__always) func floatsRoundedDown(_ x: SIMD4<Double>) -> SIMD4<Float> {
    let f = SIMD4<Float>(Float(x[0]), Float(x[1]), Float(x[2]), Float(x[3]))
    return f - (magnitudes(f) * 0x1p-22 + 1e-30)
}

/// Lane-wise |x| by clearing the sign bits (`pointwiseMax(x, -x)` was a call).
@inline(__always) func magnitudes(_ x: SIMD4<Float>) -> SIMD4<Float> {
    unsafeBitCast(unsafeBitCast(x, to: SIMD4<UInt32>.self) & 0x7FFF_FFFF, to: SIMD4<Float>.self)
}

struct DynamicTree: Sendable {
    var nodes: [TreeNode] = []
    /// `nodes`' query view (same index), kept in step with every change of a
    /// node's box or children.
    var queryNodes: [QueryNode] = []
    var root: Int32 = -1
    var freeList: Int32 = -1
    var proxyCount = 0
    /// ``moveProxy(_:_:)`` calls since the last ``relayout()``.
    var reinsertsSinceLayout = 0

    private mutating func allocateNode() -> Int32 {
        if freeList == -1 {
            nodes.append(TreeNode())
            queryNodes.append(QueryNode())
            return Int32(nodes.count - 1)
        }
        let n = freeList
        freeList = nodes[Int(n)].parent
        nodes[Int(n)] = TreeNode()
        return n
    }

    private mutating func freeNode(_ n: Int32) {
        nodes[Int(n)].parent = freeList
        nodes[Int(n)].height = -1
        freeList = n
    }

    /// Adds a leaf. O(log n).
    mutating func createProxy(_ aabb: AABB, userData: Int32) -> Int32 {
        let leaf = allocateNode()
        nodes[Int(leaf)].aabb = aabb
        nodes[Int(leaf)].userData = userData
        nodes[Int(leaf)].height = 0
        syncQueryNode(leaf)
        insertLeaf(leaf)
        proxyCount += 1
        return leaf
    }

    mutating func destroyProxy(_ leaf: Int32) {
        removeLeaf(leaf)
        freeNode(leaf)
        proxyCount -= 1
    }

    /// Re-inserts a leaf with new bounds. O(log n).
    mutating func moveProxy(_ leaf: Int32, _ aabb: AABB) {
        reinsertsSinceLayout += 1
        // The same steps as removeLeaf, a box change and insertLeaf, in one
        // pass through pointers: the node the removal frees is the one the
        // insertion takes back (the free list's head), so nothing is
        // appended and the per-call array checks of the three are paid once.
        if leaf == root {
            root = -1
            nodes[Int(leaf)].aabb = aabb
            syncQueryNode(leaf)
            insertLeaf(leaf)
            return
        }
        var newRoot = root, freeHead = freeList
        nodes.withUnsafeMutableBufferPointer { np in
        queryNodes.withUnsafeMutableBufferPointer { qp in
            let nodes = np.baseAddress!, query = qp.baseAddress!
            DynamicTree.removeLeaf(nodes, query, leaf, root: &newRoot, freeList: &freeHead)
            nodes[Int(leaf)].aabb = aabb
            DynamicTree.sync(nodes, query, leaf)
            let newParent = freeHead
            freeHead = nodes[Int(newParent)].parent
            nodes[Int(newParent)] = TreeNode()
            DynamicTree.insertLeaf(nodes, query, leaf, newParent: newParent, root: &newRoot)
        }
        }
        root = newRoot
        freeList = freeHead
    }

    private mutating func syncQueryNode(_ n: Int32) {
        nodes.withUnsafeBufferPointer { np in
            queryNodes.withUnsafeMutableBufferPointer { qp in DynamicTree.sync(np.baseAddress!, qp.baseAddress!, n) }
        }
    }

    /// Copies node `n`'s box (rounded outward) and children into its query view.
    @inline(__always)
    private static func sync(_ nodes: UnsafePointer<TreeNode>, _ query: UnsafeMutablePointer<QueryNode>, _ n: Int32) {
        let node = nodes + Int(n)
        let b = node.pointee.aabb
        query[Int(n)].bounds = floatsRoundedDown(SIMD4(b.lower.x, b.lower.y, -b.upper.x, -b.upper.y))
        query[Int(n)].child1 = node.pointee.child1
        query[Int(n)].child2OrUserData = node.pointee.isLeaf ? node.pointee.userData : node.pointee.child2
    }

    @inline(__always) func fatAABB(_ leaf: Int32) -> AABB { nodes[Int(leaf)].aabb }

    // The mutations below walk the nodes through a pointer: they run for
    // every proxy that leaves its fat box, and per-access bounds and
    // uniqueness checks were most of their cost.

    private mutating func insertLeaf(_ leaf: Int32) {
        if root == -1 {
            root = leaf
            nodes[Int(root)].parent = -1
            return
        }
        // Allocated before the descent (which neither reads nor changes the free list).
        let newParent = allocateNode()
        var newRoot = root
        nodes.withUnsafeMutableBufferPointer { np in
            queryNodes.withUnsafeMutableBufferPointer { qp in
                DynamicTree.insertLeaf(np.baseAddress!, qp.baseAddress!, leaf, newParent: newParent, root: &newRoot)
            }
        }
        root = newRoot
    }

    /// Walks from `start` to the root: rebalances, then recomputes heights and boxes.
    private static func refit(_ nodes: UnsafeMutablePointer<TreeNode>, _ query: UnsafeMutablePointer<QueryNode>,
                              from start: Int32, root: inout Int32) {
        var index = start
        while index != -1 {
            index = balance(nodes, query, index, root: &root)
            let c1 = nodes[Int(index)].child1, c2 = nodes[Int(index)].child2
            nodes[Int(index)].height = 1 + max(nodes[Int(c1)].height, nodes[Int(c2)].height)
            let box = nodes[Int(c1)].aabb.union(nodes[Int(c2)].aabb)
            // Near the root the box rarely changes; its children changed only
            // where the caller or a rotation already synced them.
            if box != nodes[Int(index)].aabb {
                nodes[Int(index)].aabb = box
                sync(nodes, query, index)
            }
            index = nodes[Int(index)].parent
        }
    }

    private mutating func removeLeaf(_ leaf: Int32) {
        if leaf == root { root = -1; return }
        var newRoot = root, freeHead = freeList
        nodes.withUnsafeMutableBufferPointer { np in
            queryNodes.withUnsafeMutableBufferPointer { qp in
                DynamicTree.removeLeaf(np.baseAddress!, qp.baseAddress!, leaf, root: &newRoot, freeList: &freeHead)
            }
        }
        root = newRoot
        freeList = freeHead
    }

    /// Unlinks `leaf` (not the root) and frees its parent, then refits from
    /// its grandparent.
    private static func removeLeaf(_ nodes: UnsafeMutablePointer<TreeNode>, _ query: UnsafeMutablePointer<QueryNode>, _ leaf: Int32,
                                   root: inout Int32, freeList: inout Int32) {
        let parent = nodes[Int(leaf)].parent
        let grand = nodes[Int(parent)].parent
        let sibling = nodes[Int(parent)].child1 == leaf ? nodes[Int(parent)].child2 : nodes[Int(parent)].child1
        if grand != -1 {
            if nodes[Int(grand)].child1 == parent { nodes[Int(grand)].child1 = sibling } else { nodes[Int(grand)].child2 = sibling }
            nodes[Int(sibling)].parent = grand
            nodes[Int(parent)].parent = freeList
            nodes[Int(parent)].height = -1
            freeList = parent
            sync(nodes, query, grand)
            refit(nodes, query, from: grand, root: &root)
        } else {
            root = sibling
            nodes[Int(sibling)].parent = -1
            nodes[Int(parent)].parent = freeList
            nodes[Int(parent)].height = -1
            freeList = parent
        }
    }

    /// Puts `leaf` next to the sibling the surface-area heuristic picks,
    /// under `newParent` (a fresh node), then refits up to the root. The tree
    /// is not empty.
    private static func insertLeaf(_ nodes: UnsafeMutablePointer<TreeNode>, _ query: UnsafeMutablePointer<QueryNode>, _ leaf: Int32,
                                   newParent: Int32, root: inout Int32) {
        let leafAABB = nodes[Int(leaf)].aabb
        var index = root
        while !nodes[Int(index)].isLeaf {
            let c1 = nodes[Int(index)].child1, c2 = nodes[Int(index)].child2
            let area = nodes[Int(index)].aabb.perimeter
            let combinedArea = nodes[Int(index)].aabb.union(leafAABB).perimeter
            let cost = 2 * combinedArea
            let inheritance = 2 * (combinedArea - area)
            func descendCost(_ c: Int32) -> Double {
                let u = leafAABB.union(nodes[Int(c)].aabb)
                if nodes[Int(c)].isLeaf { return u.perimeter + inheritance }
                return (u.perimeter - nodes[Int(c)].aabb.perimeter) + inheritance
            }
            let cost1 = descendCost(c1), cost2 = descendCost(c2)
            if cost < cost1 && cost < cost2 { break }
            index = cost1 < cost2 ? c1 : c2
        }
        let sibling = index
        let oldParent = nodes[Int(sibling)].parent
        nodes[Int(newParent)].parent = oldParent
        nodes[Int(newParent)].aabb = leafAABB.union(nodes[Int(sibling)].aabb)
        nodes[Int(newParent)].height = nodes[Int(sibling)].height + 1
        nodes[Int(newParent)].child1 = sibling
        nodes[Int(newParent)].child2 = leaf
        nodes[Int(sibling)].parent = newParent
        nodes[Int(leaf)].parent = newParent
        sync(nodes, query, newParent)
        if oldParent != -1 {
            if nodes[Int(oldParent)].child1 == sibling { nodes[Int(oldParent)].child1 = newParent } else { nodes[Int(oldParent)].child2 = newParent }
            sync(nodes, query, oldParent)
        } else {
            root = newParent
        }
        refit(nodes, query, from: nodes[Int(leaf)].parent, root: &root)
    }

    /// A left or right rotation when the subtree at `a` is imbalanced.
    /// Returns the new subtree root.
    private static func balance(_ nodes: UnsafeMutablePointer<TreeNode>, _ query: UnsafeMutablePointer<QueryNode>,
                                _ iA: Int32, root: inout Int32) -> Int32 {
        if nodes[Int(iA)].isLeaf || nodes[Int(iA)].height < 2 { return iA }
        let iB = nodes[Int(iA)].child1, iC = nodes[Int(iA)].child2
        let balance = nodes[Int(iC)].height - nodes[Int(iB)].height
        if balance > 1 { return rotate(nodes, query, up: iC, over: iA, sibling: iB, cIsChild2: true, root: &root) }
        if balance < -1 { return rotate(nodes, query, up: iB, over: iA, sibling: iC, cIsChild2: false, root: &root) }
        return iA
    }

    /// Promotes `iC` (a child of `iA`) above `iA`.
    private static func rotate(_ nodes: UnsafeMutablePointer<TreeNode>, _ query: UnsafeMutablePointer<QueryNode>, up iC: Int32, over iA: Int32, sibling iB: Int32,
                               cIsChild2: Bool, root: inout Int32) -> Int32 {
        let iF = nodes[Int(iC)].child1, iG = nodes[Int(iC)].child2
        nodes[Int(iC)].child1 = iA
        nodes[Int(iC)].parent = nodes[Int(iA)].parent
        nodes[Int(iA)].parent = iC
        let p = nodes[Int(iC)].parent
        if p != -1 {
            if nodes[Int(p)].child1 == iA { nodes[Int(p)].child1 = iC } else { nodes[Int(p)].child2 = iC }
        } else {
            root = iC
        }
        let (keep, give) = nodes[Int(iF)].height > nodes[Int(iG)].height ? (iF, iG) : (iG, iF)
        nodes[Int(iC)].child2 = keep
        if cIsChild2 { nodes[Int(iA)].child2 = give } else { nodes[Int(iA)].child1 = give }
        nodes[Int(give)].parent = iA
        nodes[Int(iA)].aabb = nodes[Int(iB)].aabb.union(nodes[Int(give)].aabb)
        nodes[Int(iC)].aabb = nodes[Int(iA)].aabb.union(nodes[Int(keep)].aabb)
        nodes[Int(iA)].height = 1 + max(nodes[Int(iB)].height, nodes[Int(give)].height)
        nodes[Int(iC)].height = 1 + max(nodes[Int(iA)].height, nodes[Int(keep)].height)
        sync(nodes, query, iA)
        sync(nodes, query, iC)
        if p != -1 { sync(nodes, query, p) }
        return iC
    }

    /// Renumbers the nodes in the order a query walks them (depth first,
    /// child2 before child1) and drops free nodes, so that a walk moves
    /// forward through memory. The tree's shape and child order, hence every
    /// query's result order, are unchanged; leaf (proxy) indices change:
    /// the caller re-reads them with ``forEachLeaf(_:)``. O(nodes).
    mutating func relayout() {
        if root == -1 { return }
        var order: [Int32] = []
        order.reserveCapacity(nodes.count)
        var newIndex = [Int32](repeating: -1, count: nodes.count)
        var stack: [Int32] = [root]
        while let n = stack.popLast() {
            newIndex[Int(n)] = Int32(order.count)
            order.append(n)
            if !nodes[Int(n)].isLeaf {
                stack.append(nodes[Int(n)].child1)
                stack.append(nodes[Int(n)].child2)
            }
        }
        var newNodes = [TreeNode](repeating: TreeNode(), count: order.count)
        var newQuery = [QueryNode](repeating: QueryNode(), count: order.count)
        @inline(__always) func remap(_ i: Int32) -> Int32 { i == -1 ? -1 : newIndex[Int(i)] }
        for (k, n) in order.enumerated() {
            var node = nodes[Int(n)]
            var q = queryNodes[Int(n)]
            node.parent = remap(node.parent)
            if !node.isLeaf {
                node.child1 = remap(node.child1)
                node.child2 = remap(node.child2)
                q.child1 = node.child1
                q.child2OrUserData = node.child2
            }
            newNodes[k] = node
            newQuery[k] = q
        }
        nodes = newNodes
        queryNodes = newQuery
        root = 0
        freeList = -1
        reinsertsSinceLayout = 0
    }

    /// Every leaf's user data and box, in the order a query walk meets
    /// overlapping leaves (depth first, child2 before child1): a query's
    /// result is the overlapping leaves in the order of this list. O(nodes).
    func collectLeaves(data: inout [Int32], boxes: inout [AABB], stack: inout [Int32]) {
        data.removeAll(keepingCapacity: true)
        boxes.removeAll(keepingCapacity: true)
        if root == -1 { return }
        let need = Int(nodes[Int(root)].height) + 2
        if stack.count < need { stack = [Int32](repeating: -1, count: max(need, 64)) }
        World.resize(&data, to: proxyCount, with: 0)
        World.resize(&boxes, to: proxyCount, with: AABB(lower: .zero, upper: .zero))
        var count = 0
        stack.withUnsafeMutableBufferPointer { sp in
        nodes.withUnsafeBufferPointer { np in
        queryNodes.withUnsafeBufferPointer { qp in
        data.withUnsafeMutableBufferPointer { dp in
        boxes.withUnsafeMutableBufferPointer { bp in
            let st = sp.baseAddress!
            st[0] = root
            var top = 1
            while top > 0 {
                top -= 1
                let n = Int(st[top])
                let node = qp.baseAddress! + n
                if node.pointee.child1 == -1 {
                    precondition(count < dp.count)
                    dp[count] = node.pointee.child2OrUserData
                    bp[count] = np[n].aabb
                    count += 1
                } else {
                    st[top] = node.pointee.child1
                    st[top + 1] = node.pointee.child2OrUserData
                    top += 2
                }
            }
        }
        }
        }
        }
        }
        precondition(count == proxyCount)
    }

    /// Calls `visit(leaf, userData)` for every leaf.
    func forEachLeaf(_ visit: (Int32, Int32) -> Void) {
        for n in 0..<nodes.count where nodes[n].height == 0 { visit(Int32(n), nodes[n].userData) }
    }

    /// Calls `visit(userData)` for each leaf overlapping `aabb`; stop by
    /// returning false. `stack` is caller-owned scratch so that queries do
    /// not allocate. O(log n + hits).
    @inline(__always)
    func query(_ aabb: AABB, stack: inout [Int32], _ visit: (Int32) -> Bool) {
        if root == -1 { return }
        // A depth-first walk holds at most height + 1 nodes; the stack is
        // walked through a pointer (no append/popLast bookkeeping per node).
        let need = Int(nodes[Int(root)].height) + 2
        if stack.count < need { stack = [Int32](repeating: -1, count: max(need, 64)) }
        // The query box rounded outward, stored to match `QueryNode.bounds`.
        let q = -floatsRoundedDown(SIMD4(-aabb.upper.x, -aabb.upper.y, aabb.lower.x, aabb.lower.y))
        // The same rounded inward: a leaf whose box, grown past its rounding
        // error, lies within it surely overlaps.
        let qInner = floatsRoundedDown(SIMD4(aabb.upper.x, aabb.upper.y, -aabb.lower.x, -aabb.lower.y))
        stack.withUnsafeMutableBufferPointer { sp in
        nodes.withUnsafeBufferPointer { np in
        queryNodes.withUnsafeBufferPointer { qp in
            let st = sp.baseAddress!, nodes = np.baseAddress!, query = qp.baseAddress!
            // Only nodes whose rounded box overlaps are pushed: the children
            // of a node are tested together (two independent loads) when it
            // is popped. The overlapping nodes come off the stack in the same
            // order as when each node was tested on its own pop.
            if any(query[Int(root)].bounds .> q) { return }
            st[0] = root
            var top = 1
            while top > 0 {
                top -= 1
                let n = Int(st[top])
                let node = query + n
                if node.pointee.child1 == -1 {
                    // The rounded boxes may touch where the real ones do not:
                    // unless the leaf's box grown by more than its rounding
                    // error (≤ 6 ulps) is within `qInner`, test exactly (this
                    // reads the 56-byte node, a cache miss). NaN lanes fail
                    // the sure test and go to the exact one.
                    let b = node.pointee.bounds
                    let grown = b + (magnitudes(b) * 0x1p-19 + 1e-29)
                    if !all(grown .<= qInner) && !nodes[n].aabb.overlaps(aabb) { continue }
                    if !visit(node.pointee.child2OrUserData) { return }
                } else {
                    // Same order as a push of child1 then child2: child2 is visited first.
                    let c1 = node.pointee.child1, c2 = node.pointee.child2OrUserData
                    let keep1 = !any(query[Int(c1)].bounds .> q), keep2 = !any(query[Int(c2)].bounds .> q)
                    if keep1 { st[top] = c1; top += 1 }
                    if keep2 { st[top] = c2; top += 1 }
                }
            }
        }
        }
        }
    }

    /// Leaves whose fat AABB the segment p1→p2 may cross, in tree order;
    /// `visit` returns the new max fraction (0 stops, unchanged continues).
    func rayCast(_ input: RayCastInput, stack: inout [Int32], _ visit: (Int32, RayCastInput) -> Double) {
        if root == -1 { return }
        let p1 = input.origin
        let d = input.translation
        var maxFraction = input.maxFraction
        stack.removeAll(keepingCapacity: true)
        stack.append(root)
        while let n = stack.popLast() {
            let node = nodes[Int(n)]
            let p2 = p1 + maxFraction * d
            let segBox = AABB(lower: Vec2(min(p1.x, p2.x), min(p1.y, p2.y)), upper: Vec2(max(p1.x, p2.x), max(p1.y, p2.y)))
            if !node.aabb.overlaps(segBox) { continue }
            // Separating axis along the segment normal.
            let v = d.leftPerp
            let c = node.aabb.center
            let h = 0.5 * (node.aabb.upper - node.aabb.lower)
            if abs(dot(v, p1 - c)) - (abs(v.x) * h.x + abs(v.y) * h.y) > 0 { continue }
            if node.isLeaf {
                let f = visit(node.userData, RayCastInput(origin: p1, translation: d, maxFraction: maxFraction))
                if f == 0 { return }
                if f > 0 { maxFraction = f }
            } else {
                stack.append(node.child1)
                stack.append(node.child2)
            }
        }
    }
}
