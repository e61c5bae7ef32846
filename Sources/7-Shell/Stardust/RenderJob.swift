import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Renders a scene's frames and writes them to a file or folder: the whole
/// `stardust render` job as a library call.
///
/// Frames are independent: rendering `frames = .range(a...b)` gives the same
/// pixels as those frames of a full render, on any thread count.
public struct RenderJob {
    /// Which frames to render.
    public enum Frames: Hashable, Sendable {
        /// Every frame of the scene's duration.
        case all
        /// Frames `a...b` (inclusive), frame i at time i / fps.
        case range(ClosedRange<Int>)
        /// One frame at a time in seconds.
        case single(Double)
    }

    /// The scene to render; its size, scale, frame rate, duration and seed decide the frames.
    public var scene: Scene
    /// Which frames to render (default: ``Frames/all``, the scene's whole duration).
    public var frames: Frames = .all
    /// Render threads; 0 = all cores.
    public var threads: Int
    /// Encoder options: loop count, dithering, global GIF palette, PNG compression, the number of the first PNG file.
    public var options = ExportOptions()
    /// Called by ``write(to:progress:)`` before each frame is drawn, with the frame's time (default `nil`):
    /// a layer tree driven by a media clock (OpenQuartzCore) advances its clock there, so callbacks run at
    /// rendered times. It is called on the calling thread, in frame order, before that frame's display
    /// list is built — callbacks may change the model, so no frame's evaluation may start before its
    /// hook has returned (a pipelined writer must keep that order). Throwing stops the job.
    public var willRenderFrame: ((Double) throws -> Void)?

    /// The other files of the command running the job (docs/HOSTILE-INPUT.md, rule 2): inputs besides the scene's
    /// (a picture turned to dust) and outputs besides the frames (a sound track). ``checkOutput(_:format:frameCount:)``
    /// refuses frames that would replace any of them.
    public var outputPlan = OutputPlan()

    /// A job rendering every frame of `scene` with `threads` render threads (0, the default, means all cores).
    public init(scene: Scene, threads: Int = 0) { self.scene = scene; self.threads = threads }

    /// The times of the frames to render.
    public var times: [Double] {
        switch frames {
        case .all: return (0..<scene.frameCount).map(scene.time(ofFrame:))
        case .range(let r): return r.map(scene.time(ofFrame:))
        case .single(let t): return [t]
        }
    }

    /// ``options`` with the job's thread count as the encoder's (unless the options set one): a job
    /// run on one thread encodes on one thread too (the bytes are the same for any count).
    var encoderOptions: ExportOptions {
        var o = options
        if o.threads == 0 { o.threads = threads }
        return o
    }

    /// The number of frames the job renders.
    public var frameCount: Int { times.count }

    /// Renders the frame at `t`.
    public func renderFrame(at t: Double) throws -> Image {
        try Renderer(threads: threads).render(scene.displayList(at: t))
    }

    /// Renders every frame into `path` (format from the extension), calling
    /// `progress` with the number of frames done. Returns the path written.
    @discardableResult
    public func write(to path: String, progress: (Int) -> Void = { _ in }) throws -> String {
        let times = self.times
        let format: OutputFormat
        do {
            format = try Exporter.format(forPath: path, frameCount: times.count)
        } catch {
            throw RenderJobError(description: "\(error)", isUsage: true)
        }
        guard scene.pixelWidth > 0, scene.pixelHeight > 0, scene.pixelWidth * scene.pixelHeight <= ImageLimits.defaultMaxPixels else {
            throw RenderJobError(description: "a \(scene.pixelWidth)×\(scene.pixelHeight) pixel frame is outside the supported range (1 pixel to 100 megapixels).", isUsage: true)
        }
        try checkOutput(path, format: format, frameCount: times.count)
        var options = encoderOptions
        if case .range(let r) = frames { options.firstFrameNumber = r.lowerBound }
        let sink = try Exporter.makeSink(path: path, format: format, width: scene.pixelWidth, height: scene.pixelHeight,
                                         fps: scene.fps, options: options)
        let renderer = Renderer(threads: threads)
        let scratch = DrawScratch()  // particle storage reused from frame to frame
        var frame = ReusedFrame()
        for (i, t) in times.enumerated() {
            try willRenderFrame?(t)
            try sink.append(frame.render(scene.displayList(at: t, scratch: scratch), with: renderer))
            progress(i + 1)
        }
        try sink.finish()
        return path
    }
}

extension RenderJob {
    /// Refuses, before anything is rendered, an output that would replace one of the scene's inputs
    /// (the scene file or an image it reads — for a folder, every frame file the job would write), another
    /// output registered in ``outputPlan`` (a sound track), or something that is not a regular file (a device,
    /// a FIFO, a folder). Files are compared by identity (`OutputPlan`, StardustCodecs), not by name.
    public func checkOutput(_ path: String, format: OutputFormat, frameCount: Int) throws {
        var plan = outputPlan
        for input in scene.inputFiles { plan.addInput(input) }
        var targets: [String]
        do {
            if format == .pngSequence {
                var dir = path
                while dir.count > 1 && dir.hasSuffix("/") { dir.removeLast() }
                let first: Int
                if case .range(let r) = frames { first = r.lowerBound } else { first = 0 }
                try plan.addFrameFolder(dir, first: first, count: frameCount)
                targets = (first..<(first + frameCount)).map { dir + "/" + PNGSequenceWriter.fileName(index: $0) }
            } else {
                try plan.addOutput(path)
                targets = [path]
            }
        } catch let e as OutputPlanError {
            // Name the scene's own files as such.
            let what = !e.otherIsInput ? nil : scene.inputFiles.first == e.other ? "the scene file"
                : scene.inputFiles.contains(e.other) ? "an image the scene reads" : nil
            guard let what else { throw RenderJobError(description: e.description, isUsage: true) }
            throw RenderJobError(description: "the output \(e.output) is \(what) (\(e.other)); inputs are never overwritten. Choose another output name.",
                                 isUsage: true)
        }
        for target in targets {
            do { try AtomicFile.ensureReplaceable(target) } catch {
                throw RenderJobError(description: "\(error)", isUsage: true)
            }
        }
    }
}

/// Why a render job could not run.
public struct RenderJobError: Error, CustomStringConvertible {
    /// What went wrong, for a person to read.
    public var description: String
    /// True when the request itself was wrong (bad output name or size), not the machine.
    public var isUsage: Bool

    /// An error saying `description`; `isUsage` when the request itself was wrong.
    public init(description: String, isUsage: Bool) { self.description = description; self.isUsage = isUsage }
}
