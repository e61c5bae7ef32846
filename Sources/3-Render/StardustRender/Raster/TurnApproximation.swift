/// The angle of a vector as a fraction of a turn, without `atan2`: the conic gradient's per-pixel cost
/// (docs/DRAWING.md, "Gradients"; docs/BENCHMARKS.md, `layers-frame`).
///
/// `atan(z)` for `z = min(|x|, |y|) / max(|x|, |y|)` in [0, 1] is an odd polynomial of degree 13, `z·P(z²)`,
/// whose coefficients we fitted (iteratively reweighted least squares on 12 000 points of [0, 1]); its largest
/// error is 2.5·10⁻⁷ radian, 4·10⁻⁸ of a turn, a 25 000th of one entry of the gradient's 1024-entry ramp. The
/// octant is then restored with reflections. One division and seven multiply-adds instead of a libm call
/// (how much faster: docs/BENCHMARKS.md, `layers-frame`).
enum TurnApproximation {
    @inline(__always) static func atanUnit(_ z: Double) -> Double {
        let u = z * z
        var p = 0.006811783117
        p = p * u - 0.03360418444
        p = p * u + 0.07962362197
        p = p * u - 0.1323333866
        p = p * u + 0.1980781441
        p = p * u - 0.3331736789
        p = p * u + 0.9999961115
        return z * p
    }

    /// The angle of (x, y) from +x towards +y as a fraction of a turn in [0, 1] (NaN becomes 0).
    @inline(__always) static func turn(_ x: Double, _ y: Double) -> Double {
        let ax = abs(x), ay = abs(y)
        let hi = ax > ay ? ax : ay, lo = ax > ay ? ay : ax
        var a = atanUnit(hi > 0 ? lo / hi : 0)
        if ay > ax { a = 0.5 * Double.pi - a }
        if x < 0 { a = Double.pi - a }
        if y < 0 { a = -a }
        let f = a * (0.5 / Double.pi)
        let t = f < 0 ? f + 1 : f
        return t >= 0 ? (t <= 1 ? t : 1) : 0
    }
}
