// BroadPhase.swift — proxies in two AABB trees and new-pair finding.
//
// Static shapes live in their own tree (it never changes while bodies
// move); dynamic and kinematic shapes share the moving tree. A shape whose
// tight AABB leaves its fat AABB is re-inserted with a fresh margin and put
// in the move buffer. Each step, every moved proxy queries the trees for
// overlapping fat AABBs and a contact is created for each new pair. The move
// buffer is processed in order and pairs are de-duplicated through a
// membership-only hash set, so contact creation order is deterministic.
// Re-inserts scatter the moving tree through memory; it is laid out in
// query order again now and then (node indices only: same tree, same order).

extension World {
    mutating func createProxy(_ s: Int32, forceMove: Bool) {
        let b = Int(shapes[Int(s)].body)
        let isStatic = bodyInfos[b].type == .static
        let aabb = shapes[Int(s)].geometry.aabb(bodySims[b].transform)
        let margin = isStatic ? definition.speculativeDistance : definition.aabbMargin
        let fat = aabb.expanded(by: margin)
        shapeFatBounds[Int(s)] = fat
        shapeProxies[Int(s)].inStaticTree = isStatic
        shapeProxies[Int(s)].proxy = isStatic ? staticTree.createProxy(fat, userData: s) : movingTree.createProxy(fat, userData: s)
        if forceMove { moveBuffer.append(s) }
    }

    mutating func destroyProxy(_ s: Int32) {
        let p = shapeProxies[Int(s)].proxy
        if p < 0 { return }
        if shapeProxies[Int(s)].inStaticTree { staticTree.destroyProxy(p) } else { movingTree.destroyProxy(p) }
        shapeProxies[Int(s)].proxy = -1
    }

    /// After a teleport: refresh every shape's bounds of body `b`.
    mutating func refreshProxies(_ b: Int) {
        var s = bodyInfos[b].headShape
        while s != -1 {
            let aabb = shapes[Int(s)].geometry.aabb(bodySims[b].transform)
            if !shapeFatBounds[Int(s)].contains(aabb) {
                let margin = shapeProxies[Int(s)].inStaticTree ? definition.speculativeDistance : definition.aabbMargin
                let fat = aabb.expanded(by: margin)
                shapeFatBounds[Int(s)] = fat
                if shapeProxies[Int(s)].inStaticTree { staticTree.moveProxy(shapeProxies[Int(s)].proxy, fat) } else { movingTree.moveProxy(shapeProxies[Int(s)].proxy, fat) }
                moveBuffer.append(s)
            }
            s = shapes[Int(s)].nextShape
        }
    }

    /// Can shapes `a` and `b` form a contact at all?
    @inline(__always) func shouldPair(_ a: Int32, _ b: Int32) -> Bool {
        let bodyA = shapes[Int(a)].body, bodyB = shapes[Int(b)].body
        if bodyA == bodyB { return false }
        if shapes[Int(a)].isSensor && shapes[Int(b)].isSensor { return false }
        if !shapes[Int(a)].filter.shouldCollide(with: shapes[Int(b)].filter) { return false }
        let ta = bodyInfos[Int(bodyA)].type, tb = bodyInfos[Int(bodyB)].type
        if ta != .dynamic && tb != .dynamic { return false }
        return !jointsPreventCollision(bodyA, bodyB)
    }

    /// Creates contacts for new overlapping pairs of moved proxies. O(moved · log n).
    /// A pair of two moved proxies is examined once, by the one earlier in
    /// the move buffer: overlap of fat boxes is symmetric and the boxes do
    /// not change here, so the later one would find the pair already made
    /// (or refused by the same ``shouldPair(_:_:)``). Contacts are created in
    /// the same order as without the skip.
    mutating func updatePairs() {
        if moveBuffer.isEmpty { return }
        if movingTree.reinsertsSinceLayout > 2 * movingTree.proxyCount { relayoutMovingTree() }
        var stack = scratch.queryStack
        var found = scratch.pairScratch
        scratch.pairScratch = []
        var processed = scratch.moveProcessed
        scratch.moveProcessed = []
        if processed.count < shapes.count { processed.append(contentsOf: repeatElement(false, count: shapes.count - processed.count)) }
        // With many moved proxies, a grid answers the moving tree's queries
        // (same leaves, same order; see PairGrid); with few, building it costs more than the walks.
        var grid = scratch.pairGrid
        scratch.pairGrid = PairGrid()
        let useGrid = moveBuffer.count >= max(64, movingTree.proxyCount / 32) && grid.build(movingTree, stack: &stack)
        var ranks = scratch.gridScratch
        scratch.gridScratch = []
        if useGrid && ranks.count < grid.leafData.count { ranks = [Int32](repeating: 0, count: grid.leafData.count) }
        for k in 0..<moveBuffer.count {
            let s = moveBuffer[k]
            if !shapeIDs.alive[Int(s)] || shapeProxies[Int(s)].proxy < 0 { continue }
            let fat = shapeFatBounds[Int(s)]
            found.removeAll(keepingCapacity: true)
            processed.withUnsafeBufferPointer { done in
                if useGrid && fat.lower.x.isFinite && fat.lower.y.isFinite && fat.upper.x.isFinite && fat.upper.y.isFinite {
                    ranks.withUnsafeMutableBufferPointer { rp in
                    grid.leafData.withUnsafeBufferPointer { leaves in
                        let hits = grid.query(fat, into: rp.baseAddress!)
                        for k in 0..<hits {
                            let other = leaves[Int(rp[k])]
                            if other != s && !done[Int(other)] { found.append(other) }
                        }
                    }
                    }
                } else {
                    movingTree.query(fat, stack: &stack) { other in
                        if other != s && !done[Int(other)] { found.append(other) }
                        return true
                    }
                }
                if !shapeProxies[Int(s)].inStaticTree {
                    staticTree.query(fat, stack: &stack) { other in
                        if !done[Int(other)] { found.append(other) }
                        return true
                    }
                }
            }
            processed[Int(s)] = true
            for other in found {
                let key = PairSet.key(s, other)
                if pairSet.contains(key) || !shouldPair(s, other) { continue }
                createContact(s, other)
            }
        }
        for s in moveBuffer { processed[Int(s)] = false }
        moveBuffer.removeAll(keepingCapacity: true)
        scratch.queryStack = stack
        scratch.pairScratch = found
        scratch.moveProcessed = processed
        scratch.pairGrid = grid
        scratch.gridScratch = ranks
    }
}

extension World {
    /// Lays the moving tree out in query order again once its proxies have
    /// moved (been re-inserted) twice over on average: re-inserts scatter a
    /// walk's nodes through memory. Only node indices change (not the tree,
    /// not any result); each shape's proxy index is refreshed.
    mutating func relayoutMovingTree() {
        movingTree.relayout()
        let tree = movingTree
        tree.forEachLeaf { leaf, shape in shapeProxies[Int(shape)].proxy = leaf }
    }
}
