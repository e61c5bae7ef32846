import Foundation
import Stardust
import StardustRenderServer
import StardustStudio
import StardustStudioClient
import StardustTestSupport
import Testing

/// The example render service (examples/render-server, docs/BATCH.md): a scene posted on loopback comes back as the
/// bytes `RenderJob.encoded(as:)` gives; what a stranger may not do is refused with a status and a reason.
@Suite(.serialized) struct RenderServerTests {
    static let scene = #"""
    {"size": [60, 90], "scale": 1, "duration": 0.25, "fps": 20, "seed": 3, "background": "#102040",
     "layers": [{"type": "emitter", "emitterPosition": [30, 0], "emitterSize": [60, 0], "emitterShape": "line", "timeOffset": 5,
       "emitterCells": [{"contents": "builtin:dot", "birthRate": 20, "lifetime": 10, "velocity": 20, "yAcceleration": 20, "scale": 0.1}]}]}
    """#

    /// A server on a free loopback port, with a small body limit, and its port. The wait for the port runs on a
    /// thread of its own, and so does every request (``blocking(_:)``): the server lives on the cooperative pool.
    /// The wait reads no clock: with every suite running on two cores, long tests can hold the pool's threads for
    /// minutes before the server's task is scheduled, so it ends when the server listens or when its task ends.
    static func start() async throws -> (Task<Void, any Error>, Int) {
        var config = RenderServer.Configuration()
        config.port = 0
        config.workers = 2
        config.maxBodyBytes = 64 << 10
        final class Box: @unchecked Sendable { var port = 0 }
        let box = Box(), ready = DispatchSemaphore(value: 0)
        let server = RenderServer(configuration: config)
        let task = Task {
            defer { ready.signal() }  // a server that fails before it listens wakes the wait too
            try await server.run { p in box.port = p; ready.signal() }
        }
        try await blocking { ready.wait() }
        guard box.port != 0 else { task.cancel(); _ = try await task.value; throw CancellationError() }
        return (task, box.port)
    }

    static func post(_ port: Int, _ target: String, _ body: String) async throws -> (status: Int, body: [UInt8]) {
        let r = try await blocking { try StudioClient(port: port, timeout: 900).request("POST", target, port: port, body: Array(body.utf8)) }
        return (r.status, r.body)
    }

    @Test func aPostedSceneComesBackAsTheEncodedFile() async throws {
        let (task, port) = try await Self.start()
        defer { task.cancel() }
        var loader = SceneLoader(baseDirectory: "/") { _ in throw SceneError(path: "$", "no files") }
        let expected = try await RenderJob(scene: loader.scene(fromJSON: Self.scene), threads: 1).encoded(as: .gif)
        let r = try await Self.post(port, "/render?format=gif", Self.scene)
        #expect(r.status == 200 && r.body == expected)
        let png = try await Self.post(port, "/render?format=png&at=0.1", Self.scene)
        #expect(png.status == 200 && png.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // Requests at once: each answered with the same bytes.
        let answers = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<4 { group.addTask { try await Self.post(port, "/render?format=gif", Self.scene).body } }
            return try await group.reduce(into: [[UInt8]]()) { $0.append($1) }
        }
        #expect(answers.count == 4 && answers.allSatisfy { $0 == expected })
    }

    @Test func strangersAreRefusedWithAReason() async throws {
        let (task, port) = try await Self.start()
        defer { task.cancel() }
        let file = Self.scene.replacingOccurrences(of: "builtin:dot", with: "/etc/hostname")
        let refused = try await Self.post(port, "/render", file)
        #expect(refused.status == 422 && String(decoding: refused.body, as: UTF8.self).contains("reads no files"))
        #expect(try await Self.post(port, "/render?format=bmp", Self.scene).status == 400)
        #expect(try await Self.post(port, "/render", String(repeating: " ", count: 100_000) + Self.scene).status == 413)
        let long = Self.scene.replacingOccurrences(of: "\"duration\": 0.25", with: "\"duration\": 3600")
        let overBudget = try await Self.post(port, "/render", long)
        #expect(overBudget.status == 422, "\(String(decoding: overBudget.body, as: UTF8.self))")
        #expect(try await Self.post(port, "/render", "{\"layers\": [{\"type\": \"nope\"}]}").status == 422)
    }
}
