// OpenLottie: lottie-ios's most used names (`LottieAnimation`, `LottieAnimationView`, `LottieLoopMode`, …) over
// Stardust's Lottie player, so a launch screen written for iOS compiles and renders where lottie-ios cannot build.
//
// Like OpenQuartzCore, whose `UIView` the view extends, everything is compiled only where QuartzCore is missing
// (`#if !canImport(QuartzCore)`): on Apple platforms lottie-ios itself is used and this module is empty. Write
//
//     #if canImport(Lottie)
//     import Lottie
//     #else
//     import OpenLottie
//     #endif
//
// The module name, the clock that drives playback and every difference from lottie-ios are in docs/LOTTIE.md,
// "lottie-ios names".
#if !canImport(QuartzCore)
import Foundation

/// A progress through an animation, 0 (its first frame) … 1 (its last) (lottie-ios's `AnimationProgressTime`).
public typealias AnimationProgressTime = CGFloat
/// A frame number of an animation, counted as the file counts them (from its in point `ip`) (`AnimationFrameTime`).
public typealias AnimationFrameTime = CGFloat
/// Called when a `play` ends: `true` when the animation finished, `false` when it was interrupted
/// (`pause()`, `stop()`, another `play`, a progress set by hand).
public typealias LottieCompletionBlock = (_ completed: Bool) -> Void
#endif
