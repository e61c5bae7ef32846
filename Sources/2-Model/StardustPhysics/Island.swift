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

    /// One edge of the island graph, between solver slots `a` and `b`, given
    /// each slot's state (0: not slow; 1: slow, its timer reached
    /// `timeToSleep`; 2: slow, but joined to a body that is not). Two slow
    /// bodies join one set; a slow body joined to one that is not cannot
    /// sleep, and neither can anything in its set. Edges between two bodies
    /// that are not slow change nothing and are skipped, as are the finds.
    @inline(__always) private static func link(_ parent: UnsafeMutablePointer<Int32>, _ state: UnsafeMutablePointer<Int32>,
                                               _ a: Int32, _ b: Int32) {
        let slowA = state[Int(a)] != 0, slowB = state[Int(b)] != 0
        if slowA && slowB {
            union(parent, a, b)
        } else if slowA {
            state[Int(a)] = 2
        } else if slowB {
            state[Int(b)] = 2
        }
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
    ///
    /// Only slow bodies are joined (see ``link(_:_:_:_:)``): a set of slow
    /// bodies none of which is joined to a body that is not slow is a whole
    /// island, all slow; any other set of slow bodies has an edge to one that
    /// is not. So the islands that fall asleep, and their member lists, are
    /// those of the union-find over all edges.
    ///
    /// `anySleepy`: whether ``finalizeBodies(_:)`` saw an awake body whose
    /// timer reached `timeToSleep`. Nothing can fall asleep unless one has
    /// (timers are only reset between the two, never advanced), so without
    /// one this returns at once, without another pass over the bodies.
    mutating func updateSleep(anySleepy: Bool) {
        if !anySleepy { return }
        let timeToSleep = definition.timeToSleep
        let awakeCount = Int32(scratch.awakeBodies.count)
        var parent = scratch.unionParent
        scratch.unionParent = []
        // Each slot's parent, then each slot's state (see link); all written below.
        World.resize(&parent, to: 2 * Int(awakeCount), with: 0)
        var members: [Int32: [Int32]] = [:]
        var order: [Int32] = []
        parent.withUnsafeMutableBufferPointer { pb in
            let parent = pb.baseAddress!, state = pb.baseAddress! + Int(awakeCount)
            scratch.awakeBodies.withUnsafeBufferPointer { ab in
            bodyInfos.withUnsafeBufferPointer { ip in
                for k in 0..<Int(awakeCount) {
                    parent[k] = Int32(k)
                    state[k] = ip[Int(ab[k])].sleepTime >= timeToSleep ? 1 : 0
                }
            }
            }
            scratch.constraints.withUnsafeBufferPointer { bp in
                for k in 0..<bp.count {
                    let iA = bp[k].indexA, iB = bp[k].indexB
                    for lane in 0..<contactLanes where iA[lane] < awakeCount && iB[lane] < awakeCount {
                        World.link(parent, state, iA[lane], iB[lane])
                    }
                }
            }
            scratch.contactPlace.withUnsafeBufferPointer { pl in
            scratch.solverIndex.withUnsafeBufferPointer { si in
                for c in 0..<pl.count where pl[c] == -2 {
                    World.link(parent, state, si[Int(contacts[c].bodyA)], si[Int(contacts[c].bodyB)])
                }
                for j in 0..<joints.count where jointIDs.alive[j] {
                    let bA = joints[j].bodyA, bB = joints[j].bodyB
                    let sA = bA >= 0 ? si[Int(bA)] : -1, sB = bB >= 0 ? si[Int(bB)] : -1
                    if sA >= 0 && sB >= 0 { World.link(parent, state, sA, sB) }
                }
            }
            }
            // A set with a slow body joined to one that is not stays awake.
            for k in 0..<awakeCount where state[Int(k)] == 2 {
                state[Int(World.find(parent, k))] = 2
            }
            // A body touching a jointed or contact partner that is kinematic and moving has sleepTime 0 → stays awake.
            for k in 0..<awakeCount where state[Int(k)] != 0 {
                let r = World.find(parent, k)
                if state[Int(r)] == 1 {
                    if members[r] == nil { order.append(r); members[r] = [] }
                    members[r]!.append(scratch.awakeBodies[Int(k)])
                }
            }
        }
        scratch.unionParent = parent
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
