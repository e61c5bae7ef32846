#if !canImport(QuartzCore)
import Foundation
import StardustLottie

/// A Lottie animation read from a file (lottie-ios's `LottieAnimation`): its frames, rate and size, ready to be
/// shown by a ``LottieAnimationView``.
///
/// It holds Stardust's translation of the file (``StardustLottie/LottieComposition``); every view made from it
/// gets a layer tree of its own. Any file `LottieFile.load(path:)` opens is accepted (`.json`, `.tgs`, and what
/// that reader learns later), not only lottie-ios's JSON.
public final class LottieAnimation: @unchecked Sendable {
    /// Stardust's translation of the file (the first view shows this tree; later views load their own).
    public let stardustComposition: LottieComposition
    /// The file it was read from (`builtin:NAME` for a built-in animation).
    public let stardustPath: String
    private let lock = NSLock()
    private var compositionTaken = false

    /// Reads and translates the file at `path`. - Throws: `LottieError` naming the JSON path of the problem.
    public init(stardustPath path: String) throws {
        stardustComposition = try Self.load(path)
        stardustPath = path
    }

    /// A file's composition, or a built-in animation's (`builtin:NAME`, ``StardustLottie/BuiltinLottie``).
    private static func load(_ path: String) throws -> LottieComposition {
        if let name = BuiltinLottie.name(ofSource: path) { return try BuiltinLottie.load(named: name) }
        return try LottieFile.load(path: path)
    }

    /// The animation in the JSON file `name.json` of `bundle` (in `subdirectory` when given), or nil when there
    /// is none or it cannot be read. No asset catalogs on Linux: the file must be a bundle resource (for a
    /// package target, `Bundle.module`).
    /// OpenLottie extension: when the bundle has no such file, a name of one of Stardust's built-in animations
    /// (``StardustLottie/BuiltinLottie``, such as `snow-launch`) gives that animation, so the code `stardust
    /// export-swift` writes for a scene playing one runs without copying the file.
    public static func named(_ name: String, bundle: Bundle = Bundle.main, subdirectory: String? = nil) -> LottieAnimation? {
        let base = name.hasSuffix(".json") ? String(name.dropLast(5)) : name
        guard let path = bundle.path(forResource: base, ofType: "json", inDirectory: subdirectory) else {
            guard BuiltinLottie.json(named: base) != nil else { return nil }
            return try? LottieAnimation(stardustPath: BuiltinLottie.prefix + base)
        }
        return try? LottieAnimation(stardustPath: path)
    }

    /// The animation in the file at `filepath`, or nil when it cannot be read (`LottieAnimation(stardustPath:)`
    /// says why).
    public static func filepath(_ filepath: String) -> LottieAnimation? {
        try? LottieAnimation(stardustPath: filepath)
    }

    /// The first frame (`ip`).
    public var startFrame: AnimationFrameTime { CGFloat(stardustComposition.animation.inPoint) }
    /// The frame after the last (`op`).
    public var endFrame: AnimationFrameTime { CGFloat(stardustComposition.animation.outPoint) }
    /// Frames per second (`fr`).
    public var framerate: Double { stardustComposition.frameRate }
    /// Seconds from the first frame to the end, `(op − ip) / fr`.
    public var duration: TimeInterval { stardustComposition.duration }
    /// The composition's size (`w`, `h`).
    public var size: CGSize { CGSize(width: stardustComposition.size.width, height: stardustComposition.size.height) }
    /// The composition's rectangle at the origin.
    public var bounds: CGRect { CGRect(origin: .zero, size: size) }
    /// The markers' names, in the file's order.
    public var markerNames: [String] { stardustComposition.animation.markers.map(\.name) }

    /// The progress of frame `frame` (0 at `startFrame`, 1 at `endFrame`).
    public func progressTime(forFrame frame: AnimationFrameTime) -> AnimationProgressTime {
        let span = endFrame - startFrame
        return span > 0 ? (frame - startFrame) / span : 0
    }
    /// The frame at progress `progress`.
    public func frameTime(forProgress progress: AnimationProgressTime) -> AnimationFrameTime {
        startFrame + (endFrame - startFrame) * progress
    }
    /// Seconds from the first frame to frame `frame`.
    public func time(forFrame frame: AnimationFrameTime) -> TimeInterval { Double(frame - startFrame) / framerate }
    /// The frame `time` seconds after the first.
    public func frameTime(forTime time: TimeInterval) -> AnimationFrameTime { startFrame + CGFloat(time * framerate) }
    /// The frame of the marker named `named`, or nil.
    public func frameTime(forMarker named: String) -> AnimationFrameTime? {
        stardustComposition.animation.markers.first { $0.name == named }.map { CGFloat($0.frame) }
    }
    /// The progress of the marker named `named`, or nil.
    public func progressTime(forMarker named: String) -> AnimationProgressTime? {
        frameTime(forMarker: named).map { progressTime(forFrame: $0) }
    }

    /// A layer tree of this animation for one view: the loaded one the first time, a fresh load afterwards (a
    /// layer has one superlayer).
    func makeComposition() -> LottieComposition {
        let first = lock.withLock { () -> Bool in defer { compositionTaken = true }; return !compositionTaken }
        if first { return stardustComposition }
        return (try? Self.load(stardustPath)) ?? LottieTranslator.translate(stardustComposition.animation)
    }
}
#endif
