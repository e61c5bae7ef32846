import Foundation
import Stardust
import StardustTestSupport
import Synchronization
import Testing
@testable import StardustStudio
import StardustStudioClient

/// The studio serves while the rest of the process keeps Swift's global executor busy (a test run executing
/// CPU-heavy suites in parallel, an app rendering on the pool): its tasks, timers and background work run on
/// threads of their own.
@Suite struct StudioExecutorTests {
    /// Tasks spinning on every thread of the global executor until released.
    final class Spinners: Sendable {
        let width = ProcessInfo.processInfo.activeProcessorCount
        let running = Atomic<Int>(0)
        let released = Atomic<Bool>(false)

        /// Starts the spinners and returns once every one of them occupies a thread (call on a thread of its own).
        init() {
            for _ in 0..<width {
                Task.detached { [self] in
                    running.add(1, ordering: .relaxed)
                    while !released.load(ordering: .relaxed) {}
                }
            }
            while running.load(ordering: .relaxed) < width { usleep(1000) }
        }

        func release() { released.store(true, ordering: .relaxed) }
    }

    @Test func theServerStartsAnswersAndStreamsWhileEveryThreadOfTheGlobalExecutorSpins() async throws {
        // Everything runs on a thread of its own: the test's own task would need one of the spinning threads.
        let (status, body, frames) = try await blocking { () -> (Int, [UInt8], [Int]) in
            // Starting and answering an API request while the global executor is busy.
            let busy = Spinners()
            defer { busy.release() }
            let harness = try StudioHarness(.preset("snow"))
            let reply = try StudioClient(port: harness.port, timeout: 120)
                .request("GET", "/api/scene.json?token=\(harness.config.token)", port: harness.port)
            busy.release()
            // Hummingbird answers a WebSocket upgrade in a task on the global executor: open the page first.
            let page = try StudioClient(port: harness.port, timeout: 120)
            try page.upgrade(path: "/ws?token=\(harness.config.token)", port: harness.port, origin: harness.origin)
            _ = try page.frame()
            // Streaming frames (write loop, its timer, the preview render) while the global executor is busy.
            let busyAgain = Spinners()
            defer { busyAgain.release() }
            let frames = try (0..<3).map { _ in try page.frame().pixels.count }
            return (reply.status, reply.body, frames)
        }
        #expect(status == 200)
        #expect(String(decoding: body, as: UTF8.self).contains("\"emitterCells\""), "the snow preset's scene JSON")
        let truth = try StudioServerTests.expectedPixels(Presets.named("snow")!.make(), at: 0)
        #expect(frames == [truth.count, truth.count, truth.count], "whole preview frames over the WebSocket")
    }
}
