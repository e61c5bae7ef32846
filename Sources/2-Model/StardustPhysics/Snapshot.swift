// Snapshot.swift — checkpoints, determinism hash.

/// A saved world state. Restoring it and stepping reproduces the original
/// run bit for bit (the snapshot includes the broad phase trees, contact
/// order and warm-start impulses, not just body poses).
public struct WorldSnapshot: Sendable {
    let world: World
}

extension World {
    /// O(1) now (copy-on-write); the state is copied when either copy next changes.
    /// The step's working arrays are left out (they are not state: see ``StepScratch``).
    public func snapshot() -> WorldSnapshot {
        var world = self
        world.scratch = StepScratch()
        return WorldSnapshot(world: world)
    }

    /// Replaces this world's state with the snapshot's. The pre-solve callback is kept.
    public mutating func restore(_ snapshot: WorldSnapshot) {
        let callback = preSolve
        self = snapshot.world
        preSolve = callback
    }

    /// FNV-1a 64 over the bit patterns of every live body's slot, position,
    /// rotation, linear and angular velocity, and awake flag, in slot order.
    /// Equal hashes after equal inputs are the determinism promise.
    public func stateHash() -> UInt64 {
        var h = FNV1a()
        for i in 0..<bodySims.count where bodyIDs.alive[i] {
            let sim = bodySims[i], m = bodyMotions[i]
            h.add(UInt64(i))
            h.add(sim.transform.p.x); h.add(sim.transform.p.y)
            h.add(sim.transform.q.c); h.add(sim.transform.q.s)
            h.add(m.linearVelocity.x); h.add(m.linearVelocity.y)
            h.add(m.angularVelocity)
            h.add(bodyInfos[i].awake ? 1 as UInt64 : 0)
        }
        return h.value
    }
}
