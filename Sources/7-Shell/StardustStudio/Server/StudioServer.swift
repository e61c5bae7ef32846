import Foundation
import Hummingbird
import HummingbirdWebSocket
import Stardust
import Synchronization

/// `stardust studio`: serves the studio page, its API and its WebSocket (docs/STUDIO.md).
///
/// Routes: `GET /` (the page, `/studio.js`, `/studio.css`), `GET /api/export?format=gif|apng|mp4` (a download,
/// the bytes `stardust render` writes), `GET /api/scene.json` (the edited scene), `POST /api/open`
/// (`{"preset": NAME}` or `{"path": PATH}`), `POST /api/upload?kind=json|pex|plist|ped|tgs|lottie` (the file as the body,
/// at most ``Configuration/uploadLimit`` bytes), and the WebSocket `GET /ws`. Every `/api` route and the
/// WebSocket need the session token; the WebSocket and the POSTs also need the studio's own `Origin`.
public struct StudioServer: Sendable {
    /// How the server runs.
    public struct Configuration: Sendable {
        /// The address to bind (default `127.0.0.1`: only this machine can connect).
        public var host = "127.0.0.1"
        /// The port (default 8080; 0 picks a free one, reported by ``Running/port``).
        public var port = 8080
        /// The session token (default: 128 random bits in hex).
        public var token = StudioSecurity.makeToken()
        /// Preview frames per second at most, per page (default 60).
        public var maxFrameRate = 60.0
        /// Render threads for the preview and exports (0, the default: all cores).
        public var renderThreads = 0
        /// The largest upload, in bytes (default 16 MiB, the scene loader's file cap).
        public var uploadLimit = 16 << 20
        /// How often the WebSocket pings each page (default 30 s, Hummingbird's); a page that has not answered
        /// one ping by the next is disconnected. A browser answers at once; a client that reads only now and then
        /// (a test's) needs a longer period.
        public var pingPeriod: Duration = .seconds(30)
        /// A configuration with the defaults.
        public init() {}
    }

    /// The document the studio edits.
    public let document: StudioDocument
    /// The configuration.
    public let configuration: Configuration

    /// A server for `document`.
    public init(document: StudioDocument, configuration: Configuration = Configuration()) {
        self.document = document; self.configuration = configuration
    }

    /// The address to open, with the token: `http://127.0.0.1:8080/?token=…`.
    public static func address(host: String, port: Int, token: String) -> String {
        let h = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : (host.contains(":") ? "[\(host)]" : host)
        return "http://\(h):\(port)/?token=\(token)"
    }

    /// Runs until the task is cancelled; `onRunning` receives the bound port once the server listens.
    ///
    /// The server's tasks run on threads of their own (``StudioExecutor``), so a process whose global executor
    /// is busy with other work still gets its pages, exports and frames served.
    public func run(onRunning: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        try await withTaskExecutorPreference(StudioExecutor.shared) {
            try await serve(onRunning: onRunning)
        }
    }

    /// Starts the server in a task of its own that begins on the studio's threads (``StudioExecutor``), so it
    /// starts even while the global executor is busy; cancel the task to stop the server.
    @discardableResult
    public func start(onRunning: @escaping @Sendable (Int) -> Void = { _ in }) -> Task<Void, any Error> {
        Task(executorPreference: StudioExecutor.shared) { try await run(onRunning: onRunning) }
    }

    private func serve(onRunning: @escaping @Sendable (Int) -> Void) async throws {
        let boundPort = Mutex(configuration.port)
        let config = configuration
        let security: @Sendable () -> StudioSecurity = {
            StudioSecurity(token: config.token, host: config.host, port: boundPort.withLock { $0 })
        }
        let router = Router(context: BasicWebSocketRequestContext.self)
        try Self.addPageRoutes(to: router.group().add(middleware: StudioHostMiddleware(security: security))
                                            .add(middleware: StudioHeadersMiddleware(Self.pageHeaders)))
        Self.addAPIRoutes(to: router.group("api").add(middleware: StudioAccessMiddleware(security: security, alwaysRequireOrigin: false))
                                            .add(middleware: StudioHeadersMiddleware([])),
                          document: document, config: config)
        Self.addWebSocketRoute(to: router.group("ws").add(middleware: StudioAccessMiddleware(security: security, alwaysRequireOrigin: true)),
                               document: document, config: config)

        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade(webSocketRouter: router,
                                           configuration: .init(ws: .init(maxFrameSize: StudioMessage.maxBytes,
                                                                          autoPing: .enabled(timePeriod: config.pingPeriod)))),
            configuration: .init(address: .hostname(config.host, port: config.port), serverName: "stardust-studio"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? config.port
                boundPort.withLock { $0 = port }
                onRunning(port)
            }
        )
        try await app.runService(gracefulShutdownSignals: [])
    }

    /// The page: `/`, `/index.html`, `/studio.js`, `/studio.css` (Host checked and headers set by the group's middleware).
    static func addPageRoutes(to group: RouterGroup<BasicWebSocketRequestContext>) throws {
        let page = try StudioResources.load()
        for (path, file) in [("/", "index.html"), ("/index.html", "index.html"), ("/studio.js", "studio.js"), ("/studio.css", "studio.css")] {
            group.get(RouterPath(path)) { _, _ -> Response in
                Self.response(page[file] ?? [], type: StudioResources.contentType(file))
            }
        }
    }

    /// The `/api` routes (token, Host and, for POSTs, Origin checked by the group's middleware).
    static func addAPIRoutes(to api: RouterGroup<BasicWebSocketRequestContext>, document: StudioDocument, config: Configuration) {
        api.get("export") { request, _ -> Response in
            let format = request.uri.queryParameters["format"].map(String.init) ?? "gif"
            do { return try await Self.exportResponse(format, document, config) } catch let e as StudioEditError {
                // A refusal (another export running, a scene that cannot be written) is the user's to read, not a 500.
                throw HTTPError(.conflict, message: e.description)
            }
        }

        api.get("scene.json") { _, _ -> Response in
            try Self.sceneJSONResponse(document)
        }

        api.post("open") { request, _ -> Response in
            var request = request
            let body = try await request.collectBody(upTo: 64 << 10)
            let json: JSONValue
            do { json = try JSONParser.parse(Array(body.readableBytesView)) } catch {
                throw HTTPError(.badRequest, message: "the body must be {\"preset\": NAME} or {\"path\": PATH}.")
            }
            guard case .object(let m) = json, m.count == 1, case .string(let target) = m[0].value,
                  ["preset", "path"].contains(m[0].key), target.utf8.count <= 4096 else {
                throw HTTPError(.badRequest, message: "the body must be {\"preset\": NAME} or {\"path\": PATH}.")
            }
            if m[0].key == "preset", Presets.named(target) == nil {
                throw HTTPError(.badRequest, message: "no preset \(target.prefix(64)).")
            }
            try await Self.open(target, document: document)
            return Self.response(Array("{\"ok\": true}".utf8), type: "application/json")
        }

        api.post("upload") { request, _ -> Response in
            let kind = request.uri.queryParameters["kind"].map(String.init) ?? "json"
            guard Self.uploadKinds.contains(kind) else {
                throw HTTPError(.badRequest, message: "kind is \(Self.uploadKinds.joined(separator: ", ")).")
            }
            var request = request
            let body: ByteBuffer
            do { body = try await request.collectBody(upTo: config.uploadLimit) } catch {
                throw HTTPError(.contentTooLarge, message: "an upload is at most \(config.uploadLimit >> 20) MiB.")
            }
            let path = try StudioUploads.store(Array(body.readableBytesView), kind: kind)
            try await Self.open(path, document: document)
            return Self.response(Array("{\"ok\": true}".utf8), type: "application/json")
        }
    }

    /// The WebSocket `/ws` (token, Host and Origin checked by the group's middleware): one ``StudioConnection`` per page.
    static func addWebSocketRoute(to ws: RouterGroup<BasicWebSocketRequestContext>, document: StudioDocument, config: Configuration) {
        ws.ws("") { _, _ in
            .upgrade([:])
        } onUpgrade: { inbound, outbound, _ in
            let connection = StudioConnection(document: document, frames: FrameRenderer(threads: config.renderThreads), maxFrameRate: config.maxFrameRate)
            try await connection.run(inbound: inbound, outbound: outbound)
        }
    }

    /// Opens a preset or a file as the document's new source, on a background thread.
    static func open(_ target: String, document: StudioDocument) async throws {
        do {
            try await background {
                try document.open(try StudioSource.open(target, limits: document.limits))
            }
        } catch let e as StudioEditError {
            throw HTTPError(.unprocessableContent, message: e.description)
        }
    }

    /// The bytes of one export download (`format`: gif, apng, mp4, webm, json or swift) of the document as edited.
    static func exportResponse(_ format: String, _ document: StudioDocument, _ config: StudioServer.Configuration) async throws -> Response {
        if format == "json" {
            return try Self.sceneJSONResponse(document)
        }
        if format == "swift" {
            let (text, name) = try await Self.background {
                (try StudioExport.swift(document.bakedScene(), source: document.currentSource), document.current.scene.name)
            }
            return Self.response(Array(text.utf8), type: StudioExport.contentType(format),
                                 extra: [("Content-Disposition", StudioContentDisposition.attachment(fileName: "\(name.isEmpty ? "scene" : name).swift"))])
        }
        let bytes = try await Self.background {
            let scene = try document.bakedScene()
            return (try StudioExport.render(scene, format: format, threads: config.renderThreads, gate: document.exportGate), scene.name)
        }
        return Self.response(bytes.0, type: StudioExport.contentType(format),
                             extra: [("Content-Disposition", StudioContentDisposition.attachment(fileName: "\(bytes.1.isEmpty ? "scene" : bytes.1).\(format)"))])
    }

    static func sceneJSONResponse(_ document: StudioDocument) throws -> Response {
        do {
            let text = try SceneJSONSave.json(source: document.currentSource, edits: document.editList.map(\.baked),
                                              limits: document.limits)
            let name = document.current.scene.name
            return response(Array(text.utf8), type: "application/json",
                            extra: [("Content-Disposition", StudioContentDisposition.attachment(fileName: "\(name.isEmpty ? "scene" : name).json"))])
        } catch let e as StudioEditError {
            throw HTTPError(.conflict, message: e.description)
        }
    }

    /// Headers of the page: nothing but the studio itself may script it, frame it or learn its address.
    static let pageHeaders: [(String, String)] = [
        ("Content-Security-Policy", "default-src 'self'; connect-src 'self'; img-src 'self' blob: data:; frame-ancestors 'none'"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "no-referrer"),
        ("Cache-Control", "no-store"),
    ]

    static func response(_ bytes: [UInt8], type: String, extra: [(String, String)] = []) -> Response {
        var headers: HTTPFields = [:]
        headers[.contentType] = type
        for (k, v) in extra { headers[.init(k)!] = v }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// Runs blocking work (loading, exporting) off the server's threads, on a thread of its own: not on the
    /// global queues, which may be busy with other work of the process.
    static func background<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { c in
            let thread = Thread { do { c.resume(returning: try work()) } catch { c.resume(throwing: error) } }
            thread.name = "stardust.studio.work"
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}
