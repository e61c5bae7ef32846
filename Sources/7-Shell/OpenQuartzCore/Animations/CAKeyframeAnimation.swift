#if !canImport(QuartzCore)
import Foundation
import Stardust

/// An animation through a list of values or along a path (`CAKeyframeAnimation`).
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values (default `nil`).
    public var values: [Any]?
    /// A path for point properties; overrides ``values`` (default `nil`).
    public var path: CGPath?
    /// The unit times of the keyframes (default `nil`: evenly spaced).
    public var keyTimes: [NSNumber]?
    /// The pacing of each segment (default `nil`).
    public var timingFunctions: [CAMediaTimingFunction]?
    /// How values between keyframes are computed (default `.linear`).
    public var calculationMode: CAAnimationCalculationMode = .linear
    /// Whether a layer moving along ``path`` turns with it (default `nil`: it does not).
    public var rotationMode: CAAnimationRotationMode?
    /// Kochanek–Bartels tension per keyframe for the cubic modes (default `nil`).
    public var tensionValues: [NSNumber]?
    /// Kochanek–Bartels continuity per keyframe for the cubic modes (default `nil`).
    public var continuityValues: [NSNumber]?
    /// Kochanek–Bartels bias per keyframe for the cubic modes (default `nil`).
    public var biasValues: [NSNumber]?

    /// The engine animation for the current values.
    open override func makeStardustAnimation() -> Animation {
        let a = KeyframeAnimation(keyPath: keyPath, values: values?.compactMap(ValueBridge.animatable))
        a.path = path?.stardustPath
        a.keyTimes = keyTimes?.map(\.doubleValue)
        a.timingFunctions = timingFunctions?.map(\.stardust)
        a.calculationMode = CalculationMode(rawValue: calculationMode.rawValue) ?? .linear
        a.rotationMode = rotationMode.flatMap { RotationMode(rawValue: $0.rawValue) }
        a.tensionValues = tensionValues?.map(\.doubleValue)
        a.continuityValues = continuityValues?.map(\.doubleValue)
        a.biasValues = biasValues?.map(\.doubleValue)
        return configure(a)
    }
}

/// Animations run together on one timeline (`CAAnimationGroup`).
open class CAAnimationGroup: CAAnimation {
    /// The grouped animations; their times are in the group's local time (default `nil`).
    public var animations: [CAAnimation]?

    /// The engine animation for the current values.
    open override func makeStardustAnimation() -> Animation {
        configure(AnimationGroup(animations: (animations ?? []).map { $0.makeStardustAnimation() }))
    }
}
#endif
