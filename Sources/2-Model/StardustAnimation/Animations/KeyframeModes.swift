/// How a keyframe animation computes values between keyframes (`CAAnimationCalculationMode`).
public enum CalculationMode: String, Hashable, Sendable, CaseIterable, Codable {
    /// Straight interpolation between neighbours, timed by `keyTimes`.
    case linear
    /// No interpolation: value i holds on [k_i, k_{i+1}) (n + 1 keyTimes).
    case discrete
    /// Constant speed: keyTimes and per-segment timing functions are ignored.
    case paced
    /// A Kochanek–Bartels spline through the keyframes (zero TCB = Catmull-Rom).
    case cubic
    /// The cubic spline re-timed to constant speed.
    case cubicPaced
}

/// Whether an object following a path turns with it (`CAAnimationRotationMode`).
public enum RotationMode: String, Hashable, Sendable, CaseIterable, Codable {
    /// Rotates to match the path's tangent.
    case auto
    /// Rotates to match the tangent plus π.
    case autoReverse
}
