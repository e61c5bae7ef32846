/// A layer's or group's transform (`ks` of a layer, `tr` of a shape group): After Effects applies, to a point,
/// `translate(−anchor) · scale · skew · rotate · translate(position)` and multiplies by ``opacity``.
public struct LottieTransform: Sendable, Equatable {
    /// The position of a combined `p` (x, y), or the split form (`p.s: true` with `p.x`, `p.y`).
    public enum Position: Sendable, Equatable {
        case combined(LottieProperty<[Double]>)
        case split(x: LottieProperty<Double>, y: LottieProperty<Double>)
    }
    /// `a`: the anchor point, in the layer's own coordinates.
    public var anchor: LottieProperty<[Double]> = .constant([0, 0])
    /// `p`.
    public var position: Position = .combined(.constant([0, 0]))
    /// `s`, in percent.
    public var scale: LottieProperty<[Double]> = .constant([100, 100])
    /// `r` (or `rz` of a 3D layer), in degrees clockwise.
    public var rotation: LottieProperty<Double> = .constant(0)
    /// `rx`, `ry`: rotations about the layer's X and Y axes, in degrees (After Effects applies X, Y, then Z).
    public var rotationX: LottieProperty<Double> = .constant(0)
    public var rotationY: LottieProperty<Double> = .constant(0)
    /// `sk`, in degrees, along the axis `sa`.
    public var skew: LottieProperty<Double> = .constant(0)
    /// `sa`, in degrees.
    public var skewAxis: LottieProperty<Double> = .constant(0)
    /// `o`, in percent.
    public var opacity: LottieProperty<Double> = .constant(100)

    public init() {}
}
