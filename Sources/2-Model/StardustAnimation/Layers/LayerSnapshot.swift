import StardustCore

/// A value snapshot of a layer's presentation values at one time, with the
/// snapshots of its sublayers (`CALayer.presentation()`).
public struct LayerSnapshot {
    /// The model layer the snapshot was taken from.
    public let layer: Layer
    /// The layer's local time the values were taken at.
    public var localTime: Double
    /// The presentation value of ``Layer/position``.
    public var position: Point
    /// The presentation value of ``Layer/bounds``.
    public var bounds: Rect
    /// The presentation value of ``Layer/anchorPoint``.
    public var anchorPoint: Point
    /// The presentation value of ``Layer/anchorPointZ``.
    public var anchorPointZ: Double
    /// The presentation value of ``Layer/zPosition``.
    public var zPosition: Double
    /// The presentation value of ``Layer/transform``.
    public var transform: Transform3D
    /// The presentation value of ``Layer/sublayerTransform``.
    public var sublayerTransform: Transform3D
    /// The presentation value of ``Layer/opacity``.
    public var opacity: Double
    /// The presentation value of ``Layer/isHidden``.
    public var isHidden: Bool
    /// The presentation value of ``Layer/backgroundColor``.
    public var backgroundColor: Color?
    /// The presentation value of ``Layer/cornerRadius``.
    public var cornerRadius: Double
    /// The presentation value of ``Layer/borderWidth``.
    public var borderWidth: Double
    /// The presentation value of ``Layer/borderColor``.
    public var borderColor: Color
    /// The presentation value of ``Layer/contentsRect``.
    public var contentsRect: Rect
    /// The sublayers' snapshots in model order (empty when taken without them).
    public var sublayers: [LayerSnapshot]

    /// The anchor point in bounds coordinates.
    public var anchorPointInBounds: Point {
        Point(bounds.origin.x + anchorPoint.x * bounds.size.width, bounds.origin.y + anchorPoint.y * bounds.size.height)
    }
}

extension Layer {
    /// A snapshot of the presentation values of this layer and its subtree at
    /// `time` (in the superlayer's time; scene time for a root layer). The
    /// model is not changed. Complexity: O(layers × (properties + animations)).
    public func presentation(at time: Double) -> LayerSnapshot {
        let local = localTime(fromParentTime: time)
        var s = snapshot(atLocalTime: local)
        s.sublayers = sublayers.map { $0.presentation(at: local) }
        return s
    }

    /// The presentation values of this layer alone at its local time `local`.
    func snapshot(atLocalTime local: Double) -> LayerSnapshot {
        // Never nil when drawn or not is not asked.
        snapshot(atLocalTime: local, onlyIfDrawn: false)!
    }

    /// The presentation values of this layer alone at its local time `local`; with `onlyIfDrawn`, nil as soon as
    /// the layer shows hidden or fully transparent, before its other properties are evaluated (a Lottie layer
    /// outside its in and out points costs two lookups, docs/ANIMATION.md "The animation index").
    func snapshot(atLocalTime local: Double, onlyIfDrawn: Bool) -> LayerSnapshot? {
        guard let v = presentationValues(atLocalTime: local, onlyIfDrawn: onlyIfDrawn) else { return nil }
        return LayerSnapshot(layer: self, localTime: local, position: v.position, bounds: v.bounds, anchorPoint: v.anchorPoint,
                             anchorPointZ: v.anchorPointZ, zPosition: v.zPosition, transform: v.transform,
                             sublayerTransform: v.sublayerTransform, opacity: v.opacity, isHidden: v.isHidden,
                             backgroundColor: v.backgroundColor, cornerRadius: v.cornerRadius, borderWidth: v.borderWidth,
                             borderColor: v.borderColor, contentsRect: v.contentsRect, sublayers: [])
    }

    /// What ``snapshot(atLocalTime:onlyIfDrawn:)`` holds, without the layer and sublayers: drawing a frame takes these
    /// (a snapshot's reference to its layer is a retain and a release per drawn layer and frame, and most layers with
    /// sublayers are weakly referenced by them, so each goes through the reference count's side table:
    /// docs/ANIMATION.md "The animation index").
    func presentationValues(atLocalTime local: Double, onlyIfDrawn: Bool) -> LayerSnapshotValues? {
        // One read of the stored model values (one exclusivity check), not one per property (``LayerSnapshotValues``).
        let m = snapshotValues
        var s = m
        let mask = animationIndex.snapshotMask
        guard mask != 0 else { return onlyIfDrawn && (s.isHidden || !(s.opacity > 0)) ? nil : s }
        // Only the properties an animation may touch are looked up; the others keep their model values, which is
        // what the lookup would give.
        func get(_ p: AnimationIndex.SnapshotProperty) -> AnimatableValue? {
            mask & (1 << UInt32(p.rawValue)) != 0 ? presentationValue(of: p, at: local) : nil
        }
        if let v = get(.isHidden) {
            if case .bool(let b) = v { s.isHidden = b } else if let x = v.doubleValue { s.isHidden = x != 0 }
        }
        if let x = get(.opacity)?.doubleValue { s.opacity = x }
        if onlyIfDrawn && (s.isHidden || !(s.opacity > 0)) { return nil }
        if case .point(let p)? = get(.position) { s.position = p }
        if case .rect(let r)? = get(.bounds) { s.bounds = r }
        if case .point(let p)? = get(.anchorPoint) { s.anchorPoint = p }
        if let x = get(.anchorPointZ)?.doubleValue { s.anchorPointZ = x }
        if let x = get(.zPosition)?.doubleValue { s.zPosition = x }
        if case .transform(let m)? = get(.transform) { s.transform = m }
        if case .transform(let m)? = get(.sublayerTransform) { s.sublayerTransform = m }
        if case .color(let c)? = get(.backgroundColor) { s.backgroundColor = (m.backgroundColor == nil && c == .clear) ? nil : c }
        if let x = get(.cornerRadius)?.doubleValue { s.cornerRadius = x }
        if let x = get(.borderWidth)?.doubleValue { s.borderWidth = x }
        if case .color(let c)? = get(.borderColor) { s.borderColor = c }
        if case .rect(let r)? = get(.contentsRect) { s.contentsRect = r }
        return s
    }
}
