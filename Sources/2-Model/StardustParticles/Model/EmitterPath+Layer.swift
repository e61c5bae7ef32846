import StardustAnimation
import StardustCore

extension EmitterPath {
    /// Emission from another layer's geometry (docs/PARTICLE-MODEL.md §2.14): a ``ShapeLayer``'s path (and,
    /// unless `fillRule` is given, its fill rule), otherwise `source`'s bounds rounded by its `cornerRadius`,
    /// mapped from `source`'s bounds space to `emitter`'s through both layers' model transforms (position,
    /// anchor point and transform of every ancestor). The geometry is read now: changing or animating
    /// `source` later does not move the path.
    ///
    /// Throws ``Problem/sameLayer``, ``Problem/noGeometry(isShape:)``, ``Problem/notFlat`` or the problems
    /// of ``init(path:fillRule:placement:speed:phase:)``.
    public init(layer source: Layer, in emitter: Layer, placement: Placement = .outline, fillRule: FillRule? = nil,
                speed: Double = 0, phase: Double = 0) throws(Problem) {
        guard source !== emitter else { throw .sameLayer }
        let own: Path
        var rule = fillRule
        if let shape = source as? ShapeLayer {
            guard let p = shape.path, !p.isEmpty else { throw .noGeometry(isShape: true) }
            own = p
            if rule == nil { rule = shape.fillRule }
        } else {
            let b = source.bounds.standardized
            guard b.width > 0 || b.height > 0 else { throw .noGeometry(isShape: false) }
            own = Path(roundedRect: b, cornerRadius: source.cornerRadius)
        }
        guard let from = Self.treeTransform(of: source), let to = Self.treeTransform(of: emitter)?.inverted() else {
            throw .notFlat
        }
        try self.init(path: own.applying(from.concatenating(to)), fillRule: rule ?? .nonZero, placement: placement,
                      speed: speed, phase: phase)
    }

    /// The model transform from a layer's bounds space to its tree's root space, or nil when a layer on
    /// the way has a 3D transform or its superlayer a sublayer transform.
    static func treeTransform(of layer: Layer) -> Transform2D? {
        var t = Transform2D.identity
        var current: Layer? = layer
        while let l = current {
            guard l.transform.isAffine else { return nil }
            let anchor = l.anchorPointInBounds
            t = t.concatenating(Transform2D(translationX: -anchor.x, y: -anchor.y))
                .concatenating(l.transform.affine)
                .concatenating(Transform2D(translationX: l.position.x, y: l.position.y))
            current = l.superlayer
            if let parent = current, !parent.sublayerTransform.isIdentity { return nil }
        }
        return t
    }
}
