import StardustAnimation
import StardustCore
import StardustLottie

/// A scene's `lottie` layer (docs/SCENES.md): a Lottie file translated into layers and played the way
/// lottie-ios's `LottieAnimationLayer` plays it — a segment `fromProgress…toProgress`, a loop mode and a speed —
/// inside an ordinary layer, so Core Animation timing (`beginTime`, `speed`, `timeOffset`), transforms, masks,
/// emitters and effects compose with it.
///
/// The playback is layers and media timing only, visible to `stardust trace`:
///
/// ```
/// LottieSceneLayer            the scene's own keys (position, bounds, beginTime, speed …)
/// └ "lottie.playback"         duration = the segment / |speed|, repeatCount, autoreverses, fillMode both;
///   │                         scales the composition to fit the bounds (aspect fit, centred)
///   └ "lottie.segment"        timeOffset = fromProgress × duration, speed −1 when toProgress < fromProgress
///     └ the composition       as LottieTranslator made it
/// ```
public final class LottieSceneLayer: Layer {
    /// The file as the scene names it (relative to the scene's folder).
    public let source: String
    /// The dotLottie animation id chosen (nil: the manifest's first, or a plain Lottie file).
    public let animationID: String?
    /// The translated animation.
    public let composition: LottieComposition
    public let loopMode: LottieLoopMode
    /// lottie-ios's `animationSpeed`: 2 plays twice as fast; negative plays backwards.
    public let animationSpeed: Double
    public let fromProgress: Double
    public let toProgress: Double
    /// The layer that repeats the segment (its `timing` is the loop).
    public let playback = Layer()
    /// The layer that moves the composition's time to the segment's start.
    public let segment = Layer()

    public init(source: String, animationID: String? = nil, composition: LottieComposition, loopMode: LottieLoopMode = .playOnce,
                animationSpeed: Double = 1, fromProgress: Double = 0, toProgress: Double = 1) {
        self.source = source
        self.animationID = animationID
        self.composition = composition
        self.loopMode = loopMode
        self.animationSpeed = animationSpeed
        self.fromProgress = fromProgress
        self.toProgress = toProgress
        super.init()
        let size = composition.size
        bounds = Rect(origin: .zero, size: size)
        playback.name = "lottie.playback"
        segment.name = "lottie.segment"
        for l in [playback, segment] {
            l.bounds = Rect(origin: .zero, size: size)
            l.position = Point(size.width / 2, size.height / 2)
        }
        configureTiming()
        segment.addSublayer(composition.root)
        playback.addSublayer(segment)
        addSublayer(playback)
        layoutContent()
    }

    /// The composition time (seconds after its in point) of a progress, kept inside the last drawn frame: the
    /// out point itself is after every layer's out point, and lottie-ios shows the last frame at progress 1.
    public func compositionTime(atProgress p: Double) -> Double {
        let d = composition.duration
        let lastFrame = max(0, d - min(1e-3, 0.5 / max(composition.frameRate, 1e-9)))
        return min(max(p, 0), 1) * d > lastFrame ? lastFrame : min(max(p, 0), 1) * d
    }

    func configureTiming() {
        // A negative speed plays the segment from its end to its start (lottie-ios), at |speed|.
        let (from, to) = animationSpeed < 0 ? (toProgress, fromProgress) : (fromProgress, toProgress)
        let start = compositionTime(atProgress: from), end = compositionTime(atProgress: to)
        let span = abs(end - start)
        segment.timing.timeOffset = start
        segment.timing.speed = end >= start ? 1 : -1
        var t = MediaTiming()
        t.speed = abs(animationSpeed)
        t.fillMode = .both
        if span > 0 {
            t.duration = span
            switch loopMode {
            case .playOnce: t.repeatCount = 1
            case .loop: t.repeatCount = .infinity
            case .autoReverse: t.repeatCount = .infinity; t.autoreverses = true
            case .repeat(let n): t.repeatCount = n
            case .repeatBackwards(let n): t.repeatCount = n; t.autoreverses = true
            }
        } else {
            t.speed = 0  // one frame: the segment's start, whatever the time
        }
        playback.timing = t
    }

    /// Fits the composition into the layer's bounds (aspect fit, centred: lottie-ios's default content mode).
    public func layoutContent() {
        let size = composition.size
        guard size.width > 0, size.height > 0 else { return }
        let s = min(bounds.size.width / size.width, bounds.size.height / size.height)
        playback.position = Point(bounds.origin.x + bounds.size.width / 2, bounds.origin.y + bounds.size.height / 2)
        playback.transform = s == 1 || !s.isFinite ? .identity : Transform3D(scaleX: s, y: s, z: 1)
    }
}
