import Foundation
import Stardust
import StardustLottie

extension RenderServer {
    /// Renders a Lottie file held in memory (JSON, or a gzipped `.tgs`) to the bytes of one encoded file: the
    /// frames `stardust render anim.json` renders (the file's size, frame rate and duration; `size` rescales),
    /// all of them or the one at `at` seconds. Nothing touches the disk; only embedded images are drawn.
    ///
    /// The budget: `limits` (frames, frame pixels, covered pixels: ``RenderJob/encoded(as:limits:isCancelled:)``)
    /// and ``StardustLottie/LottieLimits`` (keyframes, layers, nesting, gzip size, images, checked while parsing,
    /// before any frame). `isCancelled` is asked before every frame. Safe to call from many threads at once.
    /// - Throws: `LottieError` (the JSON path of the first problem), `RenderJobError` (over budget),
    ///   `RenderCancelledError`.
    public static func renderLottie(_ bytes: [UInt8], format: EncodedFormat, at: Double? = nil, size: Size? = nil,
                                    limits: SceneLimits, lottieLimits: LottieLimits = RenderServer.defaultLottieLimits,
                                    isCancelled: () -> Bool = { false }) throws -> [UInt8] {
        if isCancelled() { throw RenderCancelledError() }
        let c = try LottieFile.load(bytes: bytes, name: "the request body", limits: lottieLimits)
        let scene = Scene.lottie(c, name: "lottie", size: size)
        var job = RenderJob(scene: scene, threads: 1)
        if let at { job.frames = .single(at) } else if format == .png { job.frames = .single(0) }
        return try job.encoded(as: format, limits: limits, isCancelled: isCancelled)
    }

    /// ``renderLottie(_:format:at:size:limits:lottieLimits:isCancelled:)`` for a task: cancelling the calling task
    /// stops the render between two frames. The render runs on the calling thread: call it from a thread of your
    /// own (as the server's pool does), not from Swift's cooperative pool, when renders are long.
    public static func renderLottie(_ bytes: [UInt8], format: EncodedFormat, at: Double? = nil, size: Size? = nil,
                                    limits: SceneLimits, lottieLimits: LottieLimits = RenderServer.defaultLottieLimits) async throws -> [UInt8] {
        try renderLottie(bytes, format: format, at: at, size: size, limits: limits, lottieLimits: lottieLimits,
                         isCancelled: { Task.isCancelled })
    }

    /// The Lottie budget of a request: the parser's defaults, with embedded images of at most 4 Mpixel.
    public static let defaultLottieLimits: LottieLimits = {
        var l = LottieLimits()
        l.maxImagePixels = min(l.maxImagePixels, 4_000_000)
        return l
    }()

    /// Whether a request body is a Lottie file rather than a scene: gzip data (a `.tgs`) or JSON with Lottie's
    /// top-level keys (`v`, `fr`, `ip`, `op`, `layers`), which a scene never has together.
    static func isLottie(_ bytes: [UInt8]) -> Bool {
        (bytes.count >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b) || LottieParser.looksLikeLottie(bytes)
    }
}

/// A flag a task's cancellation handler sets and a render thread reads between frames.
final class CancellationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var set = false
    var isSet: Bool { lock.withLock { set } }
    func cancel() { lock.withLock { set = true } }
}
