import Foundation
import StardustCore

// DynamicSimulation.swift — the dynamic animator's simulation: a pure function of the step.
//
// A `DynamicProgram` (items and scheduled rules, all values) turns a `DynamicState` (a `World`
// plus ids and the event log) from step n into step n + 1. The animator samples it through the
// engine's `Timeline`, so the state at any time is the same however it was reached.

/// UIKit's unit of push: magnitude 1 accelerates a 100 × 100 pt item of density 1 by 100 pt/s²
/// (continuous) or gives it 100 pt/s (instantaneous). Mass is density × area in pt², so the
/// force is 10 000 × 100 = 10⁶ mass·pt/s² per unit of magnitude.
let pushForcePerMagnitude = 1.0e6
/// UIKit's unit of gravity: magnitude 1 accelerates every item by 1000 pt/s².
let gravityAccelerationPerMagnitude = 1000.0
/// Distance at which a field's falloff factor is 1, points (one "unit" of UIKit's 100 pt push rule).
let fieldFalloffReferenceDistance = 100.0
/// The snap behavior's natural frequency, Hz (see docs/DYNAMICS.md).
let snapFrequency = 2.5

/// Something the animator reports, at the time it happened.
struct DynamicLogEntry: Sendable {
    enum Kind: Sendable {
        case pause
        case resume
        case began(owner: Int, itemA: Int, itemB: Int?, boundary: String?, point: Vec2)
        case ended(owner: Int, itemA: Int, itemB: Int?, boundary: String?)
    }
    var time: Double
    var kind: Kind
}

/// The simulated state after some steps.
struct DynamicState: Sendable {
    var world: World
    /// Body and shape of each item.
    var bodies: [BodyID]
    var shapes: [ShapeID]
    /// The collision filter last given to each item's shape.
    var filters: [CollisionFilter]
    /// The joint of each scheduled attachment while it is active.
    var joints: [JointID?]
    /// The boundary body of each scheduled collision behavior while it is active.
    var boundaryBodies: [BodyID?]
    /// Whether any simulated item was awake after the last step (UIKit's `isRunning`).
    var running = false
    /// Everything reported so far, in order.
    var log: [DynamicLogEntry] = []
}

/// The frozen configuration of an animator: items, rules with their active steps, units.
struct DynamicProgram: Sendable {
    var items: [DynamicItemSpec]
    var rules: [ScheduledRule]
    var timeStep: Double
    var seed: UInt64
    /// For each item, the first step at which a rule simulates it (`Int.max`: never).
    var firstActiveStep: [Int]
    /// The rules starting and ending at each step, in rule order: a step looks up its changes instead of scanning
    /// every rule (docs/HOSTILE-INPUT.md, rule 3).
    var startsAt: [Int: [Int]] = [:], endsAt: [Int: [Int]] = [:]
    /// For each item, the collision rules holding it (in rule order), and each collision rule's items as a set:
    /// a contact event finds its rules without scanning every rule and every item list.
    var collisionRulesOfItem: [[Int]]
    var collisionItems: [Int: Set<Int>] = [:]

    init(items: [DynamicItemSpec], rules: [ScheduledRule], timeStep: Double, seed: UInt64) {
        self.items = items; self.rules = rules; self.timeStep = timeStep; self.seed = seed
        var first = [Int](repeating: .max, count: items.count)
        var byItem = [[Int]](repeating: [], count: items.count)
        var starts: [Int: [Int]] = [:], ends: [Int: [Int]] = [:], sets: [Int: Set<Int>] = [:]
        for (r, sr) in rules.enumerated() {
            if sr.end > sr.start { starts[sr.start, default: []].append(r) }
            if sr.start < sr.end, sr.end != .max { ends[sr.end, default: []].append(r) }
            if case .collision(let members, _, _, _, _) = sr.rule {
                let set = Set(members)
                sets[r] = set
                for i in set.sorted() { byItem[i].append(r) }
            }
            guard sr.start < sr.end else { continue }
            for i in sr.rule.items { first[i] = min(first[i], sr.start) }
        }
        firstActiveStep = first
        collisionRulesOfItem = byItem
        startsAt = starts; endsAt = ends; collisionItems = sets
    }

    /// The world definition: points (100 per meter), no global gravity (gravity is a behavior),
    /// a 2 pt/s sleep threshold so resting items settle within a fraction of a point.
    static var worldDefinition: WorldDefinition {
        var d = WorldDefinition(gravity: .zero, lengthUnitsPerMeter: 100)
        d.sleepThreshold = 0.02
        return d
    }

    /// Step 0: every item a resting kinematic body that collides with nothing.
    func initialState() -> DynamicState {
        var world = World(Self.worldDefinition)
        var bodies: [BodyID] = [], shapes: [ShapeID] = []
        for (i, item) in items.enumerated() {
            let body = world.createBody(BodyDefinition(type: .kinematic, position: item.center, angle: item.rotation))
            var def = ShapeDefinition(friction: 0, restitution: 0, density: 1)
            def.filter = CollisionFilter(categoryBits: 0, maskBits: 0)
            def.userData = i + 1
            let shape = try! world.createShape(body, def, item.geometry)
            bodies.append(body); shapes.append(shape)
        }
        return DynamicState(world: world, bodies: bodies, shapes: shapes,
                            filters: Array(repeating: CollisionFilter(categoryBits: 0, maskBits: 0), count: items.count),
                            joints: Array(repeating: nil, count: rules.count),
                            boundaryBodies: Array(repeating: nil, count: rules.count))
    }

    /// Moves `s` from step `step` to step `step + 1`.
    func advance(_ s: inout DynamicState, step: Int) {
        let t0 = Double(step) * timeStep
        var changed = false
        for r in endsAt[step] ?? [] where rules[r].start < step {
            deactivate(r, &s); changed = true
        }
        var starting: [Int] = []
        for r in startsAt[step] ?? [] {
            starting.append(r); changed = true
            if case .collision(_, _, _, _, let boundaries) = rules[r].rule { createBoundaries(r, boundaries, &s) }
        }
        if changed { reconfigure(step: step, &s) }
        for r in starting { start(r, &s) }
        if changed, !s.running, anyAwake(s, step: step) {
            s.running = true
            s.log.append(DynamicLogEntry(time: t0, kind: .resume))
        }
        for sr in rules where sr.start <= step && step < sr.end { applyForces(sr.rule, &s, time: t0) }
        s.world.step(timeStep)
        collectContacts(&s, step: step)
        let running = anyAwake(s, step: step + 1)
        if running != s.running {
            s.running = running
            s.log.append(DynamicLogEntry(time: Double(step + 1) * timeStep, kind: running ? .resume : .pause))
        }
    }

    // MARK: Configuration changes

    private func deactivate(_ r: Int, _ s: inout DynamicState) {
        if let j = s.joints[r] { try? s.world.destroyJoint(j); s.joints[r] = nil }
        if let b = s.boundaryBodies[r] { try? s.world.destroyBody(b); s.boundaryBodies[r] = nil }
    }

    private func createBoundaries(_ r: Int, _ boundaries: [DynamicBoundary], _ s: inout DynamicState) {
        guard case .collision(_, let slot, _, _, _) = rules[r].rule, !boundaries.isEmpty else { return }
        let body = s.world.createBody(BodyDefinition(type: .static))
        for (k, b) in boundaries.enumerated() {
            var def = ShapeDefinition(friction: 1, restitution: 0, density: 0)
            def.filter = CollisionFilter(categoryBits: 1 << UInt64(2 * slot + 1), maskBits: .max)
            def.userData = -(r << 20 | k) - 1
            _ = try? s.world.createShape(body, def, .segment(b.a, b.b))
        }
        s.boundaryBodies[r] = body
    }

    /// Recomputes every item's body type, mass, material and collision filter from the rules
    /// active at `step`, and wakes the simulated items.
    private func reconfigure(step: Int, _ s: inout DynamicState) {
        let n = items.count
        var active = [Bool](repeating: false, count: n)
        var props = [DynamicItemProperties](repeating: DynamicItemProperties(), count: n)
        var category = [UInt64](repeating: 0, count: n), mask = [UInt64](repeating: 0, count: n)
        // Item behaviors in the order they were added: the last one added wins.
        let order = rules.indices.filter { rules[$0].start <= step && step < rules[$0].end }
            .sorted { (rules[$0].start, $0) < (rules[$1].start, $1) }
        for r in order {
            let rule = rules[r].rule
            for i in rule.items { active[i] = true }
            switch rule {
            case .itemProperties(let items, let p, _, _):
                for i in items { props[i] = p }
            case .collision(let items, let slot, let withItems, let withBoundaries, _):
                let itemBit: UInt64 = 1 << UInt64(2 * slot), boundaryBit: UInt64 = 1 << UInt64(2 * slot + 1)
                for i in items {
                    category[i] |= 1 << 63
                    if withItems { category[i] |= itemBit; mask[i] |= itemBit }
                    if withBoundaries { mask[i] |= boundaryBit }
                }
            default: break
            }
        }
        for i in 0..<n {
            let body = s.bodies[i], shape = s.shapes[i]
            let type: BodyType = active[i] && !props[i].isAnchored ? .dynamic : .kinematic
            if (try? s.world.type(of: body)) != type {
                try? s.world.setType(body, type)
                if type == .kinematic {
                    try? s.world.setLinearVelocity(body, .zero)
                    try? s.world.setAngularVelocity(body, 0)
                }
            }
            let p = props[i]
            if type == .dynamic {
                var md = items[i].geometry.massData(density: max(p.density, 1e-9))
                if !p.allowsRotation {
                    md.rotationalInertia = 0
                    try? s.world.setAngularVelocity(body, 0)
                }
                try? s.world.setMassData(body, md)
            }
            try? s.world.setFriction(shape, p.friction)
            try? s.world.setRestitution(shape, p.elasticity)
            try? s.world.setDamping(body, linear: p.resistance, angular: p.angularResistance)
            let filter = CollisionFilter(categoryBits: category[i], maskBits: mask[i])
            if s.filters[i] != filter { try? s.world.setFilter(shape, filter); s.filters[i] = filter }
            if active[i] { try? s.world.wake(body) }
        }
    }

    /// What a rule does once when it becomes active (after the items are configured).
    private func start(_ r: Int, _ s: inout DynamicState) {
        switch rules[r].rule {
        case .attachment(let a, let offsetA, let b, let offsetB, let anchor, let kind):
            s.joints[r] = createJoint(itemA: a, offsetA: offsetA, itemB: b, offsetB: offsetB, anchor: anchor, kind: kind, &s)
        case .push(let items, let offsets, true, let vector):
            for (k, i) in items.enumerated() {
                let body = s.bodies[i]
                guard let point = try? s.world.worldPoint(of: body, local: offsets[k]) else { continue }
                try? s.world.applyLinearImpulse(body, pushForcePerMagnitude * vector, at: point)
            }
        case .itemProperties(_, _, let linear, let angular):
            for (i, v) in linear {
                let body = s.bodies[i]
                if let v0 = try? s.world.linearVelocity(of: body) { try? s.world.setLinearVelocity(body, v0 + v) }
            }
            for (i, w) in angular {
                let body = s.bodies[i]
                if let w0 = try? s.world.angularVelocity(of: body) { try? s.world.setAngularVelocity(body, w0 + w) }
            }
        default: break
        }
    }

    private func createJoint(itemA: Int, offsetA: Vec2, itemB: Int?, offsetB: Vec2, anchor: Vec2,
                             kind: AttachmentRuleKind, _ s: inout DynamicState) -> JointID? {
        let bodyA = s.bodies[itemA]
        guard let pointA = try? s.world.worldPoint(of: bodyA, local: offsetA) else { return nil }
        let bodyB = itemB.map { s.bodies[$0] }
        if bodyB == bodyA { return nil }  // an item attached to itself holds nothing
        let pointB = bodyB.flatMap { try? s.world.worldPoint(of: $0, local: offsetB) } ?? anchor
        switch kind {
        case .pin(let pivot):
            return try? s.world.createPivotJoint(bodyB, bodyA, worldPivot: pivot)
        case .limit(let length):
            return try? s.world.createSlideJoint(bodyB, bodyA, anchorA: pointB, anchorB: pointA, minLength: 0, maxLength: length)
        case .distance(let length, let frequency, let damping):
            if frequency <= 0 {
                return try? s.world.createSlideJoint(bodyB, bodyA, anchorA: pointB, anchorB: pointA,
                                                     minLength: length, maxLength: length)
            }
            // UIKit's frequency and damping ratio on the effective (reduced) mass of the pair.
            let mA = dynamicMass(bodyA, s.world), mB = bodyB.map { dynamicMass($0, s.world) } ?? 0
            let m = mB > 0 && mA > 0 ? mA * mB / (mA + mB) : max(mA, mB)
            let omega = 2 * Double.pi * frequency
            return try? s.world.createDampedSpring(bodyB, bodyA, anchorA: pointB, anchorB: pointA, restLength: length,
                                                   stiffness: m * omega * omega, damping: 2 * damping * m * omega)
        }
    }

    private func dynamicMass(_ body: BodyID, _ world: World) -> Double {
        (try? world.type(of: body)) == .dynamic ? ((try? world.mass(of: body)) ?? 0) : 0
    }

    // MARK: Per-step forces

    /// Applies a rule's steady force for one step. Forces never wake a sleeping item (so resting
    /// items under gravity or a field can rest); configuration changes wake them.
    private func applyForces(_ rule: DynamicRule, _ s: inout DynamicState, time: Double) {
        switch rule {
        case .gravity(let items, let acceleration):
            for i in items {
                let body = s.bodies[i]
                let m = dynamicMass(body, s.world)
                if m > 0 { try? s.world.applyForceToCenter(body, m * acceleration, wake: false) }
            }
        case .snap(let i, let point, let damping):
            let body = s.bodies[i]
            guard let (force, torque) = snapForce(s.world, body, point: point, damping: damping) else { return }
            try? s.world.applyForceToCenter(body, force, wake: false)
            if torque != 0 { try? s.world.applyTorque(body, torque, wake: false) }
        case .push(let items, let offsets, false, let vector):
            for (k, i) in items.enumerated() {
                let body = s.bodies[i]
                guard let point = try? s.world.worldPoint(of: body, local: offsets[k]) else { continue }
                try? s.world.applyForce(body, pushForcePerMagnitude * vector, at: point, wake: false)
            }
        case .field(let items, let kind, let position, let region, let strength, let falloff, let minimumRadius, let key):
            for i in items {
                let body = s.bodies[i]
                guard let force = fieldForce(s.world, body, kind: kind, position: position, region: region, strength: strength,
                                             falloff: falloff, minimumRadius: minimumRadius, key: key, time: time) else { continue }
                try? s.world.applyForceToCenter(body, force, wake: false)
            }
        default: break
        }
    }

    /// A snap's force and torque on `body` for one step (step-exact springs), or nil when it has no mass.
    private func snapForce(_ w: World, _ body: BodyID, point: Vec2, damping: Double) -> (Vec2, Double)? {
        guard let m = try? w.mass(of: body), m > 0, let x = try? w.worldCenter(of: body),
              let v = try? w.linearVelocity(of: body) else { return nil }
        let spring = StepExactSpring(omega: 2 * Double.pi * snapFrequency, zeta: max(damping, 0.05), dt: timeStep)
        let d = x - point
        let force = m * Vec2(spring.acceleration(d.x, v.x), spring.acceleration(d.y, v.y))
        guard let inertia = try? w.rotationalInertia(of: body), inertia > 0,
              let angle = try? w.angle(of: body), let spin = try? w.angularVelocity(of: body) else { return (force, 0) }
        return (force, inertia * spring.acceleration(angle, spin))
    }

    /// A field's force on `body` for one step, or nil when the body is asleep, massless or outside the region.
    private func fieldForce(_ w: World, _ body: BodyID, kind: FieldRuleKind, position: Vec2, region: FieldRuleRegion,
                            strength: Double, falloff: Double, minimumRadius: Double, key: UInt64, time: Double) -> Vec2? {
        guard let m = try? w.mass(of: body), m > 0, (try? w.isAwake(body)) == true,
              let x = try? w.worldCenter(of: body) else { return nil }
        let d = x - position
        guard region.contains(d) else { return nil }
        let distance = max(d.length, minimumRadius)
        // Capped so that a steep falloff near a tiny minimum radius cannot overflow to infinity.
        let factor = falloff == 0 ? 1 : min(pow(distance / fieldFalloffReferenceDistance, -falloff), 1e6)
        let toward = d.length > 0 ? (-1 / d.length) * d : .zero
        let a: Vec2
        switch kind {
        case .radialGravity:
            a = (strength * gravityAccelerationPerMagnitude * factor) * toward
        case .linearGravity(let direction):
            a = (strength * gravityAccelerationPerMagnitude * factor) * direction
        case .velocity(let direction):
            let v = (try? w.linearVelocity(of: body)) ?? .zero
            a = (strength * factor) * (direction - v)
        case .spring:
            // ω² = strength·factor·(2π)²; a stiffness ≤ 0 (a repelling spring) stays explicit.
            let k = strength * factor * 4 * Double.pi * Double.pi
            if k > 0 {
                let spring = StepExactSpring(omega: k.squareRoot(), zeta: 0, dt: timeStep)
                let v = (try? w.linearVelocity(of: body)) ?? .zero
                a = Vec2(spring.acceleration(d.x, v.x), spring.acceleration(d.y, v.y))
            } else {
                a = -k * d
            }
        case .vortex:
            // Counterclockwise on screen (y down) for a positive strength.
            a = (strength * gravityAccelerationPerMagnitude * factor) * Vec2(-toward.y, toward.x)
        case .drag:
            let v = (try? w.linearVelocity(of: body)) ?? .zero
            a = (-strength * factor) * v
        case .noise(let smoothness, let speed):
            let n = FieldNoise.vector(at: x, time: time * speed, smoothness: smoothness, seed: seed, key: key)
            a = (strength * gravityAccelerationPerMagnitude * factor) * n
        }
        return m * a
    }

    // MARK: Reports

    /// Whether an item that a rule simulates at `step` is awake.
    private func anyAwake(_ s: DynamicState, step: Int) -> Bool {
        for (i, body) in s.bodies.enumerated() where firstActiveStep[i] <= step {
            if (try? s.world.type(of: body)) == .dynamic, (try? s.world.isAwake(body)) == true { return true }
        }
        return false
    }

    /// Collision began / ended events of the last step, for every collision rule that holds both parties.
    private func collectContacts(_ s: inout DynamicState, step: Int) {
        let events = s.world.events
        if events.contactBegin.isEmpty && events.contactEnd.isEmpty { return }
        let time = Double(step + 1) * timeStep
        func party(_ shape: ShapeID) -> (item: Int?, rule: Int, boundary: Int)? {
            guard let ud = try? s.world.userData(of: shape) else { return nil }
            if ud > 0 { return (ud - 1, -1, -1) }
            let code = -(ud + 1)
            return (nil, code >> 20, code & 0xFFFFF)
        }
        func report(_ a: ShapeID, _ b: ShapeID, point: Vec2?) {
            guard let pa = party(a), let pb = party(b) else { return }
            let step = step
            // The collision rules that can hold this contact, in rule order: those of item a (or of the boundary's rule).
            let candidates: [Int]
            if let ia = pa.item, pb.item != nil {
                candidates = ia < collisionRulesOfItem.count ? collisionRulesOfItem[ia] : []
            } else {
                let other = pa.item == nil ? pa : pb
                candidates = other.rule >= 0 && other.rule < rules.count ? [other.rule] : []
            }
            for r in candidates {
                let sr = rules[r]
                guard sr.start <= step && step < sr.end,
                      case .collision(_, _, let withItems, let withBoundaries, let boundaries) = sr.rule,
                      let items = collisionItems[r] else { continue }
                var entry: DynamicLogEntry.Kind?
                if let ia = pa.item, let ib = pb.item {
                    if withItems && items.contains(ia) && items.contains(ib) {
                        entry = point.map { .began(owner: sr.owner, itemA: ia, itemB: ib, boundary: nil, point: $0) }
                            ?? .ended(owner: sr.owner, itemA: ia, itemB: ib, boundary: nil)
                    }
                } else if let (item, other) = pa.item.map({ ($0, pb) }) ?? pb.item.map({ ($0, pa) }),
                          other.rule == r, withBoundaries, items.contains(item), other.boundary < boundaries.count {
                    let id = boundaries[other.boundary].identifier
                    entry = point.map { .began(owner: sr.owner, itemA: item, itemB: nil, boundary: id, point: $0) }
                        ?? .ended(owner: sr.owner, itemA: item, itemB: nil, boundary: id)
                }
                if let entry { s.log.append(DynamicLogEntry(time: time, kind: entry)) }
            }
        }
        for e in events.contactBegin {
            let m = e.manifold
            let point = m.pointCount > 1 ? 0.5 * (m.point0.point + m.point1.point) : m.point0.point
            report(e.shapeA, e.shapeB, point: point)
        }
        for e in events.contactEnd { report(e.shapeA, e.shapeB, point: nil) }
    }
}
