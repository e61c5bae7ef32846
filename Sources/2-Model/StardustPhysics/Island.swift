// Island.swift — sleeping.
//
// Islands are found each step with union-find over the awake bodies, joined
// by touching contacts and joints (static bodies do not join islands, so a
// floor does not merge every stack into one). An island whose bodies have
// all been slower than the sleep threshold for `timeToSleep` goes to sleep
// as a unit; its member list is kept so that touching, joining, forcing or
// teleporting any member wakes all of them. Cost: O(awake bodies) per step
// while no body is slow enough to sleep; else O(awake bodies + contact
// bundles + joints), reading the solver's bundles rather than the contacts;
// no allocation unless an island falls asleep.

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

    /// The root of `x`'s set, compressing the path. Roots are the smallest member.
    @inline(__always) private static func find(_ parent: UnsafeMutablePointer<Int32>, _ x: Int32) -> Int32 {
        var r = x
        while parent[Int(r)] != r { r = parent[Int(r)] }
        var y = x
        while parent[Int(y)] != r { let next = parent[Int(y)]; parent[Int(y)] = r; y = next }
        return r
    }

    @inline(__always) private static func union(_ parent: UnsafeMutablePointer<Int32>, _ a: Int32, _ b: Int32) {
        let ra = find(parent, a), rb = find(parent, b)
        if ra == rb { return }
        // Smaller root wins: the result does not depend on the order of unions.
        if ra < rb { parent[Int(rb)] = ra } else { parent[Int(ra)] = rb }
    }

    /// Puts to sleep every island (bodies joined by touching contacts and
    /// joints, static bodies excluded) whose awake bodies have all been slow
    /// for `timeToSleep`. Runs after the solver, so the sets are found in
    /// solver slots (the awake bodies, in body order) from this step's
    /// contact bundles: a lane joins its two bodies when both are awake, and
    /// the contacts a pre-solve callback disabled are marked in
    /// `contactPlace`. Those are exactly the touching, non-sensor contacts
    /// between two awake bodies that a walk over all contacts would find,
    /// without reading the contacts; and since the root of a set is its
    /// smallest slot, islands and their member lists come out as in body
    /// order.
    mutating func updateSleep() {
        // Nothing can fall asleep unless some body has been slow long enough.
        let timeToSleep = definition.timeToSleep
        var anySleepy = false
        for k in 0..<awakeBodies.count where bodyInfos[Int(awakeBodies[k])].sleepTime >= timeToSleep { anySleepy = true; break }
        if !anySleepy { return }
        let awakeCount = Int32(awakeBodies.count)
        var parent = unionParent
        unionParent = []
        parent.removeAll(keepingCapacity: true)
        // Slots 0..<awakeCount, then one flag per slot: whether its set may sleep.
        parent.reserveCapacity(2 * Int(awakeCount))
        for k in 0..<awakeCount { parent.append(k) }
        parent.append(contentsOf: repeatElement(1, count: Int(awakeCount)))
        var members: [Int32: [Int32]] = [:]
        var order: [Int32] = []
        parent.withUnsafeMutableBufferPointer { pb in
            let parent = pb.baseAddress!, sleepOK = pb.baseAddress! + Int(awakeCount)
            constraints.withUnsafeBufferPointer { bp in
                for k in 0..<bp.count {
                    let iA = bp[k].indexA, iB = bp[k].indexB
                    for lane in 0..<contactLanes where iA[lane] < awakeCount && iB[lane] < awakeCount {
                        World.union(parent, iA[lane], iB[lane])
                    }
                }
            }
            contactPlace.withUnsafeBufferPointer { pl in
            solverIndex.withUnsafeBufferPointer { si in
                for c in 0..<pl.count where pl[c] == -2 {
                    World.union(parent, si[Int(contacts[c].bodyA)], si[Int(contacts[c].bodyB)])
                }
                for j in 0..<joints.count where jointIDs.alive[j] {
                    let bA = joints[j].bodyA, bB = joints[j].bodyB
                    let sA = bA >= 0 ? si[Int(bA)] : -1, sB = bB >= 0 ? si[Int(bB)] : -1
                    if sA >= 0 && sB >= 0 { World.union(parent, sA, sB) }
                }
            }
            }
            for k in 0..<awakeCount where bodyInfos[Int(awakeBodies[Int(k)])].sleepTime < timeToSleep {
                sleepOK[Int(World.find(parent, k))] = 0
            }
            // A body touching a jointed or contact partner that is kinematic and moving has sleepTime 0 → stays awake.
            for k in 0..<awakeCount {
                let r = World.find(parent, k)
                if sleepOK[Int(r)] != 0 {
                    if members[r] == nil { order.append(r); members[r] = [] }
                    members[r]!.append(awakeBodies[Int(k)])
                }
            }
        }
        unionParent = parent
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
}
