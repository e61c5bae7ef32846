import Foundation
import Stardust
import Testing

/// The library API for servers: a render encoded in memory (docs/BATCH.md, "From a server"). Truth: the bytes
/// `RenderJob.write(to:)` puts in a file, and the same call made from many tasks at once.
@Suite struct RenderEncodingTests {
    static func snow() -> Scene {
        let s = Presets.named("snow")!.make(Size(80, 120))
        s.duration = 0.5
        return s
    }

    @Test(arguments: EncodedFormat.allCases)
    func theBytesAreTheFileRenderJobWrites(_ format: EncodedFormat) throws {
        var job = RenderJob(scene: Self.snow(), threads: 1)
        if format == .png { job.frames = .single(0.25) }
        let bytes = try job.encoded(as: format)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stardust-enc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.\(format.rawValue)").path
        try job.write(to: path)
        #expect(bytes == [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test func theBudgetIsCheckedBeforeAnyFrame() throws {
        var frames = 0
        var job = RenderJob(scene: Self.snow(), threads: 1)
        job.willRenderFrame = { _ in frames += 1 }
        var limits = SceneLimits()
        limits.maxFrames = 3
        #expect(throws: RenderJobError.self) { try job.encoded(as: .gif, limits: limits) }
        limits = SceneLimits()
        limits.maxFramePixels = 100
        #expect(throws: RenderJobError.self) { try job.encoded(as: .gif, limits: limits) }
        #expect(frames == 0)
        job.frames = .range(0...1)
        #expect(throws: RenderJobError.self) { try job.encoded(as: .png) }
    }

    @Test func cancellingStopsBetweenFrames() async throws {
        var asked = 0
        let job = RenderJob(scene: Self.snow(), threads: 1)
        #expect(throws: RenderCancelledError.self) {
            try job.encoded(as: .gif, isCancelled: { asked += 1; return asked > 3 })
        }
        #expect(asked == 4)
        // A long render (1200 frames) whose task is cancelled at once ends without its file.
        let task = Task { () -> [UInt8] in
            let long = Self.snow()
            long.duration = 60
            return try await RenderJob(scene: long, threads: 1).encoded(as: .gif)
        }
        task.cancel()
        await #expect(throws: RenderCancelledError.self) { try await task.value }
    }

    @Test func manyTasksAtOnceGiveTheSameBytes() async throws {
        let reference = try await RenderJob(scene: Self.snow(), threads: 1).encoded(as: .gif)
        let results = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<6 { group.addTask { try await RenderJob(scene: Self.snow(), threads: 1).encoded(as: .gif) } }
            return try await group.reduce(into: [[UInt8]]()) { $0.append($1) }
        }
        #expect(results.count == 6 && results.allSatisfy { $0 == reference })
    }
}
