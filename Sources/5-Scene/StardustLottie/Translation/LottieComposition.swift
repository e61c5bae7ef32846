import StardustAnimation
import StardustCore

/// A Lottie animation translated into Stardust layers: the root layer (the composition, `w`×`h`, clipped),
/// its frame rate and duration, and what was read but is not drawn (or drawn approximately).
///
/// The root's time 0 is the animation's in point; its layers carry keyframe animations in their own local
/// times, so rendering at a time is just rendering the layer tree (`Layer.displayList(size:at:)`).
public struct LottieComposition {
    public let root: Layer
    public let size: Size
    public let frameRate: Double
    /// `(op − ip) / fr` seconds.
    public let duration: Double
    public let warnings: [LottieWarning]
    /// The parsed model the layers came from.
    public let animation: LottieAnimation

    /// The time in seconds of progress `p` in 0…1 (lottie-ios's `currentProgress`): frame `ip + p·(op − ip)`.
    public func time(atProgress p: Double) -> Double { min(max(p, 0), 1) * duration }
}
