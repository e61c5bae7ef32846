// Contact.swift — contacts between shape pairs and the narrow phase.
//
// A contact exists while the two shapes' fat AABBs overlap; it "touches"
// while its manifold has points (which, with speculative points, begins a
// little before the surfaces meet). Contacts live in one array with a free
// list; the narrow phase walks it in slot order (deterministic).

struct Contact: Sendable {
    var shapeA: Int32 = -1
    var shapeB: Int32 = -1
    var bodyA: Int32 = -1
    var bodyB: Int32 = -1
    var manifold = Manifold()
    var friction = 0.0
    var restitution = 0.0
    var tangentSpeed = 0.0
    var live = false
    var touching = false
    var sensor = false
    /// Cleared for one step by a pre-solve callback.
    var enabled = true
    var enableContactEvents = true
    var enablePreSolve = false
    var enablePostSolve = false
}

/// Friction mixing: √(μa·μb) (Box2D), so two shapes of friction μ give μ.
@inline(__always) func mixFriction(_ a: Double, _ b: Double) -> Double { (a * b).squareRoot() }
/// Restitution mixing: the larger (Box2D), so one bouncy ball bounces on anything.
@inline(__always) func mixRestitution(_ a: Double, _ b: Double) -> Double { max(a, b) }

extension World {
    mutating func createContact(_ s1: Int32, _ s2: Int32) {
        // Shape A is the one of the larger kind so that each pair has one function.
        var sA = s1, sB = s2
        if shapes[Int(sA)].geometry.kind < shapes[Int(sB)].geometry.kind { swap(&sA, &sB) }
        let a = shapes[Int(sA)], b = shapes[Int(sB)]
        var c = Contact()
        c.shapeA = sA; c.shapeB = sB
        c.bodyA = a.body; c.bodyB = b.body
        c.friction = mixFriction(a.friction, b.friction)
        c.restitution = mixRestitution(a.restitution, b.restitution)
        c.tangentSpeed = a.tangentSpeed + b.tangentSpeed
        c.live = true
        c.sensor = a.isSensor || b.isSensor
        c.enableContactEvents = a.enableContactEvents || b.enableContactEvents
        c.enablePreSolve = a.enablePreSolve || b.enablePreSolve
        c.enablePostSolve = a.enablePostSolve || b.enablePostSolve
        if let i = contactFree.popLast() { contacts[Int(i)] = c } else { contacts.append(c) }
        pairSet.insert(PairSet.key(sA, sB))
    }

    /// Removes a contact; reports the end of touching if it was touching.
    mutating func destroyContact(_ c: Int32, wakeBodies: Bool) {
        let contact = contacts[Int(c)]
        if contact.touching { reportEnd(contact) }
        pairSet.remove(PairSet.key(contact.shapeA, contact.shapeB))
        contacts[Int(c)].live = false
        contacts[Int(c)].touching = false
        contactFree.append(c)
        if wakeBodies {
            wakeBody(contact.bodyA)
            wakeBody(contact.bodyB)
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
    mutating func collide() {
        let speculative = definition.speculativeDistance
        let slop = definition.linearSlop
        var c = 0
        while c < contacts.count {
            defer { c += 1 }
            if !contacts[c].live { continue }
            let contact = contacts[c]
            let iA = Int(contact.bodyA), iB = Int(contact.bodyB)
            let infoA = bodyInfos[iA], infoB = bodyInfos[iB]
            if !infoA.awake && !infoB.awake { continue }
            let shapeA = shapes[Int(contact.shapeA)], shapeB = shapes[Int(contact.shapeB)]
            // Pairs whose fat boxes separated, or that a filter change excludes, end here.
            if !shapeA.fatAABB.overlaps(shapeB.fatAABB) || !shapeA.filter.shouldCollide(with: shapeB.filter) {
                destroyContact(Int32(c), wakeBodies: false)
                continue
            }
            let simA = bodySims[iA], simB = bodySims[iB]
            if contact.sensor {
                updateSensor(c, shapeA, simA.transform, shapeB, simB.transform)
                continue
            }
            var m = computeManifold(shapeA.geometry, simA.transform, shapeB.geometry, simB.transform,
                                    speculative: speculative, slop: slop)
            // Anchors become relative to the centers of mass; match old points for warm starting.
            let offsetA = simA.transform.q.rotate(simA.localCenter)
            let offsetB = simB.transform.q.rotate(simB.localCenter)
            let old = contact.manifold
            for i in 0..<m.pointCount {
                var p = m[i]
                p.anchorA = p.anchorA - offsetA
                p.anchorB = p.anchorB - offsetB
                for j in 0..<old.pointCount where old[j].id == p.id {
                    p.normalImpulse = old[j].normalImpulse
                    p.tangentImpulse = old[j].tangentImpulse
                    p.persisted = true
                    break
                }
                m[i] = p
            }
            let touching = m.pointCount > 0
            contacts[c].manifold = m
            contacts[c].enabled = true
            if touching && contact.enablePreSolve, let preSolve {
                contacts[c].enabled = preSolve(shapeID(contact.shapeA), shapeID(contact.shapeB), m)
            }
            if touching && !contact.touching {
                contacts[c].touching = true
                if contact.enableContactEvents {
                    events.contactBegin.append(ContactBeginTouchEvent(shapeA: shapeID(contact.shapeA), shapeB: shapeID(contact.shapeB), manifold: m))
                }
                // Touching a sleeping body wakes its island.
                if !infoA.awake && infoA.type != .static { pendingWake.append(contact.bodyA) }
                if !infoB.awake && infoB.type != .static { pendingWake.append(contact.bodyB) }
            } else if !touching && contact.touching {
                contacts[c].touching = false
                reportEnd(contact)
            }
        }
        for b in pendingWake { wakeBody(b) }
        pendingWake.removeAll(keepingCapacity: true)
    }

    mutating func updateSensor(_ c: Int, _ a: ShapeData, _ xfA: Transform, _ b: ShapeData, _ xfB: Transform) {
        let overlap = shapeDistance(a.geometry, xfA, b.geometry, xfB) < 0
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

/// Dispatch on the pair of kinds (A's kind ≥ B's kind). One switch, no protocol.
func computeManifold(_ a: ShapeGeometry, _ xfA: Transform, _ b: ShapeGeometry, _ xfB: Transform,
                     speculative: Double, slop: Double) -> Manifold {
    switch (a, b) {
    case (.circle(let ca), .circle(let cb)):
        return collideCircles(ca, xfA, cb, xfB, speculative: speculative)
    case (.capsule(let ca), .circle(let cb)):
        return collideCapsuleAndCircle(ca, xfA, cb, xfB, speculative: speculative)
    case (.capsule(let ca), .capsule(let cb)):
        return collidePolygons(Polygon(capsule: ca), xfA, Polygon(capsule: cb), xfB, speculative: speculative, linearSlop: slop)
    case (.polygon(let pa), .circle(let cb)):
        return collidePolygonAndCircle(pa, xfA, cb, xfB, speculative: speculative)
    case (.polygon(let pa), .capsule(let cb)):
        return collidePolygons(pa, xfA, Polygon(capsule: cb), xfB, speculative: speculative, linearSlop: slop)
    case (.polygon(let pa), .polygon(let pb)):
        return collidePolygons(pa, xfA, pb, xfB, speculative: speculative, linearSlop: slop)
    default:
        // B of a larger kind than A: swap and flip.
        var m = computeManifold(b, xfB, a, xfA, speculative: speculative, slop: slop)
        m.normal = -m.normal
        for i in 0..<m.pointCount {
            var p = m[i]
            swap(&p.anchorA, &p.anchorB)
            m[i] = p
        }
        return m
    }
}
