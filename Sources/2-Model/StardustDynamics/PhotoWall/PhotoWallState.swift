import StardustCore

/// The geometry of one photo in its slot: what the simulation needs of its layer.
struct PhotoSlot: Sendable, Hashable {
    var center: Vec2
    var halfWidth: Double
    var halfHeight: Double
}

/// One finger's hold on a card: its drag joint and where that finger's drag began (points).
struct PhotoGrip: Sendable {
    var joint: JointID
    var start: Vec2
}

/// A touched photo's own world (photos do not interact): one box body and its joints.
struct PhotoCard: Sendable {
    var world: World
    var body: BodyID
    /// The fingers holding the card, by ``PointerEvent/pointer``: one drag joint each.
    var grips: [Int: PhotoGrip] = [:]
    var springs: [JointID] = []
    var kind: PhotoWallTransition.Kind
}

/// Everything the photo wall simulates at one step; a value, so a copy is a checkpoint.
struct PhotoWallState: Sendable {
    var cards: [PhotoCard?]
    var removed: [Bool]
    /// The photo each finger down holds, by ``PointerEvent/pointer``.
    var held: [Int: Int] = [:]
    /// Every transition so far, in time order.
    var log: [PhotoWallTransition] = []

    init(count: Int) {
        cards = Array(repeating: nil, count: count)
        removed = Array(repeating: false, count: count)
    }

    /// Moves the wall from step `step` to `step + 1`: the touches of this step, one fixed step of
    /// every card's world, then the settle and leave checks.
    mutating func advance(step: Int, track: PointerTrack, slots: [PhotoSlot], visible: Rect, settings: PhotoWallSettings) {
        let dt = settings.timeStep
        // Transitions are stamped with the end of the step: the first time whose state shows them.
        let end = Double(step + 1) * dt
        for i in track.range(forStep: step, timeStep: dt) {
            let e = track.events[i]
            apply(e.phase, pointer: e.pointer, at: Vec2(e.point.x, e.point.y), time: end, slots: slots, settings: settings)
        }
        for i in cards.indices where cards[i] != nil {
            cards[i]!.world.step(dt)
        }
        for i in cards.indices {
            guard let card = cards[i] else { continue }
            switch card.kind {
            case .returning where Self.hasSettled(card, slot: slots[i], settings: settings):
                cards[i] = nil
                log.append(PhotoWallTransition(time: end, photo: i, kind: .settled))
            case .falling where Self.hasLeft(card, slot: slots[i], visible: visible):
                cards[i] = nil
                removed[i] = true
                log.append(PhotoWallTransition(time: end, photo: i, kind: .removed))
            default:
                break
            }
        }
    }

    /// One touch of finger `pointer` at `p`. A `began` of a finger already down first lets its
    /// photo go as if cancelled. A finger touching a photo that other fingers hold joins them: a
    /// second drag joint at its own point (no transition), so two fingers turn and stretch the card.
    mutating func apply(_ phase: PointerPhase, pointer: Int, at p: Vec2, time: Double, slots: [PhotoSlot], settings: PhotoWallSettings) {
        switch phase {
        case .began:
            if held[pointer] != nil { release(pointer, at: p, time: time, cancelled: true, slots: slots, settings: settings) }
            guard let i = hit(p, slots: slots) else { return }
            if var card = cards[i], !card.grips.isEmpty {
                if let j = try? card.world.createDragJoint(card.body, grab: p, maxForce: Self.gripForce(card, settings),
                                                           angularDamping: settings.gripAngularDamping) {
                    card.grips[pointer] = PhotoGrip(joint: j, start: p)
                    cards[i] = card
                    held[pointer] = i
                }
                return
            }
            var card = cards[i] ?? Self.makeCard(slots[i], settings: settings)
            for j in card.springs { try? card.world.destroyJoint(j) }
            card.springs = []
            try? card.world.setGravityScale(card.body, 1)
            try? card.world.setDamping(card.body, linear: settings.airDamping, angular: settings.airDamping)
            if let j = try? card.world.createDragJoint(card.body, grab: p, maxForce: Self.gripForce(card, settings),
                                                       angularDamping: settings.gripAngularDamping) {
                card.grips[pointer] = PhotoGrip(joint: j, start: p)
            }
            card.kind = .grabbed
            cards[i] = card
            held[pointer] = i
            log.append(PhotoWallTransition(time: time, photo: i, kind: .grabbed))
        case .moved:
            if let i = held[pointer], let g = cards[i]?.grips[pointer] { try? cards[i]!.world.setDragTarget(g.joint, p) }
        case .ended:
            release(pointer, at: p, time: time, cancelled: false, slots: slots, settings: settings)
        case .cancelled:
            release(pointer, at: p, time: time, cancelled: true, slots: slots, settings: settings)
        }
    }

    /// Finger `pointer` lets its photo go. While other fingers still hold it, only this finger's
    /// drag joint goes; the last finger decides: back to its slot when `cancelled` or lifted near
    /// where that finger's drag began, else falling.
    mutating func release(_ pointer: Int, at p: Vec2, time: Double, cancelled: Bool, slots: [PhotoSlot], settings: PhotoWallSettings) {
        guard let i = held.removeValue(forKey: pointer), var card = cards[i] else { return }
        let grip = card.grips.removeValue(forKey: pointer)
        if let grip { try? card.world.destroyJoint(grip.joint) }
        if !card.grips.isEmpty {
            cards[i] = card
            return
        }
        if cancelled || (p - (grip?.start ?? p)).length < settings.returnDistance {
            // A spring from the slot to the card's center and a rotary spring to upright (the
            // engine's joint angles are the bodies' angles in (−π, π], so upright is 0), both of
            // `returnFrequency`; the damping is the body's own, so that it acts in every direction
            // (a zero-length spring's damper would act only along the spring and let the card orbit).
            let m = (try? card.world.mass(of: card.body)) ?? 1
            let inertia = (try? card.world.rotationalInertia(of: card.body)) ?? 1
            let omega = 2 * Double.pi * settings.returnFrequency
            let damping = 2 * settings.returnDampingRatio * omega
            let center = (try? card.world.worldCenter(of: card.body)) ?? slots[i].center
            try? card.world.setGravityScale(card.body, 0)
            try? card.world.setDamping(card.body, linear: damping, angular: damping)
            if let s = try? card.world.createDampedSpring(nil, card.body, anchorA: slots[i].center, anchorB: center, restLength: 0,
                                                          stiffness: m * omega * omega, damping: 0) {
                card.springs.append(s)
            }
            if let r = try? card.world.createDampedRotarySpring(nil, card.body, restAngle: 0, stiffness: inertia * omega * omega,
                                                                damping: 0) {
                card.springs.append(r)
            }
            card.kind = .returning
        } else {
            card.kind = .falling
        }
        cards[i] = card
        log.append(PhotoWallTransition(time: time, photo: i, kind: card.kind))
    }

    /// The topmost photo under `p` (later photos lie above earlier ones; a photo with a world
    /// above every photo without one), as it is shown now.
    func hit(_ p: Vec2, slots: [PhotoSlot]) -> Int? {
        func contains(_ i: Int) -> Bool {
            let s = slots[i]
            var local = p - s.center
            if let card = cards[i], let l = try? card.world.localPoint(of: card.body, world: p) { local = l }
            return abs(local.x) <= s.halfWidth && abs(local.y) <= s.halfHeight
        }
        let order = slots.indices.reversed()
        return order.first { cards[$0] != nil && !removed[$0] && contains($0) }
            ?? order.first { cards[$0] == nil && !removed[$0] && contains($0) }
    }

    static func makeCard(_ slot: PhotoSlot, settings: PhotoWallSettings) -> PhotoCard {
        var def = WorldDefinition(gravity: Vec2(0, settings.gravity), lengthUnitsPerMeter: 100)
        def.timeStep = settings.timeStep
        var world = World(def)
        var body = BodyDefinition(type: .dynamic, position: slot.center)
        body.linearDamping = settings.airDamping
        body.angularDamping = settings.airDamping
        body.enableSleep = false
        let id = world.createBody(body)
        // Density 1 per square point: the mass is the area; forces are set relative to the weight.
        _ = try? world.createShape(id, ShapeDefinition(friction: 0.5, density: 1),
                                   .polygon(.box(halfWidth: slot.halfWidth, halfHeight: slot.halfHeight)))
        return PhotoCard(world: world, body: id, kind: .grabbed)
    }

    /// A finger's largest force: `gripStrength` × the card's weight, the weight taken under at least
    /// UIKit's standard gravity (max(|gravity|, 1000 pt/s²)) so that a wall without gravity (or with
    /// gravity upwards) still drags.
    static func gripForce(_ card: PhotoCard, _ settings: PhotoWallSettings) -> Double {
        ((try? card.world.mass(of: card.body)) ?? 1) * max(abs(settings.gravity), 1000) * settings.gripStrength
    }

    static func hasSettled(_ card: PhotoCard, slot: PhotoSlot, settings: PhotoWallSettings) -> Bool {
        let w = card.world
        guard let p = try? w.position(of: card.body), let a = try? w.angle(of: card.body),
              let v = try? w.linearVelocity(of: card.body), let av = try? w.angularVelocity(of: card.body) else { return true }
        let radius = max(slot.halfWidth, slot.halfHeight)
        return (p - slot.center).length < settings.settleDistance && abs(a) < settings.settleAngle
            && v.length < settings.settleSpeed && abs(av) * radius < settings.settleSpeed
    }

    static func hasLeft(_ card: PhotoCard, slot: PhotoSlot, visible: Rect) -> Bool {
        guard let xf = try? card.world.transform(of: card.body) else { return true }
        var lo = Vec2(Double.infinity, Double.infinity), hi = Vec2(-Double.infinity, -Double.infinity)
        for (sx, sy) in [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)] {
            let c = xf.apply(Vec2(sx * slot.halfWidth, sy * slot.halfHeight))
            lo = Vec2(min(lo.x, c.x), min(lo.y, c.y)); hi = Vec2(max(hi.x, c.x), max(hi.y, c.y))
        }
        return hi.x < visible.minX || lo.x > visible.maxX || hi.y < visible.minY || lo.y > visible.maxY
    }
}
