import Foundation
import StardustCore

/// An animation through a sequence of values or along a path (`CAKeyframeAnimation`).
///
/// Progress is computed from the media timing and the global
/// ``Animation/timingFunction`` first; then the keyframe segment is chosen
/// (by `keyTimes`, evenly spaced when absent, or by arc length in the paced
/// modes) and that segment's entry of `timingFunctions` eases the local
/// fraction. With a ``path`` its non-move points are the keyframes, values
/// are `.point`s, and the object follows the path's lines and curves
/// (cubic modes follow the path as linear and paced ones do). Invalid
/// `keyTimes` (wrong count, decreasing or outside [0, 1]) are ignored, as
/// Core Animation does. Build cost O(n) once per change; evaluation O(n).
open class KeyframeAnimation: Animation {
    /// The keyframe values (ignored when ``path`` is set).
    public var values: [AnimatableValue]? { didSet { track = nil } }
    /// A path whose non-move points are the keyframes; overrides ``values``.
    public var path: Path? { didSet { track = nil } }
    /// Key times in [0, 1]: n for linear and cubic (first 0, last 1), n + 1
    /// for discrete; ignored by the paced modes.
    public var keyTimes: [Double]? { didSet { track = nil } }
    /// One timing function per segment (n − 1), applied after the global one.
    public var timingFunctions: [TimingFunction]?
    /// How values between keyframes are computed (default linear).
    public var calculationMode: CalculationMode = .linear { didSet { track = nil } }
    /// Whether the animated object turns with the path (see ``rotation(at:)``).
    public var rotationMode: RotationMode?
    /// Kochanek–Bartels parameters per keyframe, in [−1, 1]; missing entries are 0.
    public var tensionValues: [Double]? { didSet { track = nil } }
    /// Continuity per keyframe (cubic modes).
    public var continuityValues: [Double]? { didSet { track = nil } }
    /// Bias per keyframe (cubic modes).
    public var biasValues: [Double]? { didSet { track = nil } }

    private var track: KeyframeTrack?

    /// A keyframe animation of `keyPath` through `values`.
    public init(keyPath: String? = nil, values: [AnimatableValue]? = nil, timing: MediaTiming = MediaTiming()) {
        self.values = values
        super.init(keyPath: keyPath, timing: timing)
    }

    /// The value at `parentTime`: the keyframe segment that the eased progress falls in, interpolated according to
    /// ``calculationMode`` (or the position on ``path``), with the cumulative and additive rules applied;
    /// `nil` outside the active interval without fill.
    open override func value(on base: AnimatableValue, at parentTime: Double) -> AnimatableValue? {
        guard let l = local(at: parentTime) else { return nil }
        let t = currentTrack()
        guard let first = t.keyframes.first, let last = t.keyframes.last else { return nil }
        guard let v = t.value(atFraction: easedProgress(l), of: self) else { return nil }
        return compose(v, base: base, cycleEnd: cumulativeStep(from: first, to: last), iteration: l.iteration)
    }

    /// The keyframe value at overall progress `fraction` (after the global
    /// timing function), or `nil` when there are no keyframes.
    public func keyframeValue(atFraction fraction: Double) -> AnimatableValue? {
        currentTrack().value(atFraction: fraction, of: self)
    }

    /// The rotation the animated object takes at `parentTime` when
    /// ``rotationMode`` is set: the angle of the path's tangent (atan2(dy,
    /// dx), clockwise on a y-down screen), plus π for `autoReverse`. `nil`
    /// without a rotation mode, outside the animation's effect, or for
    /// non-point keyframes. A host adds it to `transform.rotation`.
    public func rotation(at parentTime: Double) -> Double? {
        guard let mode = rotationMode, let l = local(at: parentTime) else { return nil }
        guard let angle = currentTrack().tangentAngle(atFraction: easedProgress(l), of: self) else { return nil }
        return mode == .auto ? angle : angle + Double.pi
    }

    /// A keyframe animation with the same values (its track is built again on first use, from the same values).
    open override func copyForLayerCopy() -> Animation? {
        guard type(of: self) == KeyframeAnimation.self else { return nil }
        let c = KeyframeAnimation(keyPath: keyPath, values: values, timing: timing)
        copyAnimationValues(to: c)
        c.path = path
        c.keyTimes = keyTimes
        c.timingFunctions = timingFunctions
        c.calculationMode = calculationMode
        c.rotationMode = rotationMode
        c.tensionValues = tensionValues
        c.continuityValues = continuityValues
        c.biasValues = biasValues
        return c
    }

    private func currentTrack() -> KeyframeTrack {
        if let t = track { return t }
        let t = KeyframeTrack(self)
        track = t
        return t
    }
}
