import StardustCore
import StardustAnimation

/// A layer that emits, animates and draws particles (`CAEmitterLayer`), Core Animation's names and
/// defaults (docs/PARTICLE-MODEL.md §1.1).
///
/// The particle system is a pure function of time: ``evaluate(at:sceneSeed:threads:)`` computes every live
/// particle in closed form from its birth record, so seeking, pre-warming (`timing.timeOffset`) and
/// stepping frame by frame give identical particles, for any thread count. The simulation starts at
/// the layer's local time 0 (its `beginTime`).
///
/// Multipliers (decision P5): ``birthRate`` multiplies the birth rate of top-level cells only;
/// ``lifetime``, ``velocity``, ``scale`` and ``spin`` apply to every particle and are sampled at birth.
public final class EmitterLayer: Layer {
    /// Centre of the emission shape in layer coordinates. Default (0, 0).
    public var emitterPosition: Point = .zero
    /// z of the shape centre. Default 0.
    public var emitterZPosition: Double = 0
    /// Size of the shape (a circle or sphere has radius `width`). Default (0, 0).
    public var emitterSize: Size = .zero
    /// z extent of a cuboid. Default 0.
    public var emitterDepth: Double = 0
    /// The emission shape. Default `point`.
    public var emitterShape: EmitterShape = .point
    /// Where on the shape particles are born. Default `volume`.
    public var emitterMode: EmitterMode = .volume
    /// Draw order and compositing. Default `unordered`.
    public var renderMode: EmitterRenderMode = .unordered
    /// When true, particles should be rendered in the superlayer's 3D space rather than flattened
    /// into the layer plane. Snapshots always carry z (and `backToFront` sorts by it); drawing through
    /// the affine transform of ``drawContents(into:time:transform:)`` flattens either way, so this flag
    /// matters only once the layer tree passes 3D transforms. Default false.
    public var preservesDepth: Bool = false
    /// Multiplies the birth rate of top-level cells. Default 1.
    public var birthRate: Double = 1
    /// Multiplies every particle's lifetime, sampled at birth. Default 1.
    public var lifetime: Double = 1
    /// Multiplies every particle's initial speed, sampled at birth. Default 1.
    public var velocity: Double = 1
    /// Multiplies every particle's scale, sampled at birth (sub-particles get it through their parent's scale). Default 1.
    public var scale: Double = 1
    /// Multiplies every particle's spin, sampled at birth. Default 1.
    public var spin: Double = 1
    /// The seed of the layer's random streams: the same seed gives the same particles. Default 0.
    /// A scene's seed is combined with it at evaluation time (the `sceneSeed` argument of
    /// ``evaluate(at:sceneSeed:into:threads:)``, the `seed` of a `DrawContext`): `stardust render
    /// --seed N` reseeds every emitter of a scene without changing the model.
    public var seed: UInt32 = 0
    /// The top-level cells.
    public var emitterCells: [EmitterCell] = []
    /// Stardust extension: top-level particles are born on this path (another layer's outline or area,
    /// or a point running along it) instead of on ``emitterShape`` (docs/PARTICLE-MODEL.md §2.14).
    /// Default nil: Core Animation's shapes.
    public var emitterPath: EmitterPath?

    /// The most particles (live plus the births a frame must enumerate) one evaluation may hold.
    /// Evaluation beyond it is truncated (``ParticleSnapshot/isTruncated``) and ``validate()`` throws.
    /// Default 5 000 000.
    public var maximumParticleCount: Int = 5_000_000

    /// Presentation hook: when set, returns the animated value of a key path (`"birthRate"`,
    /// `"emitterCells.spark.velocity"`) at a layer time, or nil where it is not animated. Properties
    /// sampled at birth are read from it on a fixed grid of ``animationSamplingStep`` seconds from the
    /// simulation start; an animated birth rate is integrated on that grid (piecewise constant).
    public var animatedValue: ((_ keyPath: String, _ time: Double) -> AnimatableValue?)?

    /// The grid on which ``animatedValue`` is sampled: 1/240 s.
    public static let animationSamplingStep = 1.0 / 240

    /// The most samples of ``animatedValue`` one evaluation takes (default 144 000: ten minutes of
    /// emitter time at 240 Hz). Animations on emitter properties are honoured for that long before
    /// the evaluated time; births before it see the model values. Bounds the cost of a seek.
    public var animationSampleLimit = 144_000

    /// Timed parameter changes, by canonical key path (see ``setEmitterValue(_:forKeyPath:at:)``).
    var timelines: [String: PropertyTimeline] = [:] { didSet { timelineVersion &+= 1 } }
    /// Counts changes of ``timelines`` (part of the compile cache's key).
    private(set) var timelineVersion = 0
    /// The last compiled emitter (see ``compiled(upTo:sceneSeed:)``).
    let compileCache = CompileCache()
    /// Contact walks kept between evaluations (``ContactCache``).
    let contactCache = ContactCache()
    /// The emitter key paths that attached animations drive, when the ``animatedValue`` hook was
    /// installed by ``animationsDidChange()``; nil when it was set by hand (then every key path is sampled).
    private(set) var animatedEmitterKeyPaths: Set<String>?

    /// An emitter layer with Core Animation's defaults.
    public override init() { super.init() }

    /// Every cell of the tree in depth-first pre-order (a cell, then its sub-cells); the index a
    /// particle's ``ParticleSnapshot/cellIndex`` refers to.
    public var allCells: [EmitterCell] {
        var out: [EmitterCell] = []
        func walk(_ cells: [EmitterCell]) { for c in cells { out.append(c); walk(c.emitterCells) } }
        walk(emitterCells)
        return out
    }

    /// The emitter's key paths (`birthRate`, `emitterPosition`, `emitterCells.NAME.PROPERTY`, …)
    /// join the layer's own, so that they can be read, set and animated like any layer property.
    public override func value(forKeyPath keyPath: String) -> AnimatableValue? {
        emitterValue(forKeyPath: keyPath) ?? super.value(forKeyPath: keyPath)
    }

    /// Sets an emitter key path for the whole history (reporting the change to an open transaction), or any other
    /// layer key path as `Layer` does.
    public override func setValue(_ value: AnimatableValue, forKeyPath keyPath: String) {
        if let old = emitterValue(forKeyPath: keyPath) {
            if setEmitterValue(value, forKeyPath: keyPath) { reportChange(keyPath, old, value) }
        } else {
            super.setValue(value, forKeyPath: keyPath)
        }
    }

    /// Animations on emitter key paths reach the particles through the ``animatedValue`` hook,
    /// installed only while such an animation is attached (its sampling grid costs O(t)).
    public override func animationsDidChange() {
        let driven = Set(animatedKeyPaths.filter { emitterValue(forKeyPath: $0) != nil }.map(Self.canonical))
        animatedEmitterKeyPaths = driven.isEmpty ? nil : driven
        animatedValue = driven.isEmpty ? nil : { [unowned self] keyPath, time in
            self.isAnimating(keyPath: keyPath) ? self.presentationValue(forKeyPath: keyPath, at: time) : nil
        }
    }

    /// Appends the particles alive at local time `time` (the simulation time: the layer tree has
    /// already mapped its parent time through the layer's timing) as sprite batches, see
    /// ``drawSprites(_:into:transform:transform3D:)``, evaluated with the context's seed into a
    /// snapshot from the context's scratch space (so two threads with two contexts may draw one
    /// emitter at two times at once). Particles are projected through the layer's full 3D transform
    /// (perspective included): flattened into the layer's plane first, or at their own depth with
    /// ``preservesDepth``.
    public override func drawContents(into list: inout [DrawCommand], time: Double, transform: Transform2D,
                                      transform3D: Transform3D, context: DrawContext) {
        let snapshot = context.scratch.buffer(for: self) { ParticleSnapshot() }
        evaluate(atLocalTime: time, sceneSeed: context.seed, into: snapshot, threads: 0)
        drawSprites(snapshot, into: &list, transform: transform, transform3D: transform3D, sceneSeed: context.seed)
    }

    /// The 2D hook: the particles flattened through `transform`, with no scene seed, into a fresh snapshot.
    public override func drawContents(into list: inout [DrawCommand], time: Double, transform: Transform2D) {
        let snapshot = ParticleSnapshot()
        evaluate(atLocalTime: time, into: snapshot)
        drawSprites(snapshot, into: &list, transform: transform)
    }
}
