import Foundation

/// Constant-speed travel along the flights of the per-pixel dust (``PixelDust``): the Bézier parameter σ
/// at which a quadratic Bézier 0 → o → R(a)·o has covered the fraction s of its length.
///
/// Up to a similarity (scaling and turning by o) every such curve is the canonical one from (0, 0)
/// through (1, 0) to (cos a, sin a), and mirroring turns a into −a, so σ depends on |a| and s only.
/// The table holds σ on a grid of 17 angles in [0, maxAngle] × 129 values of w = 1 − √(1 − s) (for a = 0,
/// σ = w exactly; the substitution takes the square-root bend out of the table), from arc lengths
/// integrated once (Simpson's rule on 512 panels per curve), and interpolates bilinearly: the motion
/// is a closed-form lookup per pixel and frame. Immutable, built once per law.
public final class BezierPacing: Hashable, Sendable {
    /// The largest |a| the table covers (radians); larger angles use its last row.
    public let maxAngle: Double
    static let angles = 17, fractions = 129
    /// σ at (angle j, fraction k): `sigma[j·fractions + k]`.
    let sigma: [Double]

    /// A table for |a| ≤ `maxAngle` (the default law's π/24).
    public init(maxAngle: Double) {
        let top = max(abs(maxAngle.isFinite ? maxAngle : 0), 1e-6)
        self.maxAngle = top
        let na = Self.angles, nf = Self.fractions, panels = 512
        var table = [Double](repeating: 0, count: na * nf)
        var cumulative = [Double](repeating: 0, count: panels + 1)
        for j in 0..<na {
            let a = top * Double(j) / Double(na - 1)
            let ex = cos(a) - 1, ey = sin(a)
            // |B'(σ)|/2 = |(1 − σ)·(1, 0) + σ·(cos a − 1, sin a)|.
            func speed(_ s: Double) -> Double { hypot(1 - s + s * ex, s * ey) }
            for i in 0..<panels {
                let s0 = Double(i) / Double(panels), s1 = Double(i + 1) / Double(panels)
                cumulative[i + 1] = cumulative[i] + (s1 - s0) / 6 * (speed(s0) + 4 * speed((s0 + s1) / 2) + speed(s1))
            }
            let total = cumulative[panels]
            var i = 0
            for k in 0..<nf {
                let w = Double(k) / Double(nf - 1)
                let target = total * (1 - (1 - w) * (1 - w))
                while i < panels - 1 && cumulative[i + 1] < target { i += 1 }
                let span = cumulative[i + 1] - cumulative[i]
                let f = span > 0 ? min(1, max(0, (target - cumulative[i]) / span)) : 0
                table[j * nf + k] = (Double(i) + f) / Double(panels)
            }
            table[j * nf] = 0; table[j * nf + nf - 1] = 1
        }
        sigma = table
    }

    /// The Bézier parameter σ ∈ [0, 1] at which the curve for angle `a` has covered the fraction `s` ∈ [0, 1] of its length.
    public func parameter(angle a: Double, fraction s: Double) -> Double {
        let nf = Self.fractions, na = Self.angles
        let w = 1 - (1 - min(max(s, 0), 1)).squareRoot()
        let fa = min(abs(a) / maxAngle, 1) * Double(na - 1), fs = w * Double(nf - 1)
        let j = min(Int(fa), na - 2), k = min(Int(fs), nf - 2)
        let ta = fa - Double(j), ts = fs - Double(k)
        let r0 = sigma[j * nf + k] + (sigma[j * nf + k + 1] - sigma[j * nf + k]) * ts
        let r1 = sigma[(j + 1) * nf + k] + (sigma[(j + 1) * nf + k + 1] - sigma[(j + 1) * nf + k]) * ts
        return r0 + (r1 - r0) * ta
    }

    public static func == (a: BezierPacing, b: BezierPacing) -> Bool { a.maxAngle == b.maxAngle }
    public func hash(into h: inout Hasher) { h.combine(maxAngle) }
}
