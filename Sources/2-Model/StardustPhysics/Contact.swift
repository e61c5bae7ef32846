// Contact.swift — contacts between shape pairs and the narrow phase.
//
// A contact exists while the two shapes' fat AABBs overlap; it "touches"
// while its manifold has points (which, with speculative points, begins a
// little before the surfaces meet). Contacts live in one array with a free
// list; the narrow phase walks it in slot order (deterministic).

/// The flags sit next to the ids, ahead of the ~230-byte manifold: the narrow
/// phase reads ids and flags of every contact (most of them, in a settled
/// scene, only to skip it), and this way they share one cache line.
struct Contact: Sendable {
    var shapeA: Int32 = -1
    var shapeB: Int32 = -1
    var bodyA: Int32 = -1
    var bodyB: Int32 = -1
    var live = false
    var touching = false
    var sensor = false
    /// Cleared for one step by a pre-solve callback.
    var enabled = true
    var enableContactEvents = true
    var enablePreSolve = false
    var enablePostSolve = false
    var friction = 0.0
    var restitution = 0.0
    var tangentSpeed = 0.0
    var manifold = Manifold()
}

/// A body's pose as the narrow phase reads it (gathered at its start): the
/// transform and the offset from the body origin to the center of mass in
/// world axes, `transform.q.rotate(localCenter)` (the expression each contact
/// evaluated before, so the same bits).
struct CollidePose: Sendable {
    var transform = RigidTransform.identity
    var centerOffset = Vec2.zero
}

/// Friction mixing: √(μa·μb) (Box2D), so two shapes of friction μ give μ.
@inline(__always) func mixFriction(_ a: Double, _ b: Double) -> Double { (a * b).squareRoot() }
/// Restitution mixing: the larger (Box2D), so one bouncy ball bounces on anything.
@inline(__always) func mixRestitution(_ a: Double, _ b: Double) -> Double { max(a, b) }

extension World {
    /// Shapes are read field by field: a whole `ShapeData` copy carries its
    /// ~300-byte geometry enum.
    mutating func createContact(_ s1: Int32, _ s2: Int32) {
        // Shape A is the one of the larger kind so that each pair has one function.
        var sA = s1, sB = s2
        if shapes[Int(sA)].kind < shapes[Int(sB)].kind { swap(&sA, &sB) }
        let a = Int(sA), b = Int(sB)
        var c = Contact()
        c.shapeA = sA; c.shapeB = sB
        c.bodyA = shapes[a].body; c.bodyB = shapes[b].body
        c.friction = mixFriction(shapes[a].friction, shapes[b].friction)
        c.restitution = mixRestitution(shapes[a].restitution, shapes[b].restitution)
        c.tangentSpeed = shapes[a].tangentSpeed + shapes[b].tangentSpeed
        c.live = true
        c.sensor = shapes[a].isSensor || shapes[b].isSensor
        c.enableContactEvents = shapes[a].enableContactEvents || shapes[b].enableContactEvents
        c.enablePreSolve = shapes[a].enablePreSolve || shapes[b].enablePreSolve
        c.enablePostSolve = shapes[a].enablePostSolve || shapes[b].enablePostSolve
        if let i = contactFree.popLast() { contacts[Int(i)] = c } else { contacts.append(c) }
        pairSet.insert(PairSet.key(sA, sB))
    }

    /// Removes a contact; reports the end of touching if it was touching.
    /// Reads only the fields it needs (not the whole ~250-byte contact).
    mutating func destroyContact(_ c: Int32, wakeBodies: Bool) {
        if contacts[Int(c)].touching { reportEnd(contacts[Int(c)]) }
        let shapeA = contacts[Int(c)].shapeA, shapeB = contacts[Int(c)].shapeB
        let bodyA = contacts[Int(c)].bodyA, bodyB = contacts[Int(c)].bodyB
        pairSet.remove(PairSet.key(shapeA, shapeB))
        contacts[Int(c)].live = false
        contacts[Int(c)].touching = false
        contactFree.append(c)
        if wakeBodies {
            wakeBody(bodyA)
            wakeBody(bodyB)
        }
    }

    mutating func reportEnd(_ contact: Contact) {
        let idA = shapeID(contact.shapeA), idB = shapeID(contact.shapeB)
        if contact.sensor {
            let aIsSensor = shapes[Int(contact.shapeA)].isSensor
            events.sensorEnd.append(SensorEndTouchEvent(sensorShape: aIsSensor ? idA : idB, visitorShape: aIsSensor ? idB : idA))
        } else if contact.enableContactEvents {
            events.contactEnd.append(ContactEndTouchEvent(shapeA: idA, shapeB: idB))
        }
    }

    /// The narrow phase: update every contact with an awake body. O(contacts).
    /// Fields are read one by one: copying whole `Contact` / `ShapeData`
    /// values (hundreds of bytes with an inline polygon) showed up as memmove
    /// in profiles.
    mutating func collide() {
        let speculative = definition.speculativeDistance
        let slop = definition.linearSlop
        let count = contacts.count
        let posesGathered = gatherBodyFlagsAndPoses()
        var c = -1
        while true {
            c = nextAwakeContact(after: c)
            if c == count { break }
            let sA = Int(contacts[c].shapeA), sB = Int(contacts[c].shapeB)
            let iA = Int(contacts[c].bodyA), iB = Int(contacts[c].bodyB)
            let awakeA = scratch.bodyAwake[iA], awakeB = scratch.bodyAwake[iB]   // one of them is
            // Pairs whose fat boxes separated, or that a filter change excludes, end here
            // (filters are re-tested only once one changed: every contact passed them when made).
            if !shapeFatBounds[sA].overlaps(shapeFatBounds[sB])
                || (filtersChanged && !shapes[sA].filter.shouldCollide(with: shapes[sB].filter)) {
                destroyContact(Int32(c), wakeBodies: false)
                continue
            }
            let (poseA, poseB) = posesGathered ? scratch.bodyPoses.withUnsafeBufferPointer { ($0[iA], $0[iB]) }
                                               : (collidePose(iA), collidePose(iB))
            let xfA = poseA.transform, xfB = poseB.transform
            if contacts[c].sensor {
                updateSensor(c, xfA, xfB)
                continue
            }
            let local = shapePolygons.withUnsafeBufferPointer { pp in
                collideStored(pp.baseAddress! + sA, xfA, pp.baseAddress! + sB, xfB, speculative: speculative, slop: slop)
            }
            // Anchors become relative to the centers of mass; old points are matched for warm starting.
            let offsetA = poseA.centerOffset, offsetB = poseB.centerOffset
            let touching = local.pointCount > 0
            // One exclusive access for the manifold and the flags (one uniqueness check, not two).
            let (wasTouching, wantsPreSolve) = contacts.withUnsafeMutableBufferPointer { cp in
                let contact = cp.baseAddress! + c
                World.storeManifold(local, into: &contact.pointee.manifold, xfA, xfB, offsetA: offsetA, offsetB: offsetB)
                contact.pointee.enabled = true
                return (contact.pointee.touching, contact.pointee.enablePreSolve)
            }
            if touching && wantsPreSolve, let preSolve {
                contacts[c].enabled = preSolve(shapeID(Int32(sA)), shapeID(Int32(sB)), contacts[c].manifold)
            }
            if touching && !wasTouching {
                contacts[c].touching = true
                if contacts[c].enableContactEvents {
                    events.contactBegin.append(ContactBeginTouchEvent(shapeA: shapeID(Int32(sA)), shapeB: shapeID(Int32(sB)), manifold: contacts[c].manifold))
                }
                // Touching a sleeping body wakes its island.
                if !awakeA && bodyInfos[iA].type != .static { scratch.pendingWake.append(Int32(iA)) }
                if !awakeB && bodyInfos[iB].type != .static { scratch.pendingWake.append(Int32(iB)) }
            } else if !touching && wasTouching {
                contacts[c].touching = false
                reportEnd(contacts[c])
            }
        }
        for b in scratch.pendingWake { wakeBody(b) }
        scratch.pendingWake.removeAll(keepingCapacity: true)
    }

    /// Copies every body's awake flag into `bodyAwake` (one byte per body
    /// slot) and, when at least a quarter of the bodies are awake, every
    /// body's ``CollidePose`` into `bodyPoses`; returns whether it did. The
    /// narrow phase reads two flags per contact in random body order; from
    /// the 40-byte `BodyInfo` records each read was a cache miss, from a byte
    /// array they stay in L1. Likewise a pose is one 48-byte record where the
    /// transform and the local center sit in two lines of the ~150-byte
    /// `BodySim`; with few bodies awake, the pass over all of them would cost
    /// more than it saves, and the narrow phase reads the `BodySim`s. No body
    /// wakes, sleeps or moves during the narrow phase (wake-ups are queued in
    /// `pendingWake`).
    mutating func gatherBodyFlagsAndPoses() -> Bool {
        let n = bodyInfos.count
        if scratch.bodyAwake.count != n { scratch.bodyAwake = [Bool](repeating: false, count: n) }
        var awakeCount = 0
        bodyInfos.withUnsafeBufferPointer { bi in
        scratch.bodyAwake.withUnsafeMutableBufferPointer { aw in
            for i in 0..<n {
                aw[i] = bi[i].awake
                awakeCount += bi[i].awake ? 1 : 0
            }
        }
        }
        if awakeCount == 0 || 4 * awakeCount < n { return false }
        World.resize(&scratch.bodyPoses, to: n, with: CollidePose())
        bodySims.withUnsafeBufferPointer { sp in
        scratch.bodyPoses.withUnsafeMutableBufferPointer { pp in
            for i in 0..<n { pp[i] = World.collidePose(sp.baseAddress! + i) }
        }
        }
        return true
    }

    /// Body `i`'s ``CollidePose`` read from its `BodySim`.
    @inline(__always) func collidePose(_ i: Int) -> CollidePose {
        bodySims.withUnsafeBufferPointer { World.collidePose($0.baseAddress! + i) }
    }

    @inline(__always) static func collidePose(_ sim: UnsafePointer<BodySim>) -> CollidePose {
        let xf = sim.pointee.transform
        return CollidePose(transform: xf, centerOffset: xf.q.rotate(sim.pointee.localCenter))
    }

    /// The first live contact after `start` with an awake body (flags from
    /// ``gatherBodyFlagsAndPoses()``), or `contacts.count`. A pointer scan: in a
    /// settled scene most contacts are skipped here, and the array accesses
    /// of the main loop (buffer reload, bounds checks) cost ~30 instructions
    /// per skipped contact.
    func nextAwakeContact(after start: Int) -> Int {
        contacts.withUnsafeBufferPointer { cp in
        scratch.bodyAwake.withUnsafeBufferPointer { awake in
            var c = start + 1
            while c < cp.count {
                let contact = cp.baseAddress! + c
                if contact.pointee.live
                    && (awake[Int(contact.pointee.bodyA)] || awake[Int(contact.pointee.bodyB)]) { return c }
                c += 1
            }
            return cp.count
        }
        }
    }

    /// Writes a pair function's result into a contact's manifold in place:
    /// world orientation, anchors relative to the centers of mass (`offsetA`,
    /// `offsetB`: body origin to center, world frame), and each point's
    /// impulses carried over from the old point with the same feature id
    /// (warm starting). The arithmetic is the one the by-value pipeline did,
    /// in the same order; unused point slots are zeroed as before.
    ///
    /// A point slot beyond `pointCount` is always all zero (only this store
    /// writes one past the count, with `ManifoldPoint()`; the solver writes
    /// back only the points it was given), so the second slot of a
    /// one-point manifold is neither read nor written again while the count
    /// stays below two: most of rain's contacts (circles) then touch only the
    /// first ~170 of their ~260 bytes.
    @inline(__always) static func storeManifold(_ local: LocalManifold, into m: inout Manifold, _ xfA: RigidTransform, _ xfB: RigidTransform,
                                                offsetA: Vec2, offsetB: Vec2) {
        let oldCount = m.pointCount
        assert((oldCount > 0 || m.point0 == ManifoldPoint()) && (oldCount > 1 || m.point1 == ManifoldPoint()),
               "a manifold point slot past the count must be zero")
        let oldID0 = m.point0.id
        let oldNormal0 = m.point0.normalImpulse, oldTangent0 = m.point0.tangentImpulse
        var oldID1: UInt16 = 0, oldNormal1 = 0.0, oldTangent1 = 0.0
        if oldCount > 1 {
            oldID1 = m.point1.id
            oldNormal1 = m.point1.normalImpulse; oldTangent1 = m.point1.tangentImpulse
        }
        @inline(__always) func point(_ anchor: Vec2, _ separation: Double, _ id: UInt16) -> ManifoldPoint {
            var p = ManifoldPoint()
            let anchorA = xfA.q.rotate(anchor)
            p.anchorB = (anchorA + (xfA.p - xfB.p)) - offsetB
            p.point = xfA.p + anchorA
            p.anchorA = anchorA - offsetA
            p.separation = separation
            p.id = id
            if oldCount > 0 && oldID0 == id {
                p.normalImpulse = oldNormal0; p.tangentImpulse = oldTangent0; p.persisted = true
            } else if oldCount > 1 && oldID1 == id {
                p.normalImpulse = oldNormal1; p.tangentImpulse = oldTangent1; p.persisted = true
            }
            return p
        }
        m.normal = local.hasNormal ? xfA.q.rotate(local.normal) : .zero
        m.pointCount = local.pointCount
        if local.pointCount > 0 {
            m.point0 = point(local.anchor0, local.separation0, local.id0)
        } else if oldCount > 0 {
            m.point0 = ManifoldPoint()
        }
        if local.pointCount > 1 {
            m.point1 = point(local.anchor1, local.separation1, local.id1)
        } else if oldCount > 1 {
            m.point1 = ManifoldPoint()
        }
    }

    mutating func updateSensor(_ c: Int, _ xfA: RigidTransform, _ xfB: RigidTransform) {
        let a = shapes[Int(contacts[c].shapeA)]
        let overlap = shapeDistance(a.geometry, xfA, shapes[Int(contacts[c].shapeB)].geometry, xfB) < 0
        let was = contacts[c].touching
        if overlap && !was {
            contacts[c].touching = true
            let idA = shapeID(contacts[c].shapeA), idB = shapeID(contacts[c].shapeB)
            events.sensorBegin.append(a.isSensor ? SensorBeginTouchEvent(sensorShape: idA, visitorShape: idB)
                                                 : SensorBeginTouchEvent(sensorShape: idB, visitorShape: idA))
        } else if !overlap && was {
            contacts[c].touching = false
            reportEnd(contacts[c])
        }
    }
}

/// The narrow phase on shapes stored as rounded polygons (World's
/// `shapePolygons`), read in place; A's kind ≥ B's kind (2 polygon, 1 capsule,
/// 0 circle; a capsule against a polygon is a 2-gon against a polygon).
/// The kind is read as the stored vertex count (circle 1, capsule 2,
/// polygon 3…8, which `World.validate` guarantees): the count shares
/// a cache line with the radius the pair functions read anyway, while
/// `ShapeData.kind` would be one more line per shape (rain scene profile).
@inline(__always) func collideStored(_ a: UnsafePointer<Polygon>, _ xfA: RigidTransform,
                                     _ b: UnsafePointer<Polygon>, _ xfB: RigidTransform,
                                     speculative: Double, slop: Double) -> LocalManifold {
    if b.pointee.count > 1 { return collidePolygons(a, xfA, b, xfB, speculative: speculative, linearSlop: slop) }
    let circle = Circle(center: b.vertex(0), radius: b.pointee.radius)
    switch a.pointee.count {
    case 3...:
        return collidePolygonAndCircle(a, xfA, circle, xfB, speculative: speculative)
    case 2:
        let capsule = Capsule(point1: a.vertex(0), point2: a.vertex(1), radius: a.pointee.radius)
        return collideCapsuleAndCircle(capsule, xfA, circle, xfB, speculative: speculative)
    default:
        return collideCircles(Circle(center: a.vertex(0), radius: a.pointee.radius), xfA, circle, xfB, speculative: speculative)
    }
}
