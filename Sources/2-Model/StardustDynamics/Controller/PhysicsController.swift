import Foundation
import StardustAnimation
import StardustCore

/// A physics world bound to layers and driven by touches: what a scene file's `physics` and
/// `pointer` keys build (docs/DESIGN.md §6, §10.1).
///
/// Build the world (``modifyWorld(_:)``), bind bodies to layers (``bind(_:name:to:)``), record
/// touches (``PointerInput``); then every bound layer shows its body at whatever time it is rendered.
/// The simulation runs in fixed steps on a ``Timeline``: rendering frame *n* alone, or frames A…B
/// alone, gives the same bytes as rendering every frame from 0, and a seek costs at most one
/// checkpoint interval of replay.
///
/// Touches: `began` on a dynamic body grabs it at the touch point with the engine's drag joint
/// (`World.createDragJoint`); `moved` moves the joint's target (a kinematic target — the body's
/// type never changes); `ended` and `cancelled` destroy the joint, and the body keeps the
/// velocity it had. A touch that starts on no dynamic body does nothing until the next `began`.
/// Several touches (``PointerEvent/pointer``) drag at once, each through its own drag joint; two
/// on one body hold it at two points. A `began` of a touch already down first lets its body go.
///
/// Units: the world has its own length unit; `pointsPerUnit` points of the layers' superlayer make
/// one unit (100 for scene files: a world in meter-like units with gravity 10 units/s² is
/// UIKit's standard gravity of 1000 pt/s²). The world's origin is the superlayer's origin.
public final class PhysicsController: PointerInput, TraceableSimulation, @unchecked Sendable {
    /// How many points one world unit spans on screen.
    public let pointsPerUnit: Double
    /// Seconds per simulation step (default 1/120 s).
    public let timeStep: Double
    /// Steps between stored checkpoints of the timeline (default 12: ten per second at 120 Hz).
    public let checkpointInterval: Int
    /// The drag joint's maximum force (mass·units/s²); `nil` (the default) uses the engine's
    /// default of 1000 × mass × |gravity|, a firm grip.
    public var dragMaxForce: Double? { didSet { invalidate() } }
    /// The host's clock for ``touchesBegan(at:)`` and its siblings (seconds; default 0).
    public var currentTime: Double = 0

    struct State: Sendable {
        var world: World
        /// The drag joint of every touch that holds a body, by ``PointerEvent/pointer``.
        var drags: [Int: JointID] = [:]
    }

    private let lock = NSLock()
    private var initial: World
    private var bindings: [(name: String, body: BodyID)] = []
    private var track = PointerTrack()
    private var sampler: TimelineSampler<State>? { didSet { if sampler == nil { notifyResimulated() } } }
    private var resimulated: [@Sendable () -> Void] = []

    /// A controller of `world` (its state at time 0).
    ///
    /// - Parameters:
    ///   - pointsPerUnit: points per world unit (default 1: a world in points).
    ///   - timeStep: seconds per fixed step (default 1/120).
    ///   - checkpointInterval: steps between checkpoints (default 12).
    public init(world: World, pointsPerUnit: Double = 1, timeStep: Double = 1.0 / 120.0, checkpointInterval: Int = 12) {
        precondition(pointsPerUnit > 0 && pointsPerUnit.isFinite, "pointsPerUnit must be positive")
        self.initial = world
        self.pointsPerUnit = pointsPerUnit
        self.timeStep = timeStep
        self.checkpointInterval = checkpointInterval
    }

    /// Changes the world at time 0 (create bodies, shapes, joints). Invalidates every simulated step.
    public func modifyWorld<R>(_ change: (inout World) throws -> R) rethrows -> R {
        lock.lock(); defer { lock.unlock() }
        sampler = nil
        return try change(&initial)
    }

    /// The world at time 0.
    public var initialWorld: World { lock.lock(); defer { lock.unlock() }; return initial }

    /// The recorded touches.
    public var pointerTrack: PointerTrack { lock.lock(); defer { lock.unlock() }; return track }

    /// Shows `body` on `layer` (its `position` and `transform.rotation.z`, through a
    /// ``PoseAnimation`` keyed `"physics"`), and reports it as `name` in traces. `layer` may be
    /// `nil` for a body that is only traced.
    public func bind(_ body: BodyID, name: String, to layer: Layer?) {
        lock.lock()
        bindings.append((name, body))
        lock.unlock()
        layer?.add(PoseAnimation { t in self.pose(of: body, at: t) }, forKey: "physics")
    }

    /// Records a touch; the simulation from the event's step on is recomputed when next sampled.
    public func record(_ event: PointerEvent) {
        lock.lock(); defer { lock.unlock() }
        track.append(event)
        sampler = nil
    }

    private func invalidate() { lock.lock(); sampler = nil; lock.unlock() }

    private func currentSampler() -> TimelineSampler<State> {
        lock.lock(); defer { lock.unlock() }
        if let sampler { return sampler }
        let track = self.track, dt = timeStep, ppu = pointsPerUnit, maxForce = dragMaxForce
        let timeline = Timeline(initial: State(world: initial), timeStep: dt,
                                checkpointInterval: checkpointInterval) { state, step in
            for i in track.range(forStep: step, timeStep: dt) {
                Self.apply(track.events[i], to: &state, pointsPerUnit: ppu, maxForce: maxForce)
            }
            state.world.step(dt)
        }
        let made = TimelineSampler(timeline)
        sampler = made
        return made
    }

    /// One touch applied to the state at the start of a step.
    static func apply(_ event: PointerEvent, to state: inout State, pointsPerUnit: Double, maxForce: Double?) {
        let p = Vec2(event.point.x / pointsPerUnit, event.point.y / pointsPerUnit)
        switch event.phase {
        case .began:
            if let j = state.drags.removeValue(forKey: event.pointer) { try? state.world.destroyJoint(j) }
            // The first dynamic body under the finger, in the query's (deterministic) order.
            for shape in state.world.queryPoint(p) {
                guard let body = try? state.world.body(of: shape), (try? state.world.type(of: body)) == .dynamic else { continue }
                state.drags[event.pointer] = try? state.world.createDragJoint(body, grab: p, maxForce: maxForce)
                break
            }
        case .moved:
            if let j = state.drags[event.pointer] { try? state.world.setDragTarget(j, p) }
        case .ended, .cancelled:
            if let j = state.drags.removeValue(forKey: event.pointer) { try? state.world.destroyJoint(j) }
        }
    }

    /// Calls `action` whenever what was simulated is thrown away (a touch recorded, the world changed), so
    /// that what was read from it — a particle collider's samples of a body — is read again.
    public func whenResimulated(_ action: @escaping @Sendable () -> Void) {
        lock.lock(); resimulated.append(action); lock.unlock()
    }

    /// Called with the lock held, where the sampler is dropped.
    private func notifyResimulated() { for action in resimulated { action() } }

    /// The pose of `body` after each step of `steps` (none negative): its position in points (the world's
    /// origin at the superlayer's) and its angle in radians, the angle kept continuous from step to step
    /// (no jump of 2π), as a particle collider that follows the body samples it
    /// (docs/PARTICLE-MODEL.md §2.10, "Moving bodies"). A body destroyed keeps its last pose.
    public func poses(of body: BodyID, steps: Range<Int>) -> [SIMD3<Double>] {
        var out: [SIMD3<Double>] = []
        out.reserveCapacity(steps.count)
        let ppu = pointsPerUnit
        currentSampler().timeline.forEachState(in: steps) { _, state in
            guard let t = try? state.world.transform(of: body) else {
                out.append(out.last ?? .zero); return
            }
            var angle = t.q.angle
            if let last = out.last { angle = last.z + remainder(angle - last.z, 2 * .pi) }
            out.append(SIMD3(t.p.x * ppu, t.p.y * ppu, angle))
        }
        return out
    }

    /// The world after `step` fixed steps.
    public func world(atStep step: Int) -> World { currentSampler().timeline.state(atStep: step).world }

    /// The world at the last step at or before `time` seconds.
    public func world(at time: Double) -> World {
        world(atStep: Int((max(0, time.isFinite ? time : 0) / timeStep + 1e-9).rounded(.down)))
    }

    /// Where `body` is shown at `time` (interpolated between the fixed steps around it), in points.
    public func pose(of body: BodyID, at time: Double) -> Pose? {
        let s = currentSampler().sample(at: time)
        return s.before.world.pose(of: body, towards: s.after.world, fraction: s.fraction, pointsPerUnit: pointsPerUnit)
            ?? Pose(position: .zero, isHidden: true)
    }

    /// Every bound body at `time`, in binding order (world units).
    public func bodyReports(at time: Double) -> [BodyReport] {
        let s = currentSampler().sample(at: time)
        lock.lock(); let bound = bindings; lock.unlock()
        return bound.compactMap { s.before.world.report(of: $0.body, named: $0.name, towards: s.after.world, fraction: s.fraction) }
    }

    /// Every joint between bodies that are bound (or to the world) at `time`, in the world's slot
    /// order (world units), with the names the bodies were bound with; the drag joints of the
    /// touches are included, as `"drag"` joints from the world.
    public func jointReports(at time: Double) -> [TracedJoint] {
        let s = currentSampler().sample(at: time)
        lock.lock(); let bound = bindings; lock.unlock()
        var names: [BodyID: String] = [:]
        for b in bound where names[b.body] == nil { names[b.body] = b.name }
        return s.before.world.tracedJoints(towards: s.after.world, fraction: s.fraction) { names[$0] }
    }

    /// A plain physics world has no named transitions: always empty.
    public func events(after start: Double, through end: Double) -> [SimulationEvent] { [] }
}
