import StardustCore

/// A value that a key path can hold and an animation can interpolate.
public enum AnimatableValue: Hashable, Sendable {
    /// A scalar: `opacity`, `position.x`, `transform.rotation` (radians), `cornerRadius`, a birth rate…
    case number(Double)
    /// A point in points: `position`, `anchorPoint` (unit), `emitterPosition`.
    case point(Point)
    /// A size in points: `bounds.size`, `emitterSize`; also `transform.translation` (as Core Animation's `CGSize`).
    case size(Size)
    /// A rectangle: `bounds` (points), `contentsRect` (unit coordinates).
    case rect(Rect)
    /// A color, interpolated component-wise in stored device RGB, unclamped: `backgroundColor`, `color` of a cell.
    case color(Color)
    /// A 3D transform: `transform`, `sublayerTransform`. Affine ones interpolate by decomposition, others entry by entry.
    /// Boxed (`indirect`): its 128 bytes would otherwise set the size of every value, and keyframe lists hold many
    /// (a Lottie file's sampled expressions: about 48 000 values in `issue_2330.json`, 136 bytes each unboxed, 40 boxed).
    indirect case transform(Transform3D)
    /// A Boolean such as `isHidden`; interpolation switches from the start to the end value at fraction 0.5.
    case bool(Bool)
    /// A string such as an enum's raw value (`emitterShape`); interpolation switches at fraction 0.5.
    case string(String)
    /// A vector path: `CAShapeLayer.path`. Two paths of the same element structure (the same sequence of
    /// move/line/curve/close elements) interpolate point by point; others switch at fraction 0.5
    /// (docs/DRAWING.md, "Path animation").
    case path(Path)
    /// A list of values: `CAGradientLayer.colors`, `locations`, `CAShapeLayer.lineDashPattern`. Lists of the
    /// same length interpolate element by element; others switch at fraction 0.5.
    case array([AnimatableValue])
}
