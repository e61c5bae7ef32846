import StardustCore

/// The base of every animation (`CAAnimation`): media timing plus the
/// contract a layer uses to compute presentation values.
///
/// Subclasses override ``value(on:at:)``. An animation never changes the
/// model: it maps the value below it (the model value, or the result of the
/// animations added before it) to the presentation value.
open class Animation {
    public var timing: MediaTiming
    /// The animated key path, e.g. `position.x` or `emitterCells.flake.birthRate`; `nil` for groups.
    public var keyPath: String?
    public var isRemovedOnCompletion: Bool = true

    public init(keyPath: String? = nil, timing: MediaTiming = MediaTiming()) {
        self.keyPath = keyPath; self.timing = timing
    }

    /// The presentation value at `parentTime` (the host layer's local time)
    /// given the value beneath, or `nil` when the animation has no effect then.
    open func value(on base: AnimatableValue, at parentTime: Double) -> AnimatableValue? { nil }
}
