/// The file formats ``RenderJob/encoded(as:limits:isCancelled:)`` writes in memory.
public enum EncodedFormat: String, Sendable, CaseIterable {
    /// An animated GIF (one frame or many).
    case gif
    /// An animated PNG (one frame or many).
    case apng
    /// One PNG picture (the job must render exactly one frame).
    case png

    /// The format of a file name's extension (`gif`, `apng`, `png`), or nil.
    public init?(fileExtension: String) { self.init(rawValue: fileExtension.lowercased()) }
}

/// A render stopped before it finished because its caller cancelled it.
public struct RenderCancelledError: Error, CustomStringConvertible {
    public init() {}
    public var description: String { "the render was cancelled" }
}

extension RenderJob {
    /// Renders the job's frames and encodes them into the bytes of one file, in memory: nothing touches the disk.
    /// The same bytes ``write(to:progress:)`` writes to a file of that format.
    ///
    /// The scene is checked against `limits` before any work (frames, particles, covered pixels, physics steps,
    /// frame size: `SceneBudget` (StardustScene)), and `isCancelled` is asked before each frame, so a server can give every request
    /// a budget and stop a request whose client left. Calls on different scenes may run at once from any threads; a
    /// scene (a class) must not be rendered by two calls at the same time.
    ///
    /// - Complexity: O(frames × frame pixels); memory: one frame plus the encoded file.
    public func encoded(as format: EncodedFormat, limits: SceneLimits = SceneLimits(),
                        isCancelled: () -> Bool = { false }) throws -> [UInt8] {
        let times = self.times
        guard scene.pixelWidth > 0, scene.pixelHeight > 0, scene.pixelWidth * scene.pixelHeight <= limits.maxFramePixels else {
            throw RenderJobError(description: "a \(scene.pixelWidth)×\(scene.pixelHeight) pixel frame is outside the budget (1 pixel to \(limits.maxFramePixels)).", isUsage: true)
        }
        if format == .png && times.count != 1 {
            throw RenderJobError(description: "a PNG holds one frame; this job renders \(times.count) (use apng or gif).", isUsage: true)
        }
        do {
            try scene.validate()
            try SceneBudget.check(scene, frameCount: times.count, limits: limits)
        } catch {
            throw RenderJobError(description: "\(error)", isUsage: true)
        }
        let renderer = Renderer(threads: threads)
        let scratch = DrawScratch()
        var reused = ReusedFrame()
        func frame(_ t: Double) throws -> Image {
            if isCancelled() { throw RenderCancelledError() }
            try willRenderFrame?(t)
            return try reused.render(scene.displayList(at: t, scratch: scratch), with: renderer)
        }
        switch format {
        case .png:
            return PNGEncoder.encode(try frame(times[0]), compression: encoderOptions.pngCompression)
        case .gif:
            let writer = try GIFWriter(width: scene.pixelWidth, height: scene.pixelHeight, fps: scene.fps, options: encoderOptions)
            for t in times { try writer.append(try frame(t)) }
            try writer.finish()
            return writer.bytes
        case .apng:
            let writer = try APNGWriter(width: scene.pixelWidth, height: scene.pixelHeight, fps: scene.fps, options: encoderOptions)
            for t in times { try writer.append(try frame(t)) }
            try writer.finish()
            return writer.bytes
        }
    }

    /// ``encoded(as:limits:isCancelled:)`` for a task: cancelling the calling task stops the render between frames
    /// (throwing ``RenderCancelledError``).
    public func encoded(as format: EncodedFormat, limits: SceneLimits = SceneLimits()) async throws -> [UInt8] {
        try encoded(as: format, limits: limits, isCancelled: { Task.isCancelled })
    }
}
