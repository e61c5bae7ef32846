import Foundation
import Stardust
import StardustLottie
import StardustRenderServer
import StardustTestSupport
import Testing

/// Lottie files through the render-server library and the example server (docs/BATCH.md, "From a server").
/// Truth: the bytes `RenderJob.encoded(as:)` gives for the scene of the file read from disk (`Scene.lottie`).
@Suite(.serialized) struct RenderServerLottieTests {
    static let path = Fixtures.url("lottie", "linear-position.json").path

    static func expected(_ format: EncodedFormat) throws -> [UInt8] {
        let scene = try Scene.lottie(path: path).scene
        return try RenderJob(scene: scene, threads: 1).encoded(as: format)
    }

    static var bytes: [UInt8] { get throws { Array(try Data(contentsOf: URL(fileURLWithPath: path))) } }

    @Test func theLibraryRendersALottieFileInMemoryWithinItsBudget() throws {
        var limits = SceneLimits()
        #expect(try RenderServer.renderLottie(Self.bytes, format: .gif, limits: limits) == Self.expected(.gif))
        // Cancelled after three frames: stopped between frames.
        var asked = 0
        #expect(throws: RenderCancelledError.self) {
            try RenderServer.renderLottie(Self.bytes, format: .gif, limits: limits, isCancelled: { asked += 1; return asked > 3 })
        }
        #expect(asked == 4)
        // The budget: 20 frames are more than 5.
        limits.maxFrames = 5
        #expect(throws: RenderJobError.self) { try RenderServer.renderLottie(Self.bytes, format: .gif, limits: limits) }
        // A file from a stranger: refused with the JSON path, before any frame.
        let bad = String(decoding: try Self.bytes, as: UTF8.self).replacingOccurrences(of: "\"op\": 20", with: "\"op\": 1e12")
        #expect { try RenderServer.renderLottie(Array(bad.utf8), format: .gif, limits: SceneLimits()) } throws: {
            ($0 as? LottieError)?.path == "$.op"
        }
    }

    @Test func theExampleServerAcceptsALottieFile() async throws {
        let (task, port) = try await RenderServerTests.start()
        defer { task.cancel() }
        let body = String(decoding: try Self.bytes, as: UTF8.self)
        let r = try await RenderServerTests.post(port, "/render?format=gif", body)
        #expect(r.status == 200)
        #expect(r.body == (try Self.expected(.gif)))
        let refused = try await RenderServerTests.post(port, "/render", body.replacingOccurrences(of: "\"op\": 20", with: "\"op\": 1e12"))
        #expect(refused.status == 422 && String(decoding: refused.body, as: UTF8.self).contains("$.op"))
    }
}
