import Foundation
import Hummingbird
import Stardust
import StardustLottie

/// A small HTTP render service (docs/BATCH.md, "From a server"): `POST /render?format=gif|apng|png&at=T` with a scene's
/// JSON, or a Lottie file (JSON or `.tgs`, told apart by its content), as the body answers the encoded file. Each request gets its own scene and the per-request budget
/// (``Configuration/limits``); at most ``Configuration/workers`` renders run at once, each on a thread of its own, and
/// later requests wait their turn. Scenes may name no files (only `builtin:` images): the body comes from strangers.
public struct RenderServer: Sendable {
    public struct Configuration: Sendable {
        /// The address to listen on (default: loopback only).
        public var host = "127.0.0.1"
        /// The port; 0 picks a free one (reported to `onRunning`).
        public var port = 8081
        /// Renders running at once (default: the cores).
        public var workers = ProcessInfo.processInfo.activeProcessorCount
        /// The budget of one request.
        public var limits: SceneLimits = {
            var l = SceneLimits()
            l.maxFrames = 600
            l.maxFramePixels = 4_000_000
            l.maxImageBytes = 0
            return l
        }()
        /// The largest request body, in bytes.
        public var maxBodyBytes = 1 << 20
        public init() {}
    }

    public var configuration: Configuration
    public init(configuration: Configuration = Configuration()) { self.configuration = configuration }

    /// Builds the router: `POST /render` and `GET /health`.
    public func router() -> Router<BasicRequestContext> {
        let config = configuration
        let pool = RenderPool(workers: config.workers)
        let router = Router()
        router.get("/health") { _, _ in "ok" }
        router.post("/render") { request, _ -> Response in
            let format = EncodedFormat(fileExtension: request.uri.queryParameters.get("format") ?? "gif")
            guard let format else { throw HTTPError(.badRequest, message: "format must be gif, apng or png") }
            let at = request.uri.queryParameters.get("at").flatMap(Double.init)
            if let at, !at.isFinite { throw HTTPError(.badRequest, message: "at must be a time in seconds") }
            let body: ByteBuffer
            do { body = try await request.body.collect(upTo: config.maxBodyBytes) } catch {
                throw HTTPError(.contentTooLarge, message: "the scene is larger than \(config.maxBodyBytes) bytes")
            }
            let input = Array(body.readableBytesView)
            // Cancelling the request's task (the server shutting down, a client gone when Hummingbird cancels)
            // stops the render between two frames, also while it waits for a worker.
            let flag = CancellationFlag()
            let bytes = try await withTaskCancellationHandler {
                try await pool.run {
                    if Self.isLottie(input) { return try Self.lottie(input, format: format, at: at, limits: config.limits, flag: flag) }
                    return try Self.render(String(decoding: input, as: UTF8.self), format: format, at: at, limits: config.limits,
                                           isCancelled: { flag.isSet })
                }
            } onCancel: { flag.cancel() }
            var headers = HTTPFields()
            headers[.contentType] = format == .gif ? "image/gif" : format == .apng ? "image/apng" : "image/png"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        return router
    }

    /// Loads the scene (no files), renders and encodes it within the budget.
    static func render(_ json: String, format: EncodedFormat, at: Double?, limits: SceneLimits,
                       isCancelled: () -> Bool = { false }) throws -> [UInt8] {
        var loader = SceneLoader(baseDirectory: "/") { _ in throw SceneError(path: "$", "this server reads no files; use builtin: images") }
        loader.limits = limits
        let scene: Scene
        do { scene = try loader.scene(fromJSON: json) } catch {
            throw HTTPError(.unprocessableContent, message: "\(error)")
        }
        var job = RenderJob(scene: scene, threads: 1)
        if let at { job.frames = .single(at) } else if format == .png { job.frames = .single(0) }
        do { return try job.encoded(as: format, limits: limits, isCancelled: isCancelled) } catch let e as RenderJobError {
            throw HTTPError(e.isUsage ? .unprocessableContent : .internalServerError, message: e.description)
        }
    }

    /// Renders a Lottie body within the budget; its problems are the client's (422, with the JSON path).
    static func lottie(_ bytes: [UInt8], format: EncodedFormat, at: Double?, limits: SceneLimits, flag: CancellationFlag) throws -> [UInt8] {
        do {
            return try renderLottie(bytes, format: format, at: at, limits: limits, isCancelled: { flag.isSet })
        } catch let e as LottieError {
            throw HTTPError(.unprocessableContent, message: e.description)
        } catch let e as RenderJobError {
            throw HTTPError(e.isUsage ? .unprocessableContent : .internalServerError, message: e.description)
        }
    }

    /// Serves until the task is cancelled; `onRunning` gets the bound port.
    public func run(onRunning: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        let config = configuration
        let app = Application(
            router: router(),
            configuration: .init(address: .hostname(config.host, port: config.port), serverName: "stardust-render"),
            onServerRunning: { channel in onRunning(channel.localAddress?.port ?? config.port) }
        )
        try await app.runService(gracefulShutdownSignals: [])
    }
}

/// At most `workers` renders at once, each on a thread of its own (rendering is CPU work that would block Swift's
/// cooperative pool); the others wait in arrival order.
final class RenderPool: Sendable {
    private let queue: DispatchQueue
    private let slots: DispatchSemaphore

    init(workers: Int) {
        queue = DispatchQueue(label: "stardust.render-server", qos: .userInitiated, attributes: .concurrent)
        slots = DispatchSemaphore(value: max(1, workers))
    }

    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { [slots] in
                slots.wait()
                defer { slots.signal() }
                continuation.resume(with: Result { try work() })
            }
        }
    }
}
