import Foundation
import StardustAnimation
import StardustCore

/// The photo wall of docs/DESIGN.md §7: photos in a grid, each a physical card when touched.
///
/// Touching a photo makes a world for it alone (photos do not interact) with a box body of the
/// photo's size; the engine's drag joint pulls the touched point towards the finger, so the card
/// lags, swings and turns like a card held at one point. Released within
/// ``PhotoWallSettings/returnDistance`` (60 pt) of where the drag began — or cancelled — it is
/// pulled back into its slot by a spring and a rotary spring, settles, and its world is destroyed.
/// Released elsewhere it falls under gravity, spinning, and is removed with its world once it has
/// left ``visibleBounds``.
///
/// The wall is a pure function of time: the photos' layers show it through ``PoseAnimation``s
/// (keyed `"physics"`), sampled from a ``Timeline`` of the whole wall, so any frame renders alone.
/// Touches are inputs with times (``PointerInput``). Transitions are delivered to
/// ``onTransition`` by ``update(to:)``, which the host calls as its clock advances (rendering
/// never calls back); they are also in ``transitions(through:)`` and in `stardust trace`.
///
/// Multi-touch (``PointerEvent/pointer``): every finger holds its own photo, each in its own world,
/// exactly as if it were the only finger. A finger that touches a photo other fingers already hold
/// joins them with a drag joint of its own at the point it touched — the card is held at two
/// points, so spreading or turning the fingers pulls and turns it — and the photo's state does not
/// change (no transition). Lifting a finger while others still hold the photo only removes that
/// finger's joint; the last finger to lift decides, by its own drag, between returning (within
/// ``PhotoWallSettings/returnDistance`` of where it touched down, or cancelled) and falling. A
/// `began` of a finger that is already down first lets its photo go as if cancelled.
public final class PhotoWall: PointerInput, TraceableSimulation, @unchecked Sendable {
    /// The photos, in slot order; their model `position` and `bounds` are their slots. Later photos
    /// lie above earlier ones for touches; a photo being simulated is drawn above the others
    /// (`zPosition` 1).
    public let photos: [Layer]
    /// The area in the photos' superlayer coordinates that is on screen (points): a falling photo
    /// entirely outside it is removed.
    public let visibleBounds: Rect
    /// The physical constants.
    public let settings: PhotoWallSettings
    /// Steps between stored checkpoints (default 6: twenty per second at 120 Hz).
    public let checkpointInterval: Int
    /// The host's clock for ``touchesBegan(at:)`` and its siblings (seconds; default 0).
    public var currentTime: Double = 0
    /// Called by ``update(to:)`` once for every transition, in order.
    public var onTransition: ((PhotoWallTransition) -> Void)?

    private let slots: [PhotoSlot]
    private let lock = NSLock()
    private var track = PointerTrack()
    private var sampler: TimelineSampler<PhotoWallState>?
    private var delivered = 0

    /// A wall of `photos` (layers already placed in their slots, unrotated) inside `visibleBounds`.
    /// Adds a ``PoseAnimation`` keyed `"physics"` to every photo.
    ///
    /// The wall holds its photos, and their animations refer to the wall weakly, so a dropped scene frees its wall
    /// and photos (the two would otherwise keep each other alive). Keep the wall while its photos should move: a
    /// scene does (`Scene.simulations`), and so does whoever sends it touches; once it is gone the photos show their
    /// model values.
    public init(photos: [Layer], visibleBounds: Rect, settings: PhotoWallSettings = PhotoWallSettings(),
                checkpointInterval: Int = 6) {
        self.photos = photos
        self.visibleBounds = visibleBounds
        self.settings = settings
        self.checkpointInterval = checkpointInterval
        self.slots = photos.map {
            PhotoSlot(center: Vec2($0.position.x, $0.position.y), halfWidth: $0.bounds.width / 2, halfHeight: $0.bounds.height / 2)
        }
        for (i, photo) in photos.enumerated() {
            photo.add(PoseAnimation { [weak self] t in self?.pose(ofPhoto: i, at: t) }, forKey: "physics")
        }
    }

    /// Records a touch; the wall from the touch's step on is recomputed when next sampled.
    public func record(_ event: PointerEvent) {
        lock.lock(); defer { lock.unlock() }
        track.append(event)
        sampler = nil
    }

    /// The recorded touches.
    public var pointerTrack: PointerTrack { lock.lock(); defer { lock.unlock() }; return track }

    private func currentSampler() -> TimelineSampler<PhotoWallState> {
        lock.lock(); defer { lock.unlock() }
        if let sampler { return sampler }
        let track = self.track, slots = self.slots, visible = visibleBounds, settings = self.settings
        let timeline = Timeline(initial: PhotoWallState(count: slots.count), timeStep: settings.timeStep,
                                checkpointInterval: checkpointInterval) { state, step in
            state.advance(step: step, track: track, slots: slots, visible: visible, settings: settings)
        }
        let made = TimelineSampler(timeline)
        sampler = made
        return made
    }

    /// Where photo `index` is shown at `time`: `nil` while it rests in its slot (the layer shows
    /// its model values), hidden once removed.
    public func pose(ofPhoto index: Int, at time: Double) -> Pose? {
        let s = currentSampler().sample(at: time)
        if s.before.removed[index] { return Pose(position: photos[index].position, isHidden: true) }
        guard let card = s.before.cards[index] else { return nil }
        let after = s.after.cards[index]?.world ?? card.world
        guard var pose = card.world.pose(of: card.body, towards: after, fraction: s.fraction, pointsPerUnit: 1) else { return nil }
        pose.zPosition = 1
        return pose
    }

    /// Every transition up to and including `time`, in order.
    public func transitions(through time: Double) -> [PhotoWallTransition] {
        let s = currentSampler().sample(at: time)
        return s.before.log.filter { $0.time <= time }
    }

    /// Advances the host's clock to `time` and calls ``onTransition`` for every transition up
    /// to it not delivered before.
    public func update(to time: Double) {
        currentTime = time
        let all = transitions(through: time)
        lock.lock()
        let new = delivered < all.count ? Array(all[delivered...]) : []
        delivered = max(delivered, all.count)
        lock.unlock()
        for t in new { onTransition?(t) }
    }

    /// The photos that have a world at `time`, by layer name (`photoINDEX` when unnamed), in points.
    public func bodyReports(at time: Double) -> [BodyReport] {
        let s = currentSampler().sample(at: time)
        return s.before.cards.indices.compactMap { i in
            guard let card = s.before.cards[i] else { return nil }
            let after = s.after.cards[i]?.world ?? card.world
            return card.world.report(of: card.body, named: name(ofPhoto: i), towards: after, fraction: s.fraction)
        }
    }

    /// The joints of the photos that have a world at `time`, photo by photo (points): a `"drag"`
    /// joint from the world for every finger holding the photo, or the `"spring"` and
    /// `"rotarySpring"` that pull a returning photo into its slot.
    public func jointReports(at time: Double) -> [TracedJoint] {
        let s = currentSampler().sample(at: time)
        return s.before.cards.indices.flatMap { i -> [TracedJoint] in
            guard let card = s.before.cards[i] else { return [] }
            let after = s.after.cards[i]?.world ?? card.world
            let photo = name(ofPhoto: i)
            return card.world.tracedJoints(towards: after, fraction: s.fraction) { $0 == card.body ? photo : nil }
        }
    }

    /// The transitions with `start < time ≤ end`, as `"photo.grabbed"`-style events of the photo's name.
    public func events(after start: Double, through end: Double) -> [SimulationEvent] {
        transitions(through: end).filter { $0.time > start }.map {
            SimulationEvent(time: $0.time, name: "photo.\($0.kind.rawValue)", subject: name(ofPhoto: $0.photo))
        }
    }

    func name(ofPhoto i: Int) -> String { photos[i].name ?? "photo\(i)" }
}
