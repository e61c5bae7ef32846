// Island.swift — sleeping.
//
// Islands are found each step with union-find over the awake bodies, joined
// by touching contacts and joints (static bodies do not join islands, so a
// floor does not merge every stack into one). An island whose bodies have
// all been slower than the sleep threshold for `timeToSleep` goes to sleep
// as a unit; its member list is kept so that touching, joining, forcing or
// teleporting any member wakes all of them. Cost: O(awake bodies +
// contacts + joints) per step, no allocation unless an island falls asleep.

extension World {
    mutating func allocateIsland(_ members: [Int32]) -> Int32 {
        if let i = islandFree.popLast() {
            islands[Int(i)] = members
            return i
        }
        islands.append(members)
        return Int32(islands.count - 1)
    }

    /// Wakes a body and, if it sleeps, its whole island. Static bodies are ignored.
    mutating func wakeBody(_ b: Int32) {
        if b < 0 { return }
        let i = Int(b)
        if bodyInfos[i].type == .static { return }
        if bodyInfos[i].awake { bodyInfos[i].sleepTime = 0; return }
        let island = bodyInfos[i].sleepingIsland
        if island < 0 {
            bodyInfos[i].awake = true
            bodyInfos[i].sleepTime = 0
            return
        }
        for m in islands[Int(island)] {
            bodyInfos[Int(m)].awake = true
            bodyInfos[Int(m)].sleepTime = 0
            bodyInfos[Int(m)].sleepingIsland = -1
        }
        islands[Int(island)] = []
        islandFree.append(island)
    }

    mutating func removeFromIsland(_ b: Int32) { wakeBody(b) }

    @inline(__always) private func find(_ parent: inout [Int32], _ x: Int32) -> Int32 {
        var r = x
        while parent[Int(r)] != r { r = parent[Int(r)] }
        var y = x
        while parent[Int(y)] != r { let next = parent[Int(y)]; parent[Int(y)] = r; y = next }
        return r
    }

    @inline(__always) private func union(_ parent: inout [Int32], _ a: Int32, _ b: Int32) {
        let ra = find(&parent, a), rb = find(&parent, b)
        if ra == rb { return }
        // Smaller root wins: the result does not depend on the order of unions.
        if ra < rb { parent[Int(rb)] = ra } else { parent[Int(ra)] = rb }
    }

    mutating func updateSleep() {
        // Nothing can fall asleep unless some body has been slow long enough.
        let timeToSleep = definition.timeToSleep
        var anySleepy = false
        for k in 0..<awakeBodies.count where bodyInfos[Int(awakeBodies[k])].sleepTime >= timeToSleep { anySleepy = true; break }
        if !anySleepy { return }
        var parent = unionParent
        unionParent = []
        parent.removeAll(keepingCapacity: true)
        parent.reserveCapacity(bodyInfos.count)
        for i in 0..<bodyInfos.count { parent.append(Int32(i)) }
        func movable(_ b: Int32) -> Bool { b >= 0 && bodyInfos[Int(b)].type != .static && bodyInfos[Int(b)].awake }
        for c in 0..<contacts.count {
            let ct = contacts[c]
            if ct.live && ct.touching && !ct.sensor && movable(ct.bodyA) && movable(ct.bodyB) { union(&parent, ct.bodyA, ct.bodyB) }
        }
        for j in 0..<joints.count where jointIDs.alive[j] {
            let jt = joints[j]
            if movable(jt.bodyA) && movable(jt.bodyB) { union(&parent, jt.bodyA, jt.bodyB) }
        }
        do {
            var rootOK = [Bool](repeating: true, count: bodyInfos.count)
            for k in 0..<awakeBodies.count {
                let b = awakeBodies[k]
                if bodyInfos[Int(b)].sleepTime < timeToSleep { rootOK[Int(find(&parent, b))] = false }
            }
            // A body touching a jointed or contact partner that is kinematic and moving has sleepTime 0 → stays awake.
            var members: [Int32: [Int32]] = [:]
            var order: [Int32] = []
            for k in 0..<awakeBodies.count {
                let b = awakeBodies[k]
                let r = find(&parent, b)
                if rootOK[Int(r)] {
                    if members[r] == nil { order.append(r); members[r] = [] }
                    members[r]!.append(b)
                }
            }
            for r in order {
                let list = members[r]!
                let island = allocateIsland(list)
                for b in list {
                    bodyInfos[Int(b)].awake = false
                    bodyInfos[Int(b)].sleepingIsland = island
                    bodyMotions[Int(b)].linearVelocity = .zero
                    bodyMotions[Int(b)].angularVelocity = 0
                }
            }
        }
        unionParent = parent
    }
}
