import StardustAnimation
import StardustCore
import StardustDynamics
import StardustParticles

/// A complete effect ready to render: a layer tree with a size, a pixel
/// scale, a frame rate, a duration and a seed (docs/DESIGN.md §10).
///
/// ``displayList(at:scratch:)`` is a pure function of the model and the time, so
/// any frame can be rendered alone and frame ranges are independent jobs.
public final class Scene {
    /// A short name used for default output file names (`snow` → `snow.gif`).
    public var name: String
    /// The size in points.
    public var size: Size {
        didSet { root.bounds = Rect(origin: .zero, size: size); root.position = Point(size.width / 2, size.height / 2) }
    }
    /// Pixels per point (docs/DESIGN.md §2: default 2).
    public var scale: Double
    /// Seconds rendered by `stardust render`.
    public var duration: Double
    /// Frames per second rendered by `stardust render` (default 30); frame `i` is at time `i / fps`.
    public var fps: Double
    /// Mixed into every emitter's own `seed` (through `DrawContext.seed`): the same scene and seed give the same pixels.
    public var seed: UInt64
    /// The color behind every layer (transparent by default).
    public var background: Color
    /// The root layer: its bounds are the scene rectangle.
    public let root: Layer
    /// The files this scene was read from: the scene file and every image it uses (as opened, before
    /// decoding). A render refuses an output path that names one of them (docs/DESIGN.md §9: inputs are never overwritten).
    public var inputFiles: [String] = []
    /// The JSON path of each layer and emitter cell read from a scene file (`layers[2].emitterCells[0]`),
    /// keyed by object identity; limit errors name it. Empty for scenes built in code.
    public var sourcePaths: [ObjectIdentifier: String] = [:]
    /// Layers switched on and off by date and remote flag (docs/DESIGN.md §14; see ``applySeasonalSwitches(_:)``).
    public var seasonalGates: [SeasonalGate] = []
    /// The physics simulations whose bodies move layers (a file's `physics`, a preset's photo wall):
    /// `stardust trace` reports their bodies and events. They render through their layers' animations.
    public var simulations: [any TraceableSimulation] = []
    /// The dynamic animators of the scene (a file's `dynamics`): the budget bounds their work before any frame
    /// (docs/LIMITS.md). They render through their layers' animations.
    public var dynamicAnimators: [DynamicAnimator] = []

    /// A scene of `size` points at `scale` pixels per point (default 2), `duration` seconds (default 10) at `fps`
    /// frames per second (default 30), with `seed` (default 1), a transparent background and an empty `root` layer.
    /// The root layer's bounds are set to the scene rectangle and its position to the scene's center.
    public init(name: String = "", size: Size, scale: Double = 2, duration: Double = 10, fps: Double = 30,
                seed: UInt64 = 1, background: Color = .clear, root: Layer = Layer()) {
        self.name = name; self.size = size; self.scale = scale; self.duration = duration; self.fps = fps
        self.seed = seed; self.background = background; self.root = root
        root.bounds = Rect(origin: .zero, size: size)
        root.position = Point(size.width / 2, size.height / 2)
    }

    /// Frames rendered for the whole duration: `round(duration × fps)`, at least 1.
    public var frameCount: Int { max(1, Int((duration * fps).rounded())) }
    /// The time of frame `i`: `i / fps`.
    public func time(ofFrame i: Int) -> Double { Double(i) / fps }
    /// The frame width in pixels: `size.width × scale`, rounded.
    public var pixelWidth: Int { Int((size.width * scale).rounded()) }
    /// The frame height in pixels: `size.height × scale`, rounded.
    public var pixelHeight: Int { Int((size.height * scale).rounded()) }

    /// The frame at time `t`: every layer's presentation state drawn in order.
    ///
    /// A pure function of the model, ``seed`` and `t`: it changes nothing in the scene. `scratch` is
    /// the caller's reusable buffer space (pass the same one frame after frame to avoid
    /// reallocating particle storage); two threads may render two times of one scene at once, each
    /// with its own scratch.
    public func displayList(at t: Double, scratch: DrawScratch = DrawScratch()) -> DisplayList {
        root.displayList(size: size, scale: scale, background: background, at: t,
                         context: DrawContext(seed: seed, scratch: scratch))
    }

    /// Every layer of the tree, depth first.
    public var allLayers: [Layer] {
        var out: [Layer] = []
        func walk(_ l: Layer) { out.append(l); l.sublayers.forEach(walk) }
        walk(root)
        return out
    }

    /// The first layer with this name, depth first.
    public func layer(named name: String) -> Layer? { allLayers.first { $0.name == name } }
}

extension Scene {
    /// Decides every seasonal gate with `decide` and hides the layers that are off. Returns the
    /// decisions, in gate order.
    @discardableResult
    public func applySeasonalSwitches(_ decide: (SeasonalRule) -> SeasonalDecision) -> [SeasonalDecision] {
        seasonalGates.map { g in
            let d = decide(g.rule)
            if !d.isEnabled { g.layer.isHidden = true }
            return d
        }
    }

    /// Checks limits that a render would hit (particle budgets of every emitter), throwing the first problem.
    /// The whole-scene budget (``SceneBudget``) is checked by ``SceneBudget/check(_:frameCount:limits:frameSource:)``.
    public func validate() throws {
        for case let emitter as EmitterLayer in allLayers {
            try emitter.validate()
        }
    }

    /// The JSON path of a layer or cell read from a file, else a readable name (`layer "snow"`).
    public func sourcePath(of object: AnyObject, fallback: String) -> String {
        sourcePaths[ObjectIdentifier(object)] ?? fallback
    }
}
