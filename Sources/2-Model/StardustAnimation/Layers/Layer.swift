import StardustCore

/// A node of the layer tree (`CALayer`): geometry, appearance, contents,
/// sublayers, media timing and the animations attached to it.
///
/// Geometry follows Core Animation on iOS: points, y down. A layer's
/// `bounds` is its own coordinate space; `position` places its
/// `anchorPoint` (a unit point of the bounds) in the superlayer's space, and
/// `transform` applies about the anchor point. Every animatable property is
/// reachable by key path (``value(forKeyPath:)``) and reports its changes to
/// ``Transaction`` (on the root key path, e.g. `position`).
///
/// The model values stored here are never changed by animations; the values
/// shown at a time are the presentation values (``presentationValue(forKeyPath:at:)``,
/// ``presentation(at:)``). See <doc:Layers>.
open class Layer: AnimationHost {
    // MARK: Identity and tree

    /// A name for finding the layer; not used for drawing (default `nil`).
    public var name: String?
    /// The sublayers in model order (drawing sorts them by ``zPosition``, stably).
    ///
    /// Setting the array keeps ``superlayer`` consistent: layers dropped from
    /// it lose their superlayer, new ones are taken from their old superlayer;
    /// duplicates and layers that would make a cycle are left out.
    /// Complexity: O(old + new count).
    public var sublayers: [Layer] {
        get { sublayerStorage }
        set {
            var kept = Set<ObjectIdentifier>()
            var result: [Layer] = []
            result.reserveCapacity(newValue.count)
            for l in newValue where !kept.contains(ObjectIdentifier(l)) && !isSelfOrAncestor(l) {
                kept.insert(ObjectIdentifier(l))
                result.append(l)
            }
            for old in sublayerStorage where !kept.contains(ObjectIdentifier(old)) { old.superlayer = nil }
            for l in result where l.superlayer !== self {
                l.removeFromSuperlayer()
                l.superlayer = self
            }
            sublayerStorage = result
        }
    }
    private var sublayerStorage: [Layer] = []
    /// The layer this one is a sublayer of.
    ///
    /// Not owning, as in Core Animation, but `unowned(safe)`, not `weak`: a weakly referenced object keeps its
    /// reference count in a side table, and every retain and release of it (each drawn layer with sublayers, each
    /// frame) takes the runtime's slow path. The superlayer clears it wherever the link ends — ``removeFromSuperlayer()``,
    /// ``sublayers``' setter and its own `deinit` — so it is never read after the superlayer is gone; a sublayer that
    /// outlives its superlayer sees `nil`, as with `weak` (docs/ANIMATION.md, "Layer tree references").
    public private(set) unowned(safe) var superlayer: Layer?

    /// The model values of the properties a snapshot copies (``position`` to ``contentsRect``), stored in one struct
    /// so that ``snapshot(atLocalTime:onlyIfDrawn:)`` reads them with one exclusivity check instead of fourteen
    /// (``LayerSnapshotValues``); the public properties below read and write their fields.
    final var snapshotValues = LayerSnapshotValues()

    /// Sets one field of ``snapshotValues`` and reports the change under `key`, as the property's `didSet` did.
    @inline(__always)
    private func updateSnapshotValue<T>(_ field: WritableKeyPath<LayerSnapshotValues, T>, to newValue: T, _ key: String,
                                        _ box: (T) -> AnimatableValue) {
        let oldValue = snapshotValues[keyPath: field]
        snapshotValues[keyPath: field] = newValue
        // Boxed only when a block may record the change (``Transaction/recordChange(host:keyPath:from:to:)`` does
        // nothing otherwise): a transform's box is a heap allocation, two per transform set outside any block
        // (docs/BENCHMARKS.md, "lottie", twenty-third round).
        if Transaction.mayRecord { reportChange(key, box(oldValue), box(newValue)) }
    }

    // MARK: Geometry

    /// Where the anchor point lies in the superlayer's coordinate space (default `(0, 0)`).
    public var position: Point {
        get { snapshotValues.position }
        set { updateSnapshotValue(\.position, to: newValue, "position", AnimatableValue.point) }
    }
    /// The layer's own coordinate space: origin and size (default `[0 0 0 0]`).
    public var bounds: Rect {
        get { snapshotValues.bounds }
        set { updateSnapshotValue(\.bounds, to: newValue, "bounds", AnimatableValue.rect) }
    }
    /// The unit point of the bounds that ``position`` places and ``transform`` turns about (default `(0.5, 0.5)`).
    public var anchorPoint: Point {
        get { snapshotValues.anchorPoint }
        set { updateSnapshotValue(\.anchorPoint, to: newValue, "anchorPoint", AnimatableValue.point) }
    }
    /// The z of the anchor point (default 0).
    public var anchorPointZ: Double {
        get { snapshotValues.anchorPointZ }
        set { updateSnapshotValue(\.anchorPointZ, to: newValue, "anchorPointZ", AnimatableValue.number) }
    }
    /// The layer's z in its superlayer: orders siblings (stable, ascending) and is the z of its position (default 0).
    public var zPosition: Double {
        get { snapshotValues.zPosition }
        set { updateSnapshotValue(\.zPosition, to: newValue, "zPosition", AnimatableValue.number) }
    }
    /// The transform applied about the anchor point (default identity); `m34` gives perspective.
    public var transform: Transform3D {
        get { snapshotValues.transform }
        set { updateSnapshotValue(\.transform, to: newValue, "transform", AnimatableValue.transform) }
    }
    /// A transform applied to the sublayers (not to this layer's own drawing), about the bounds center (default identity).
    public var sublayerTransform: Transform3D {
        get { snapshotValues.sublayerTransform }
        set { updateSnapshotValue(\.sublayerTransform, to: newValue, "sublayerTransform", AnimatableValue.transform) }
    }

    // MARK: Appearance

    /// The opacity of the layer and its subtree, 0…1 (default 1). Below 1 a layer that draws more than one command is composited as a group.
    public var opacity: Double {
        get { snapshotValues.opacity }
        set { updateSnapshotValue(\.opacity, to: newValue, "opacity", AnimatableValue.number) }
    }
    /// Whether the layer and its subtree are not drawn (default `false`). Key paths `isHidden` and `hidden`.
    public var isHidden: Bool {
        get { snapshotValues.isHidden }
        set { updateSnapshotValue(\.isHidden, to: newValue, "isHidden", AnimatableValue.bool) }
    }
    /// The fill of the bounds, rounded by ``cornerRadius`` (default `nil`: none). Read by key path as `.clear` when `nil`.
    public var backgroundColor: Color? {
        get { snapshotValues.backgroundColor }
        set { updateSnapshotValue(\.backgroundColor, to: newValue, "backgroundColor", { .color($0 ?? .clear) }) }
    }
    /// The radius of the rounded corners of the background and border (default 0).
    public var cornerRadius: Double {
        get { snapshotValues.cornerRadius }
        set { updateSnapshotValue(\.cornerRadius, to: newValue, "cornerRadius", AnimatableValue.number) }
    }
    /// The width of the border drawn inside the bounds, on top of the sublayers (default 0: none).
    public var borderWidth: Double {
        get { snapshotValues.borderWidth }
        set { updateSnapshotValue(\.borderWidth, to: newValue, "borderWidth", AnimatableValue.number) }
    }
    /// The border color (default opaque black).
    public var borderColor: Color {
        get { snapshotValues.borderColor }
        set { updateSnapshotValue(\.borderColor, to: newValue, "borderColor", AnimatableValue.color) }
    }
    /// Whether the contents and sublayers are clipped to the bounds (default `false`), rounded by
    /// ``cornerRadius`` when it is above 0 (then drawn as a mask by the rounded rectangle, docs/DRAWING.md).
    public var masksToBounds: Bool {
        get { drawAttributes.masksToBounds }
        set { drawAttributes.masksToBounds = newValue }
    }

    /// The other model values drawing reads for every drawn layer at every frame (``masksToBounds`` to
    /// ``animatedContents``), stored in one struct as ``snapshotValues`` are, so that a frame reads them with one
    /// exclusivity check instead of one per property and read (``LayerDrawAttributes``); the public properties read
    /// and write its fields.
    final var drawAttributes = LayerDrawAttributes()

    // MARK: Compositing (docs/DRAWING.md)

    /// A layer whose alpha masks this layer and its subtree (`CALayer.mask`, default `nil`). It is not a
    /// sublayer: its geometry lies in this layer's bounds space, its time is this layer's local time.
    /// A mask may have a mask of its own; masks nest at most ``maxMaskNesting`` deep (deeper ones draw nothing).
    public var mask: Layer? {
        get { drawAttributes.mask }
        set { drawAttributes.mask = newValue }
    }
    /// How ``mask``'s pixels become coverage (default ``MaskMode/alpha``, Core Animation's only mode).
    /// The other modes are an extension beyond Core Animation (Lottie's luma and inverted mattes).
    public var maskMode: MaskMode {
        get { drawAttributes.maskMode }
        set { drawAttributes.maskMode = newValue }
    }
    /// How the layer and its subtree combine with what lies below (`CALayer.compositingFilter` by
    /// Core Animation's filter names; default `nil`: source-over).
    public var compositingFilter: CompositingFilter? {
        get { drawAttributes.compositingFilter }
        set { drawAttributes.compositingFilter = newValue }
    }
    /// The shadow's color (default opaque black).
    public var shadowColor: Color {
        get { drawAttributes.shadowColor }
        set {
            let old = drawAttributes.shadowColor
            drawAttributes.shadowColor = newValue
            reportChange("shadowColor", .color(old), .color(newValue))
        }
    }
    /// The shadow's opacity, 0…1 (default 0: no shadow).
    public var shadowOpacity: Double {
        get { drawAttributes.shadowOpacity }
        set {
            let old = drawAttributes.shadowOpacity
            drawAttributes.shadowOpacity = newValue
            reportChange("shadowOpacity", .number(old), .number(newValue))
        }
    }
    /// The shadow's blur radius in points (default 3): a Gaussian of standard deviation σ = `shadowRadius` (docs/DRAWING.md).
    public var shadowRadius: Double = 3 {
        didSet { reportChange("shadowRadius", .number(oldValue), .number(shadowRadius)) }
    }
    /// The shadow's displacement in the layer's space (default `(0, −3)`). Geometry is y-down, as on iOS,
    /// so the default shadow lies 3 points *above* the layer, exactly as Core Animation draws it on iOS.
    public var shadowOffset = Size(0, -3) {
        didSet { reportChange("shadowOffset", .size(oldValue), .size(shadowOffset)) }
    }
    /// The shape of the shadow in the layer's space, filled non-zero (default `nil`: the layer's composited alpha).
    public var shadowPath: Path?

    // MARK: Contents

    /// The image drawn in the bounds (default `nil`).
    public var contents: Texture? {
        get { drawAttributes.contents }
        set { drawAttributes.contents = newValue }
    }
    /// An image sequence shown instead of ``contents`` when set: the frame at the layer's local time (default `nil`).
    public var animatedContents: AnimatedImage? {
        get { drawAttributes.animatedContents }
        set { drawAttributes.animatedContents = newValue }
    }
    /// The unit rectangle of the image that is shown (default `[0 0 1 1]`: the whole image; sprite sheets use parts).
    public var contentsRect: Rect {
        get { snapshotValues.contentsRect }
        set { updateSnapshotValue(\.contentsRect, to: newValue, "contentsRect", AnimatableValue.rect) }
    }
    /// How the contents are placed in the bounds (default ``ContentsGravity/resize``).
    public var contentsGravity: ContentsGravity = .resize
    /// Image pixels per point of the contents (default 1): a 100-pixel-wide image at scale 2 is 50 points wide.
    public var contentsScale: Double = 1
    /// The filter used when the contents are drawn smaller than their size (default linear).
    public var minificationFilter: ImageFilter = .linear
    /// The filter used when the contents are drawn larger than their size (default linear).
    public var magnificationFilter: ImageFilter = .linear

    // MARK: Timing and animations

    /// The layer's media timing: its local time is its superlayer's local time
    /// mapped by this timing (`(t − beginTime) × speed + timeOffset`); a layer's duration is infinite.
    public var timing = MediaTiming()

    /// Attached animations in the order they were added (a replaced key moves to the end). Changed only through
    /// ``appendAnimationEntry(_:)`` and ``changeAnimationEntries(_:)``, which keep ``animationIndex`` its index.
    private(set) var animationEntries: [AnimationEntry] = []
    /// What the attached animations touch, resolved when they change (not per frame; see ``AnimationIndex``).
    private(set) var animationIndex = AnimationIndex()

    /// Appends `entry` and extends the index with it (``AnimationIndex/append(_:entries:)``: the index built afresh
    /// would be the same; adding animations one by one, as the Lottie translator does, resolves each once).
    func appendAnimationEntry(_ entry: AnimationEntry) {
        animationEntries.append(entry)
        animationIndex.append(entry, entries: animationEntries)
    }

    /// Applies `change` to the entries and builds the index afresh (a removal, a finish).
    func changeAnimationEntries<R>(_ change: (inout [AnimationEntry]) -> R) -> R {
        let result = change(&animationEntries)
        animationIndex = AnimationIndex(animationEntries)
        return result
    }

    /// Creates a layer with Core Animation's defaults.
    public init() {}

    // MARK: Copying a subtree

    /// A copy of this layer and its subtree — sublayers and ``mask`` copied the same way, every animation copied
    /// (``Animation/copyForLayerCopy()``) under the same key in the same order, the animation index carried over
    /// rather than resolved again — or `nil` when a layer or an animation in it is of a class that does not copy
    /// itself exactly (``blankCopy()``). The copy has no superlayer; nothing is shared with the original but
    /// immutable values (arrays, paths, textures). It is what building the same subtree again would give, for
    /// the cost of the allocations (docs/ANIMATION.md, "Copying a layer subtree"). Inside an animation block open on
    /// this thread it is `nil`: building the subtree there would add the block's implicit animations, which a copy
    /// does not (a block open on another thread records nothing of this thread's changes, so it does not matter).
    public func copySubtree() -> Layer? {
        guard !Transaction.isOpenOnThisThread else { return nil }
        return copySubtreeOutsideBlocks()
    }

    private func copySubtreeOutsideBlocks() -> Layer? {
        guard drawAttributes.animatedContents == nil, let c = blankCopy() else { return nil }
        copyValues(to: c)
        if !animationEntries.isEmpty {
            var entries = animationEntries
            var keyframes: [KeyframeAnimation] = []
            for i in entries.indices {
                guard let a = entries[i].animation.copyForLayerCopy() else { return nil }
                entries[i].animation = a
                if let kf = a as? KeyframeAnimation { keyframes.append(kf) }
            }
            // The index depends on the entries' key paths only, except for its list of keyframe animations, which
            // names the copies instead (the entries' keyframe animations in order, as the index collects them).
            var index = animationIndex
            index.replaceKeyframes(with: keyframes)
            c.animationEntries = entries
            c.animationIndex = index
        }
        if let m = drawAttributes.mask {
            guard let mc = m.copySubtreeOutsideBlocks() else { return nil }
            c.drawAttributes.mask = mc
        }
        if !sublayerStorage.isEmpty {
            var subs: [Layer] = []
            subs.reserveCapacity(sublayerStorage.count)
            for s in sublayerStorage {
                guard let sc = s.copySubtreeOutsideBlocks() else { return nil }
                sc.superlayer = c
                subs.append(sc)
            }
            c.sublayerStorage = subs
        }
        return c
    }

    /// A new layer of this layer's class with Core Animation's defaults, or `nil` when ``copyValues(to:)`` would not
    /// copy everything this class holds. Each class that copies itself answers for its own class only, so that a
    /// subclass that does not override this (and ``copyValues(to:)``) is not copied as its superclass.
    open func blankCopy() -> Layer? { type(of: self) == Layer.self ? Layer() : nil }

    /// Sets `copy`'s values to this layer's own (not its sublayers, mask, superlayer or animations); a subclass
    /// adds its own after calling this.
    open func copyValues(to copy: Layer) {
        copy.name = name
        copy.snapshotValues = snapshotValues
        copy.drawAttributes = drawAttributes
        copy.drawAttributes.mask = nil
        // Set only when changed (each setter reports the change, as setting it while building would have).
        if shadowRadius != copy.shadowRadius { copy.shadowRadius = shadowRadius }
        if shadowOffset != copy.shadowOffset { copy.shadowOffset = shadowOffset }
        copy.shadowPath = shadowPath
        copy.contentsGravity = contentsGravity
        copy.contentsScale = contentsScale
        copy.minificationFilter = minificationFilter
        copy.magnificationFilter = magnificationFilter
        copy.timing = timing
    }

    /// The sublayers lose their superlayer (``superlayer`` is `unowned(safe)`: a sublayer kept alive elsewhere must
    /// see `nil`, not a released layer). Every layer in `sublayerStorage` has this layer as its superlayer (the tree
    /// edits keep it so), and that reference is not read here: loading it would trap, this layer being deinitialized.
    deinit {
        for l in sublayerStorage { l.superlayer = nil }
    }

    // MARK: Derived geometry

    /// The layer's rectangle in the superlayer's space: the bounding box of the
    /// bounds after anchor, ``transform`` (its affine part) and ``position``.
    /// Setting it changes ``position`` and the size of ``bounds``, as if the
    /// transform were the identity (Core Animation leaves that case undefined).
    public var frame: Rect {
        get {
            let anchor = anchorPointInBounds
            let t = Transform2D(translationX: -anchor.x, y: -anchor.y)
                .concatenating(transform.affine)
                .concatenating(Transform2D(translationX: position.x, y: position.y))
            return t.apply(to: bounds)
        }
        set {
            let r = newValue.standardized
            bounds = Rect(origin: bounds.origin, size: r.size)
            position = Point(r.minX + anchorPoint.x * r.width, r.minY + anchorPoint.y * r.height)
        }
    }

    /// The anchor point in the layer's own (bounds) coordinates.
    public var anchorPointInBounds: Point {
        Point(bounds.origin.x + anchorPoint.x * bounds.size.width, bounds.origin.y + anchorPoint.y * bounds.size.height)
    }

    // MARK: Tree editing

    /// Appends `layer` to the sublayers, removing it from its previous superlayer first.
    public func addSublayer(_ layer: Layer) {
        // `Int.max` is clamped to the count after the layer has left its old superlayer, the position that
        // `sublayers.count` read before gave too (a sublayer of this layer moved to the end), without the getter's
        // exclusivity check and copy (docs/BENCHMARKS.md, "lottie", twenty-eighth round (translation)).
        insertSublayer(layer, at: .max)
    }

    /// Inserts `layer` into the sublayers at `index` (clamped to `0…count`), removing it from its previous superlayer first.
    /// Inserting a layer into itself or its own subtree is ignored (it would make a cycle).
    public func insertSublayer(_ layer: Layer, at index: Int) {
        guard !isSelfOrAncestor(layer) else { return }
        layer.removeFromSuperlayer()
        // At the end (every `addSublayer`), an append: `insert(_:at:)` goes through the general `replaceSubrange`,
        // about ten times the instructions (docs/BENCHMARKS.md, "lottie", twenty-fourth round (opening)).
        Self.insert(layer, at: index, into: &sublayerStorage)
        layer.superlayer = self
    }

    /// Inserts `layer` into `storage` at `index` clamped to `0…count`: the count, the test and the append under one
    /// access to ``sublayerStorage`` instead of three dynamic exclusivity checks.
    private static func insert(_ layer: Layer, at index: Int, into storage: inout [Layer]) {
        let i = min(max(index, 0), storage.count)
        if i == storage.count { storage.append(layer) } else { storage.insert(layer, at: i) }
    }

    /// Detaches the layer from its superlayer (no effect without one).
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayerStorage.removeAll { $0 === self }
        superlayer = nil
    }

    /// The first layer named `name` in this subtree, depth-first in model order (this layer included).
    public func sublayer(named name: String) -> Layer? {
        if self.name == name { return self }
        for l in sublayerStorage { if let found = l.sublayer(named: name) { return found } }
        return nil
    }

    /// Whether `layer` is this layer or one of its ancestors.
    private func isSelfOrAncestor(_ layer: Layer) -> Bool {
        var a: Layer? = self
        while let cur = a {
            if cur === layer { return true }
            a = cur.superlayer
        }
        return false
    }

    /// The layer's local time for a time of its superlayer (scene time for a root layer).
    ///
    /// A layer with a positive `timing.duration` repeats its sublayers' time as Core Animation does for a `CALayer`
    /// (it adopts `CAMediaTiming`): the active time is folded into `0…duration` by `repeatCount`, `repeatDuration`
    /// and `autoreverses`, and held by `fillMode` before and after (a scene's `lottie` layer loops its animation this
    /// way, docs/SCENES.md). Without a duration (every other layer) it is the active time, unfolded.
    public func localTime(fromParentTime parentTime: Double) -> Double {
        guard timing.duration > 0 else { return timing.activeLocalTime(parentTime) }
        return timing.local(at: parentTime, duration: timing.duration)?.time ?? timing.activeLocalTime(parentTime)
    }

    // MARK: Key paths

    /// The model value at `keyPath` (see <doc:Layers> for the list), or
    /// `nil` when the key path is unknown. Subclasses add their own key paths
    /// by overriding and calling `super` for the rest.
    open func value(forKeyPath keyPath: String) -> AnimatableValue? {
        let path = LayerKeyPath.canonical(keyPath)
        let (head, rest) = LayerKeyPath.split(path)
        return baseValue(forKey: head)?.component(atPath: rest)
    }

    /// Sets the model value at `keyPath`. Unknown key paths and values of the
    /// wrong type are ignored (numbers are accepted for `isHidden`). Setting a
    /// sub-key-path rebuilds its root value (`transform.rotation` rebuilds the
    /// transform from its ``TransformComponents``). Subclasses extend it by overriding.
    /// The most common key paths take a shortcut with the same result (``setCommonValue(_:forKeyPath:)``).
    open func setValue(_ value: AnimatableValue, forKeyPath keyPath: String) {
        if setCommonValue(value, forKeyPath: keyPath) { return }
        setValueByParsing(value, forKeyPath: keyPath)
    }

    /// ``setValue(_:forKeyPath:)``'s general path: the key path's canonical spelling split at its first dot, the
    /// root value read, its component replaced and the root written back.
    final func setValueByParsing(_ value: AnimatableValue, forKeyPath keyPath: String) {
        let path = LayerKeyPath.canonical(keyPath)
        let (head, rest) = LayerKeyPath.split(path)
        // The root is matched once for the read and the write back (``LayerRootKey``).
        guard let root = LayerRootKey(head), let updated = baseValue(root).setting(componentAtPath: rest, to: value) else { return }
        setBaseValue(updated, root)
    }

    // MARK: Subclass hook

    /// Appends what this layer itself draws (not its sublayers) at its local
    /// time `time`, with `transform` mapping its bounds space to scene points.
    /// Subclasses (emitters, text, shapes) override it; it is called after the
    /// background and contents and before the sublayers.
    open func drawContents(into list: inout [DrawCommand], time: Double, transform: Transform2D) {}

    /// The same hook with the layer's full 3D transform (layer space → scene points, perspective
    /// included) beside its affine approximation at the layer's center, and the drawing context (the
    /// scene's seed, the caller's scratch space). The default draws through the 2D hook; content with
    /// depth or randomness of its own (an emitter's particles) overrides this one.
    open func drawContents(into list: inout [DrawCommand], time: Double, transform: Transform2D, transform3D: Transform3D,
                           context: DrawContext) {
        drawContents(into: &list, time: time, transform: transform)
    }

    /// Appends the sublayers' commands, `sublayerSpace` mapping their superlayer space to scene points
    /// (the layer's transform and ``sublayerTransform``). Replicators override it to draw copies.
    open func drawSublayers(into list: inout [DrawCommand], localTime: Double, sublayerSpace: Transform3D,
                            context: DrawContext) {
        for child in sublayersInDrawingOrder(atLocalTime: localTime) {
            child.render(into: &list, parentTime: localTime, parentTransform: sublayerSpace, context: context)
        }
    }

    /// Called after an animation is added or removed, so that subclasses can prepare for the
    /// animated key paths (an emitter installs its presentation hook).
    open func animationsDidChange() {}

    /// Reports a model change of an animatable property to ``Transaction``
    /// (subclasses call it from their own animatable setters).
    public func reportChange(_ keyPath: String, _ old: AnimatableValue, _ new: AnimatableValue) {
        Transaction.recordChange(host: self, keyPath: keyPath, from: old, to: new)
    }
}
