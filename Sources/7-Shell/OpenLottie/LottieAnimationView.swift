#if !canImport(QuartzCore)
import Foundation
import OpenQuartzCore
import Stardust
import StardustLottie

/// A view that plays a Lottie animation (lottie-ios's `LottieAnimationView`), on OpenQuartzCore's `UIView`.
///
/// As in lottie-ios 4, the view is a thin front for its layer, a ``LottieAnimationLayer``, which holds the
/// animation and plays it on the media clock; the view adds its frame and `contentMode` (default
/// `.scaleAspectFit`). Render it like any layer, `view.layer.stardustRender(size:duration:fps:to:)`, or take one
/// picture with ``stardustImage(scale:background:)``. Differences from lottie-ios: docs/LOTTIE.md, "lottie-ios names".
open class LottieAnimationView: UIView {
    open override class var layerClass: CALayer.Type { LottieAnimationLayer.self }

    /// The layer that plays the animation (the view's own layer).
    public var lottieAnimationLayer: LottieAnimationLayer { layer as! LottieAnimationLayer }

    /// A view showing `animation` at its first frame, its frame the animation's bounds (as lottie-ios).
    public init(animation: LottieAnimation?) {
        super.init(frame: .zero)
        contentMode = .scaleAspectFit
        lottieAnimationLayer.animation = animation
        if let animation { frame = animation.bounds }
    }

    /// A view with no animation yet.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentMode = .scaleAspectFit
    }

    /// A view showing the animation `name.json` of `bundle` (``LottieAnimation/named(_:bundle:subdirectory:)``).
    public convenience init(name: String, bundle: Bundle = Bundle.main, subdirectory: String? = nil) {
        self.init(animation: LottieAnimation.named(name, bundle: bundle, subdirectory: subdirectory))
    }

    /// A view showing the animation in the file at `filePath`.
    public convenience init(filePath: String) {
        self.init(animation: LottieAnimation.filepath(filePath))
    }

    /// The animation shown. Setting it stops the current play (its completion gets `false`) and shows the first frame.
    public var animation: LottieAnimation? {
        get { lottieAnimationLayer.animation } set { lottieAnimationLayer.animation = newValue }
    }
    /// The animation's size: the view's natural size.
    public var intrinsicContentSize: CGSize { animation?.size ?? .zero }
    /// How `play` repeats when it is not given a loop mode (``LottieAnimationLayer/loopMode``).
    public var loopMode: LottieLoopMode {
        get { lottieAnimationLayer.loopMode } set { lottieAnimationLayer.loopMode = newValue }
    }
    /// The playback speed (``LottieAnimationLayer/animationSpeed``).
    public var animationSpeed: CGFloat {
        get { lottieAnimationLayer.animationSpeed } set { lottieAnimationLayer.animationSpeed = newValue }
    }
    /// Whether a play is running.
    public var isAnimationPlaying: Bool { lottieAnimationLayer.isAnimationPlaying }
    /// Seconds from the first frame shown now; setting it stops the play.
    public var currentTime: TimeInterval {
        get { lottieAnimationLayer.currentTime } set { lottieAnimationLayer.currentTime = newValue }
    }
    /// The progress shown now, 0…1; setting it stops the play.
    public var currentProgress: AnimationProgressTime {
        get { lottieAnimationLayer.currentProgress } set { lottieAnimationLayer.currentProgress = newValue }
    }
    /// The frame shown now; setting it stops the play.
    public var currentFrame: AnimationFrameTime {
        get { lottieAnimationLayer.currentFrame } set { lottieAnimationLayer.currentFrame = newValue }
    }
    /// The progress drawn now.
    public var realtimeAnimationProgress: AnimationProgressTime { lottieAnimationLayer.realtimeAnimationProgress }
    /// The frame drawn now.
    public var realtimeAnimationFrame: AnimationFrameTime { lottieAnimationLayer.realtimeAnimationFrame }

    /// Plays the whole animation (``LottieAnimationLayer/play(completion:)``).
    public func play(completion: LottieCompletionBlock? = nil) { lottieAnimationLayer.play(completion: completion) }
    /// Plays from `fromProgress` to `toProgress` (``LottieAnimationLayer/play(fromProgress:toProgress:loopMode:completion:)``).
    public func play(fromProgress: AnimationProgressTime? = nil, toProgress: AnimationProgressTime,
                     loopMode: LottieLoopMode? = nil, completion: LottieCompletionBlock? = nil) {
        lottieAnimationLayer.play(fromProgress: fromProgress, toProgress: toProgress, loopMode: loopMode, completion: completion)
    }
    /// Plays from frame `fromFrame` to `toFrame` (``LottieAnimationLayer/play(fromFrame:toFrame:loopMode:completion:)``).
    public func play(fromFrame: AnimationFrameTime? = nil, toFrame: AnimationFrameTime,
                     loopMode: LottieLoopMode? = nil, completion: LottieCompletionBlock? = nil) {
        lottieAnimationLayer.play(fromFrame: fromFrame, toFrame: toFrame, loopMode: loopMode, completion: completion)
    }
    /// Plays between markers (``LottieAnimationLayer/play(fromMarker:toMarker:playEndMarkerFrame:loopMode:completion:)``).
    public func play(fromMarker: String? = nil, toMarker: String, playEndMarkerFrame: Bool = true,
                     loopMode: LottieLoopMode? = nil, completion: LottieCompletionBlock? = nil) {
        lottieAnimationLayer.play(fromMarker: fromMarker, toMarker: toMarker, playEndMarkerFrame: playEndMarkerFrame,
                                  loopMode: loopMode, completion: completion)
    }
    /// Stops at the current frame; the completion gets `false`.
    public func pause() { lottieAnimationLayer.pause() }
    /// Stops and shows the first frame; the completion gets `false`.
    public func stop() { lottieAnimationLayer.stop() }
}
#endif
