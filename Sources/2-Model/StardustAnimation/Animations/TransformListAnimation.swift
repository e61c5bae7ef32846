import StardustCore

/// Animates a transform key path between two CSS-style transform lists,
/// function by function (see ``TransformList/interpolated(to:fraction:)``),
/// so `rotate(0deg) translate(0, 0)` → `rotate(540deg) translate(60px, 30px)`
/// turns one and a half times while moving. The presented value is a
/// `.transform`; ``Animation/isAdditive`` concatenates it before the value
/// beneath and ``Animation/isCumulative`` adds the end transform per cycle.
open class TransformListAnimation: Animation {
    /// The list at the start.
    public var fromList: TransformList
    /// The list at the end.
    public var toList: TransformList

    /// An animation of `keyPath` (default `transform`) from one list to another.
    public init(keyPath: String? = "transform", from: TransformList, to: TransformList, timing: MediaTiming = MediaTiming()) {
        self.fromList = from; self.toList = to
        super.init(keyPath: keyPath, timing: timing)
    }

    /// The transform at `parentTime`: the two lists interpolated function by function (or by decomposition when
    /// their shapes differ), as a ``AnimatableValue/transform(_:)``; `nil` outside the active interval without fill.
    open override func value(on base: AnimatableValue, at parentTime: Double) -> AnimatableValue? {
        guard let l = local(at: parentTime) else { return nil }
        let list = fromList.interpolated(to: toList, fraction: easedProgress(l))
        return compose(.transform(list.transform3D), base: base, cycleEnd: cumulativeStep(from: .transform(fromList.transform3D), to: .transform(toList.transform3D)), iteration: l.iteration)
    }
}
