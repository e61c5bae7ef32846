import Foundation
import StardustAnimation
import StardustCore

/// Runs dynamic behaviors on items and shows the motion on layers (UIKit's `UIDynamicAnimator`).
///
/// Configure it like UIKit: make behaviors naming items (layers), add them. The animator
/// simulates at a fixed 1/120 s step in points (gravity magnitude 1.0 = 1000 pt/s²) on the
/// engine (`StardustPhysics`), and every layer item gets a ``PoseAnimation`` (key `"dynamics"`)
/// that shows the simulated position and rotation from the time its first behavior acts.
///
/// Time is an input. The animator's state at time t is a pure function of its configuration
/// and t, sampled through a ``Timeline`` (replay from checkpoints), so frames render in any
/// order on any thread with identical bytes. What UIKit does at a later moment — a push at
/// t = 1 s, gravity switched off at t = 3 s — is scripted with ``addBehavior(_:at:)`` and
/// ``removeBehavior(_:at:)``. Reports (rest, contacts) are read with ``events(through:)`` and
/// ``isRunning(at:)``, or delivered to the delegates in order by ``deliverEvents(through:)``.
///
/// Configure before rendering: any change (a behavior added, a property set) discards the
/// simulation, which is rebuilt from the items' model values at the next sample.
public final class DynamicAnimator: @unchecked Sendable {
    /// The area the animator works in, in its items' superlayer coordinates (UIKit's reference
    /// view's bounds). Collision behaviors can make it a boundary.
    public let referenceBounds: Rect
    /// Keys the noise fields' randomness (default 0).
    public var seed: UInt64 { didSet { invalidate() } }
    /// Receives pause and resume reports from ``deliverEvents(through:)``.
    public weak var delegate: DynamicAnimatorDelegate?
    /// Seconds per simulation step (1/120 s).
    public let timeStep = 1.0 / 120.0

    private struct Entry { var time: Double; var behavior: DynamicBehavior; var adds: Bool }
    private var schedule: [Entry] = []
    private var posed: Set<ObjectIdentifier> = []
    private let lock = NSLock()
    private var built: Built?
    private var poseCache: [(time: Double, poses: [Pose?])] = []
    private var deliveredThrough = -Double.infinity

    /// The simulation of one configuration.
    private final class Built: @unchecked Sendable {
        let program: DynamicProgram
        let timeline: Timeline<DynamicState>
        let items: [DynamicItem]
        let itemIDs: [ObjectIdentifier]
        let owners: [DynamicBehavior]
        init(program: DynamicProgram, items: [DynamicItem], owners: [DynamicBehavior]) {
            self.program = program; self.items = items; self.owners = owners
            itemIDs = items.map { ObjectIdentifier($0) }
            timeline = Timeline(initial: program.initialState(), timeStep: program.timeStep, checkpointInterval: DynamicWorkload.checkpointInterval) { s, step in
                program.advance(&s, step: step)
            }
        }
    }

    /// An animator working in `referenceBounds` (points), its noise keyed by `seed`.
    public init(referenceBounds: Rect, seed: UInt64 = 0) {
        self.referenceBounds = referenceBounds
        self.seed = seed
    }

    /// An animator whose reference bounds are `referenceLayer.bounds`; its items are the
    /// layer's sublayers (UIKit's `init(referenceView:)`).
    public convenience init(referenceLayer: Layer, seed: UInt64 = 0) {
        self.init(referenceBounds: referenceLayer.bounds, seed: seed)
    }

    // MARK: Behaviors

    /// What the simulation holds, for the scene budget (docs/LIMITS.md): behaviors (children included), distinct
    /// items, and the distinct times the schedule changes. O(behaviors + items), nothing simulated.
    public var workload: DynamicWorkload {
        var items = Set<ObjectIdentifier>(), behaviorCount = 0, times = Set<Double>()
        var seen = Set<ObjectIdentifier>()
        for e in schedule {
            times.insert(e.time)
            guard seen.insert(ObjectIdentifier(e.behavior)).inserted else { continue }
            for b in e.behavior.flattened {
                behaviorCount += 1
                for item in b.ownItems { items.insert(ObjectIdentifier(item)) }
            }
        }
        return DynamicWorkload(behaviors: behaviorCount, items: items.count, scheduleChanges: times.count, timeStep: timeStep)
    }

    /// Every behavior added, at any time, in the order added.
    public var behaviors: [DynamicBehavior] {
        var seen = Set<ObjectIdentifier>()
        return schedule.compactMap { seen.insert(ObjectIdentifier($0.behavior)).inserted ? $0.behavior : nil }
    }

    /// Adds `behavior` at `time` seconds (default 0: from the start). Adding a behavior that is
    /// already acting does nothing, except for an instantaneous push, which pushes again.
    public func addBehavior(_ behavior: DynamicBehavior, at time: Double = 0) {
        schedule.append(Entry(time: max(0, time.isFinite ? time : 0), behavior: behavior, adds: true))
        behavior.dynamicAnimator = self
        invalidate(posing: behavior)
    }

    /// Removes `behavior` at `time` seconds: it acts until then (UIKit's `removeBehavior(_:)`
    /// called at that moment). Items keep the motion they have.
    public func removeBehavior(_ behavior: DynamicBehavior, at time: Double) {
        schedule.append(Entry(time: max(0, time.isFinite ? time : 0), behavior: behavior, adds: false))
        invalidate()
    }

    /// Removes `behavior` from the whole timeline, as if it had never been added.
    public func removeBehavior(_ behavior: DynamicBehavior) {
        schedule.removeAll { $0.behavior === behavior }
        if behavior.dynamicAnimator === self { behavior.dynamicAnimator = nil }
        invalidate()
    }

    /// Removes every behavior from the whole timeline.
    public func removeAllBehaviors() {
        for e in schedule where e.behavior.dynamicAnimator === self { e.behavior.dynamicAnimator = nil }
        schedule.removeAll()
        invalidate()
    }

    /// The behaviors acting at `time`.
    public func behaviors(at time: Double) -> [DynamicBehavior] {
        // One pass over the schedule (the last entry at or before `time` decides), not one per behavior.
        var on: [ObjectIdentifier: Bool] = [:]
        for e in orderedSchedule where e.time <= time { on[ObjectIdentifier(e.behavior)] = e.adds }
        return behaviors.filter { on[ObjectIdentifier($0)] == true }
    }

    private var orderedSchedule: [Entry] {
        schedule.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// Discards the simulation (a behavior or item changed) and shows the layer items of `changed` (the behavior
    /// added or changed, with its children; the items of the others are shown already). O(items of `changed`), so
    /// that adding N behaviors one by one costs O(N), not O(N²) (docs/HOSTILE-INPUT.md, rule 3).
    func invalidate(posing changed: DynamicBehavior? = nil) {
        lock.lock()
        built = nil
        poseCache.removeAll()
        lock.unlock()
        deliveredThrough = -.infinity
        if let changed {
            for b in changed.flattened {
                for case let layer as Layer in b.ownItems where !posed.contains(ObjectIdentifier(layer)) {
                    posed.insert(ObjectIdentifier(layer))
                    let id = ObjectIdentifier(layer)
                    // The animation keeps the animator alive (as a CAAnimation keeps its delegate), so a
                    // layer tree shows its dynamics without the caller holding the animator.
                    layer.add(PoseAnimation { t in self.pose(ofItemWith: id, at: t) }, forKey: "dynamics")
                }
            }
        }
    }

    // MARK: Building the simulation

    private func simulation() -> Built {
        lock.lock(); defer { lock.unlock() }
        if let built { return built }
        let b = build()
        built = b
        return b
    }

    private func step(of time: Double) -> Int { max(0, Int((clampedTime(time) / timeStep - 1e-9).rounded(.up))) }

    private func build() -> Built {
        var items: [DynamicItem] = []
        var itemIndex: [ObjectIdentifier: Int] = [:]
        func index(_ item: DynamicItem) -> Int {
            if let i = itemIndex[ObjectIdentifier(item)] { return i }
            itemIndex[ObjectIdentifier(item)] = items.count
            items.append(item)
            return items.count - 1
        }
        var context = DynamicCompileContext(referenceBounds: referenceBounds)
        var owners: [DynamicBehavior] = []
        var compiled: [ObjectIdentifier: [(owner: Int, rules: [DynamicRule])]] = [:]
        var intervals: [ObjectIdentifier: [(start: Int, end: Int)]] = [:]
        var order: [DynamicBehavior] = []
        for e in orderedSchedule {
            let id = ObjectIdentifier(e.behavior)
            if compiled[id] == nil {
                order.append(e.behavior)
                compiled[id] = e.behavior.flattened.map { d in
                    owners.append(d)
                    return (owners.count - 1, d.rules(index, &context))
                }
            }
            let s = step(of: e.time)
            var list = intervals[id] ?? []
            let open = list.last.map { $0.end == .max } ?? false
            if e.adds {
                if !open {
                    list.append((s, .max))
                } else if let push = e.behavior as? PushBehavior, push.mode == .instantaneous, s > list[list.count - 1].start {
                    list[list.count - 1].end = s
                    list.append((s, .max))
                }
            } else if open {
                list[list.count - 1].end = max(s, list[list.count - 1].start)
            }
            intervals[id] = list
        }
        var rules: [ScheduledRule] = []
        for b in order {
            let id = ObjectIdentifier(b)
            for interval in intervals[id] ?? [] where interval.start < interval.end {
                for (owner, list) in compiled[id] ?? [] {
                    for rule in list { rules.append(ScheduledRule(rule: rule, start: interval.start, end: interval.end, owner: owner)) }
                }
            }
        }
        let specs = items.map { item in
            DynamicItemSpec(center: item.dynamicCenter.vec2, rotation: item.dynamicRotation, geometry: Self.geometry(of: item))
        }
        return Built(program: DynamicProgram(items: specs, rules: rules, timeStep: timeStep, seed: seed),
                     items: items, owners: owners)
    }

    /// The collision outline of an item, centered on its center.
    static func geometry(of item: DynamicItem) -> ShapeGeometry {
        let b = item.dynamicBounds
        let hw = max(b.width, 0.01) / 2, hh = max(b.height, 0.01) / 2
        let box = ShapeGeometry.polygon(.box(halfWidth: hw, halfHeight: hh))
        switch item.collisionBoundsType {
        case .rectangle:
            return box
        case .ellipse:
            if abs(hw - hh) <= 1e-9 * max(hw, hh) { return .circle(Circle(radius: hw)) }
            let octagon = (0..<8).map { k -> Vec2 in
                let a = Double(k) * Double.pi / 4
                return Vec2(hw * cos(a), hh * sin(a))
            }
            return Polygon(hull: octagon).map { .polygon($0) } ?? box
        case .path(let points):
            return Polygon(hull: computeHull(points.map(\.vec2))).map { .polygon($0) } ?? box
        }
    }

    // MARK: Sampling

    /// Where `item` is at `time` (interpolated between steps), or nil before any behavior acts
    /// on it (the item then shows its own values).
    public func pose(of item: DynamicItem, at time: Double) -> Pose? {
        pose(ofItemWith: ObjectIdentifier(item), at: time)
    }

    private func pose(ofItemWith id: ObjectIdentifier, at time: Double) -> Pose? {
        let sim = simulation()
        guard let i = sim.itemIDs.firstIndex(of: id) else { return nil }
        return poses(sim, at: time)[i]
    }

    /// A time the simulation can reach: finite, at least 0, at most 10⁶ s.
    private func clampedTime(_ time: Double) -> Double { time.isFinite ? min(max(time, 0), 1e6) : 0 }

    private func poses(_ sim: Built, at time: Double) -> [Pose?] {
        let time = clampedTime(time)
        lock.lock()
        if let hit = poseCache.first(where: { $0.time == time }) { lock.unlock(); return hit.poses }
        lock.unlock()
        let (before, after, fraction) = sim.timeline.sample(at: time)
        let step = Int((max(0, time) / timeStep).rounded(.down))
        let poses: [Pose?] = before.bodies.indices.map { i in
            if sim.program.firstActiveStep[i] > step { return nil }
            guard let a = try? before.world.transform(of: before.bodies[i]),
                  let b = try? after.world.transform(of: after.bodies[i]) else { return nil }
            let p = Vec2(a.p.x + fraction * (b.p.x - a.p.x), a.p.y + fraction * (b.p.y - a.p.y))
            let angleA = a.q.angle
            var turn = b.q.angle - angleA
            if turn > Double.pi { turn -= 2 * Double.pi } else if turn < -Double.pi { turn += 2 * Double.pi }
            return Pose(position: p.point, rotation: angleA + fraction * turn)
        }
        lock.lock()
        poseCache.append((time, poses))
        if poseCache.count > 8 { poseCache.removeFirst() }
        lock.unlock()
        return poses
    }

    private func state(at time: Double) -> (Built, DynamicState) {
        let sim = simulation()
        return (sim, sim.timeline.state(atStep: Int((clampedTime(time) / timeStep + 1e-9).rounded(.down))))
    }

    private func body(of item: DynamicItem, _ sim: Built, _ s: DynamicState) -> BodyID? {
        sim.items.firstIndex { $0 === item }.map { s.bodies[$0] }
    }

    /// The simulated items whose rotated bounds' bounding box meets `rect` at `time` (UIKit's
    /// `items(in:)`), in the order they were first named by a behavior.
    public func items(in rect: Rect, at time: Double) -> [DynamicItem] {
        let sim = simulation()
        let poses = poses(sim, at: time)
        let r = rect.standardized
        return sim.items.indices.compactMap { i in
            guard let pose = poses[i] else { return nil }
            let b = sim.items[i].dynamicBounds
            let c = abs(cos(pose.rotation)), s = abs(sin(pose.rotation))
            let hw = (c * b.width + s * b.height) / 2, hh = (s * b.width + c * b.height) / 2
            let p = pose.position
            let meets = p.x + hw >= r.minX && p.x - hw <= r.maxX && p.y + hh >= r.minY && p.y - hh <= r.maxY
            return meets ? sim.items[i] : nil
        }
    }

    /// The item's velocity at the last step at or before `time`, pt/s (zero if not simulated).
    public func linearVelocity(of item: DynamicItem, at time: Double) -> Point {
        let (sim, s) = state(at: time)
        guard let b = body(of: item, sim, s), let v = try? s.world.linearVelocity(of: b) else { return .zero }
        return v.point
    }

    /// The item's angular velocity at the last step at or before `time`, rad/s (positive clockwise on screen).
    public func angularVelocity(of item: DynamicItem, at time: Double) -> Double {
        let (sim, s) = state(at: time)
        guard let b = body(of: item, sim, s) else { return 0 }
        return (try? s.world.angularVelocity(of: b)) ?? 0
    }

    /// Whether any simulated item moves at `time` (UIKit's `isRunning`): false once everything
    /// rests (the engine's sleep: below 2 pt/s for 0.5 s) until a scripted change wakes it.
    public func isRunning(at time: Double) -> Bool { state(at: time).1.running }

    /// Everything reported at or before `time`, in order.
    public func events(through time: Double) -> [DynamicAnimatorEvent] {
        // The step that starts at `time` logs what happens at its start (a resume when a behavior
        // is added then), so read one step further and keep the events up to `time`.
        let (sim, s) = state(at: clampedTime(time) + timeStep)
        let limit = clampedTime(time) + 1e-9
        return s.log.compactMap { e in
            if e.time > limit { return nil }
            let kind: DynamicAnimatorEvent.Kind
            switch e.kind {
            case .pause: kind = .didPause
            case .resume: kind = .willResume
            case .began(let owner, let a, let b, let boundary, let point):
                guard let c = sim.owners[owner] as? CollisionBehavior else { return nil }
                kind = .beganContact(behavior: c, item: sim.items[a], other: b.map { sim.items[$0] },
                                     boundaryIdentifier: boundary, point: point.point)
            case .ended(let owner, let a, let b, let boundary):
                guard let c = sim.owners[owner] as? CollisionBehavior else { return nil }
                kind = .endedContact(behavior: c, item: sim.items[a], other: b.map { sim.items[$0] }, boundaryIdentifier: boundary)
            }
            return DynamicAnimatorEvent(time: e.time, kind: kind)
        }
    }

    /// The first time at or before `limit` at which everything rests, or nil.
    public func firstPause(before limit: Double) -> Double? {
        for e in events(through: limit) { if case .didPause = e.kind { return e.time } }
        return nil
    }

    /// Calls the delegates (``delegate``, each collision behavior's ``CollisionBehavior/collisionDelegate``)
    /// for every event after the last delivery and at or before `time`, in order. A host that plays
    /// the animation calls this once per displayed frame; rendering never calls it. A `time` before
    /// the last delivery delivers nothing; a configuration change starts over from time 0.
    public func deliverEvents(through time: Double) {
        guard time > deliveredThrough else { return }
        let from = deliveredThrough
        deliveredThrough = time
        for e in events(through: time) where e.time > from {
            switch e.kind {
            case .didPause: delegate?.dynamicAnimatorDidPause(self, time: e.time)
            case .willResume: delegate?.dynamicAnimatorWillResume(self, time: e.time)
            case .beganContact(let c, let item, let other, let id, let point):
                if let other { c.collisionDelegate?.collisionBehavior(c, beganContactFor: item, with: other, at: point, time: e.time) }
                else { c.collisionDelegate?.collisionBehavior(c, beganContactFor: item, withBoundaryIdentifier: id, at: point, time: e.time) }
            case .endedContact(let c, let item, let other, let id):
                if let other { c.collisionDelegate?.collisionBehavior(c, endedContactFor: item, with: other, time: e.time) }
                else { c.collisionDelegate?.collisionBehavior(c, endedContactFor: item, withBoundaryIdentifier: id, time: e.time) }
            }
        }
    }
}

/// The size of a dynamic animator's simulation, read from its configuration (``DynamicAnimator/workload``).
public struct DynamicWorkload: Sendable, Hashable {
    /// Behaviors, children included (each is one or more rules applied every step it is active).
    public var behaviors: Int
    /// Distinct items (one body each).
    public var items: Int
    /// Distinct times at which behaviors are added or removed (each reconfigures every item).
    public var scheduleChanges: Int
    /// Seconds per step.
    public var timeStep: Double
    /// Steps between the checkpoints the animator keeps for seeking (a copy of every body each).
    public static let checkpointInterval = 30
}
