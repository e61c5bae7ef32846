import Foundation
import Stardust

/// The scene being designed, shared by every page connected to one studio: its source, the edits with
/// undo and redo, and the transport (play, pause, speed, the playhead).
///
/// Every published scene is built fresh from the source with the edits replayed and is never mutated
/// afterwards, so the renderer reads it on its own thread while the next edit builds the next one.
/// All state is behind one lock; nothing here renders.
public final class StudioDocument: @unchecked Sendable {
    /// Held while the document is exported to a movie format: one export at a time (``StudioExport``).
    let exportGate = NSLock()

    /// What the page needs to know about the document besides the scene.
    public struct Info: Sendable {
        /// The preset name or file path.
        public var source: String
        /// Whether the edited scene can be saved as scene JSON (always offered; a scene that cannot be written —
        /// a snapped layer, a preset's drawn pictures — is refused with the reason when saved).
        public var canSaveJSON: Bool
        /// The export formats offered: `gif`, `apng`, `mp4` when ffmpeg is installed, `json` and `swift`.
        public var exports: [String]
        /// The source's scene JSON with the edits of its physics applied (nil for presets): the physics controls.
        var sourceJSON: JSONValue?
    }

    /// A scene published to the renderer, with the document version it belongs to.
    public final class Published: @unchecked Sendable {
        /// The scene: read-only from the moment it is published.
        public let scene: Scene
        /// Counts published scenes (edits, undo, redo, open, bake).
        public let version: Int
        init(scene: Scene, version: Int) { self.scene = scene; self.version = version }
    }

    /// The transport as the page shows it.
    public struct Transport: Sendable, Equatable {
        /// Whether the playhead moves.
        public var playing: Bool
        /// Playback rate (1 = real time).
        public var speed: Double
        /// The playhead in scene seconds, in [0, duration).
        public var time: Double
    }

    /// The loader limits every source and edit is checked against (the CLI's defaults unless set).
    public let limits: SceneLimits
    let lock = NSLock()
    private var source: StudioSource
    private var edits: [StudioEdit] = []
    private var redoStack: [StudioEdit] = []
    private var editGestures: [Int?] = []
    /// The touch in progress (StudioDocument+Touch), under the lock.
    var activeTouch: StudioTouch?
    /// Numbers the touches' gestures (negative, apart from the page's slider gestures).
    var touchCounter = 0
    private var published: Published
    private var versionCounter = 0
    // Transport: the playhead is anchorTime at anchorInstant, moving at `speed` while playing.
    private var playing = true
    private var speed = 1.0
    private var anchorTime = 0.0
    private var anchorInstant = ContinuousClock.now
    private var mailboxes: [ObjectIdentifier: StudioMailbox] = [:]

    /// A document showing `source`, decoded with `limits`. Throws when the source does not load or is over budget.
    public init(source: StudioSource, limits: SceneLimits = SceneLimits()) throws {
        self.limits = limits
        self.source = source
        let scene = try Self.build(source: source, edits: [], limits: limits)
        published = Published(scene: scene, version: 0)
    }

    /// Builds `source` with `edits` replayed and checks the result as `stardust render` would (every
    /// emitter's limits, the whole-scene budget for its frames).
    static func build(source: StudioSource, edits: [StudioEdit], limits: SceneLimits) throws -> Scene {
        let scene = try StudioSourceEdits.apply(edits, to: source).makeScene(limits: limits)
        for e in edits { try e.apply(to: scene) }
        try StudioSnap.install(edits, in: scene)
        do { try scene.validate() } catch { throw StudioEditError("\(error)") }
        do {
            try SceneBudget.check(scene, frameCount: scene.frameCount, limits: limits)
        } catch let e as SceneError {
            throw StudioEditError(e.description)
        }
        return scene
    }

    // MARK: Reading

    /// The scene to render now.
    public var current: Published { lock.withLock { published } }

    /// The scene to render now, read by a caller that holds the lock.
    var publishedLocked: Published { published }

    /// The source, the save and export abilities.
    public var info: Info {
        let (src, list) = lock.withLock { (source, edits) }
        let json = (try? StudioSourceEdits.apply(list, to: src))?.jsonDocument
        return Info(source: src.label, canSaveJSON: true, exports: StudioExport.availableFormats, sourceJSON: json)
    }

    /// The number of edits and of undone edits that can be redone.
    public var history: (edits: Int, undone: Int) { lock.withLock { (edits.count, redoStack.count) } }

    /// The edits in order (their times are nil once baked).
    public var editList: [StudioEdit] { lock.withLock { edits } }

    /// The current source.
    public var currentSource: StudioSource { lock.withLock { source } }

    // MARK: Editing

    /// Applies `edit` on top of the others and publishes the result; an edit of the same target in the
    /// same `gesture` (one slider drag) replaces the previous one, so that undo takes back the whole drag.
    /// Throws, leaving everything as it was, when the target does not exist, the value is out of the loader's
    /// range, or the scene goes over budget.
    public func apply(_ edit: StudioEdit, gesture: Int? = nil) throws {
        try StudioEditValidation.check(edit, limits: limits)
        try lock.withLock {
            var next = edits
            var gestures = editGestures
            var e = edit
            if let gesture, let last = next.last, last.continues(edit), gestures.last == gesture {
                e.time = last.time
                next[next.count - 1] = e
            } else {
                next.append(e)
                gestures.append(gesture)
            }
            let scene = try Self.build(source: source, edits: next, limits: limits)
            edits = next
            editGestures = gestures
            redoStack = []
            publishLocked(scene)
        }
        broadcastScene()
    }

    /// Changes the edit list and its gestures with `change` (under the lock, which `change` must not take),
    /// rebuilds and publishes; throws, leaving everything as it was, when the result does not build.
    /// Returns what `change` returned.
    func commitLocked<R>(_ change: (inout [StudioEdit], inout [Int?]) throws -> R) throws -> R {
        var next = edits, gestures = editGestures
        let r = try change(&next, &gestures)
        let scene = try Self.build(source: source, edits: next, limits: limits)
        edits = next
        editGestures = gestures
        redoStack = []
        publishLocked(scene)
        return r
    }

    /// Takes back the last edit; false when there is none.
    @discardableResult
    public func undo() throws -> Bool {
        let done: Bool = try lock.withLock {
            guard let last = edits.last else { return false }
            let rest = Array(edits.dropLast())
            let scene = try Self.build(source: source, edits: rest, limits: limits)
            edits = rest
            editGestures.removeLast()
            redoStack.append(last)
            publishLocked(scene)
            return true
        }
        if done { broadcastScene() }
        return done
    }

    /// Applies the last undone edit again; false when there is none.
    @discardableResult
    public func redo() throws -> Bool {
        let done: Bool = try lock.withLock {
            guard let e = redoStack.last else { return false }
            let next = edits + [e]
            let scene = try Self.build(source: source, edits: next, limits: limits)
            edits = next
            editGestures.append(nil)
            redoStack.removeLast()
            publishLocked(scene)
            return true
        }
        if done { broadcastScene() }
        return done
    }

    /// Replaces the source (a preset, a file, an upload): edits and undo history are cleared, the playhead
    /// goes to 0. Throws, keeping the current document, when the new source does not load.
    public func open(_ newSource: StudioSource) throws {
        let scene = try Self.build(source: newSource, edits: [], limits: limits)
        lock.withLock {
            source = newSource
            activeTouch = nil
            edits = []
            editGestures = []
            redoStack = []
            anchorTime = 0
            anchorInstant = .now
            publishLocked(scene)
        }
        broadcastScene()
    }

    /// The scene with every edit applied to the whole timeline: what export and save write.
    public func bakedScene() throws -> Scene {
        let (src, list) = lock.withLock { (source, edits) }
        return try Self.build(source: src, edits: list.map(\.baked), limits: limits)
    }

    /// Turns every edit into a whole-timeline edit (when the playhead jumps: a loop, a seek, a step back),
    /// so that the preview then shows what export renders.
    private func bakeLocked() {
        guard edits.contains(where: { $0 != $0.baked }) else { return }
        let baked = edits.map(\.baked)
        guard let scene = try? Self.build(source: source, edits: baked, limits: limits) else { return }
        edits = baked
        redoStack = redoStack.map(\.baked)
        publishLocked(scene)
    }

    private func publishLocked(_ scene: Scene) {
        versionCounter += 1
        published = Published(scene: scene, version: versionCounter)
    }

    // MARK: Transport

    /// The transport at `now`; a playhead that passed the end loops to the start (and bakes the edits).
    public func transport(at now: ContinuousClock.Instant = .now) -> Transport {
        let (t, baked) = lock.withLock { () -> (Transport, Bool) in
            let before = published.version
            let t = transportLocked(at: now)
            return (t, published.version != before)
        }
        if baked { broadcastScene() }
        return t
    }

    private func transportLocked(at now: ContinuousClock.Instant) -> Transport {
        let d = published.scene.duration
        var t = anchorTime
        if playing {
            let elapsed = max(0, Self.seconds(now - anchorInstant))
            t += speed * elapsed
        }
        if d > 0, t >= d || t < 0 {
            t -= (t / d).rounded(.down) * d
            if !(t >= 0 && t < d) { t = 0 }
            anchorTime = t
            anchorInstant = max(now, anchorInstant)
            bakeLocked()
        }
        return Transport(playing: playing, speed: speed, time: t)
    }

    /// Starts or stops the playhead.
    public func setPlaying(_ on: Bool) {
        lock.withLock {
            let now = ContinuousClock.now
            anchorTime = transportLocked(at: now).time
            anchorInstant = now
            playing = on
        }
        broadcastState()
    }

    /// Sets the playback rate, clamped to 0.05…8.
    public func setSpeed(_ s: Double) {
        lock.withLock {
            let now = ContinuousClock.now
            anchorTime = transportLocked(at: now).time
            anchorInstant = now
            speed = min(8, max(0.05, s))
        }
        broadcastState()
    }

    /// Moves the playhead to `time` (clamped to the scene's duration); edits then hold for the whole timeline.
    public func seek(to time: Double) {
        let baked: Bool = lock.withLock {
            let d = published.scene.duration
            let before = published.version
            anchorTime = min(max(0, time), max(0, d - 1e-9))
            anchorInstant = .now
            bakeLocked()
            return published.version != before
        }
        if baked { broadcastScene() }
        broadcastState()
    }

    /// Pauses and moves the playhead `frames` frames (at the scene's fps) from the frame it is on.
    public func step(frames: Int) {
        let baked: Bool = lock.withLock {
            let now = ContinuousClock.now
            let t = transportLocked(at: now).time
            let scene = published.scene
            let fps = scene.fps > 0 ? scene.fps : 30
            let n = max(1, scene.frameCount)
            var frame = Int((t * fps).rounded()) + frames
            frame = ((frame % n) + n) % n
            playing = false
            anchorTime = Double(frame) / fps
            anchorInstant = now
            let before = published.version
            if frames < 0 { bakeLocked() }
            return published.version != before
        }
        if baked { broadcastScene() }
        broadcastState()
    }

    static func seconds(_ d: Duration) -> Double {
        let c = d.components
        return Double(c.seconds) + Double(c.attoseconds) * 1e-18
    }

    // MARK: Messages to the pages

    /// Registers a page's outgoing mailbox: it receives every `scene` and `state` broadcast.
    func subscribe(_ box: StudioMailbox) {
        lock.withLock { mailboxes[ObjectIdentifier(box)] = box }
        box.post(sceneMessage(), kind: .scene)
        box.post(stateMessage(), kind: .state)
    }

    /// Forgets a page's mailbox (it disconnected).
    func unsubscribe(_ box: StudioMailbox) {
        _ = lock.withLock { mailboxes.removeValue(forKey: ObjectIdentifier(box)) }
    }

    /// The number of pages connected.
    public var connectionCount: Int { lock.withLock { mailboxes.count } }

    func broadcastScene() {
        let boxes = lock.withLock { Array(mailboxes.values) }
        guard !boxes.isEmpty else { return }
        let scene = sceneMessage(), state = stateMessage()
        for b in boxes { b.post(scene, kind: .scene); b.post(state, kind: .state) }
    }

    func broadcastState() {
        let boxes = lock.withLock { Array(mailboxes.values) }
        guard !boxes.isEmpty else { return }
        let state = stateMessage()
        for b in boxes { b.post(state, kind: .state) }
    }

    /// The `scene` message: the controls (docs/STUDIO.md).
    func sceneMessage() -> String {
        let p = current
        return JSONWriter.string(SceneControls.describe(p.scene, document: info))
    }

    /// The `state` message: transport, history, and the layers not drawn at the playhead (`hiddenLayers`, layer
    /// paths: hidden, or inside a hidden layer, at that time — a photo the wall removed, a layer a switch turned off).
    func stateMessage() -> String {
        let t = transport()
        let h = history
        let hidden = current.scene.hiddenLayerPaths(at: t.time).prefix(4096).map { JSONValue.string(LayerPath($0).description) }
        return JSONWriter.string(.object([
            ("type", .string("state")), ("playing", .bool(t.playing)), ("speed", .number(t.speed)), ("time", .number(t.time)),
            ("edits", .number(Double(h.edits))), ("canUndo", .bool(h.edits > 0)), ("canRedo", .bool(h.undone > 0)),
            ("hiddenLayers", .array(Array(hidden))),
        ]))
    }
}
