import Foundation
import StardustAnimation
import StardustCore

/// Skew (`sk` degrees along the axis `sa` degrees) sits between scale and rotation in Lottie's transform order
/// (`translate(−a) · scale · skew · rotate · translate(p)`): a layer between the outer (rotation, position) and
/// inner (anchor, scale) layers, whose `transform` turns the axis onto x, shears by `tan(−sk)` and turns back
/// (lottie-web's `skewFromAxis`). An animated skew is sampled per frame into a `transform` animation.
extension LottieTranslator {
    static func skewTransform(skew: Double, axis: Double) -> Transform3D {
        let a = axis * .pi / 180
        var shear = Transform3D.identity
        shear.m21 = tan(-skew * .pi / 180)
        return Transform3D(rotationAngle: a, x: 0, y: 0, z: 1).concatenating(shear).concatenating(Transform3D(rotationAngle: -a, x: 0, y: 0, z: 1))
    }

    /// The skew layer of `t`, or `nil` when the transform has no skew.
    func skewLayer(_ t: LottieTransform) -> Layer? {
        let sk = t.skew.value, sa = t.skewAxis.value
        guard sk.isAnimated || sk.initial != 0 else { return nil }
        if let x = t.skew.expression { warnExpression(x, at: t.skew.path) }
        let layer = Layer()
        layer.name = "skew \(t.skew.path)"
        layer.anchorPoint = .zero
        layer.transform = Self.skewTransform(skew: sk.initial, axis: sa.initial)
        if let span = LottieSampledAnimation.span([sk.keyframeTimes, sa.keyframeTimes]) {
            let a = LottieSampledAnimation.animation(keyPath: "transform", span: span, frameRate: frameRate) { f in
                .transform(Self.skewTransform(skew: LottieKeyframes.value(sk, at: f), axis: LottieKeyframes.value(sa, at: f)))
            }
            a.name = t.skew.path
            layer.add(a, forKey: "lottie.skew")
        }
        return layer
    }
}
