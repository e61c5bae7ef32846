import ArgumentParser
import Foundation
import Stardust

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a preset or a scene file to a GIF, PNG, APNG, MP4/WebM or a folder of PNG frames.",
        discussion: """
        The output format follows the file name: .gif, .png (one frame with --at, else an animated PNG), .apng,
        .mp4 and .webm (through ffmpeg, which must be installed), or a folder (a path ending in /) for PNG frames.
        Frame i is rendered at time i / fps; --frames renders only part of the range, with the same pixels as a full render.
        """
    )

    @Argument(help: "A preset name (see `stardust presets`), a scene file (.json) or a Lottie file (.json, .tgs, .lottie).")
    var target: String = "snow"

    @Option(name: [.short, .customLong("output")], help: "Output file or folder (default: NAME.gif, or NAME.png with --at).")
    var output: String?

    @Option(help: "Scene size in points, WIDTHxHEIGHT (e.g. 390x844).")
    var size: String?

    @Option(help: "Pixels per point (default: the scene's, usually 2).")
    var scale: Double?

    @Option(help: "Frames per second.")
    var fps: Double?

    @Option(help: "Duration in seconds.")
    var duration: Double?

    @Option(help: "Random seed (same seed, same pixels).")
    var seed: UInt64?

    @Option(help: "The colour behind every layer: #RRGGBB, #RRGGBBAA, white, black or transparent (default: the scene's; a Lottie file's is transparent).")
    var background: String?

    @OptionGroup var lottie: LottieOptions

    @Option(help: "Render only frames FIRST..LAST (inclusive, counted from 0).")
    var frames: String?

    @Option(help: "Render the single frame at this time (seconds) to a PNG.")
    var at: Double?

    @Option(help: "Worker threads (default: all cores). Output is identical for any count.")
    var threads: Int = 0

    @Option(help: "Render only the K-th of N contiguous parts of the frames (K from 0) into a folder/; `stardust join` makes one file of the parts.")
    var shard: String?

    @OptionGroup var seasonal: SeasonOptions

    @Flag(help: "No progress bar.")
    var quiet = false

    @Option(help: "Also write the preset's synthesized sound track to this WAV file (presets with sound: thanos). MP4/WebM outputs get it muxed in; with --frames A..B, the slice from frame A's time to the end of frame B.")
    var audio: String?

    @OptionGroup var budget: BudgetOptions

    func run() throws {
        try OptionRange.scale.check(scale)
        try OptionRange.renderFPS.check(fps)
        try OptionRange.renderDuration.check(duration)
        try OptionRange.threads.check(threads)
        try OptionRange.at.check(at)
        if at != nil && frames != nil { throw CLIError.usage("use either --at T (one frame) or --frames A..B, not both.") }
        let overrides = SceneOverrides(size: try size.map(parseSize), scale: scale, fps: fps, duration: duration, seed: seed,
                                       date: try seasonal.day(), offline: seasonal.offline,
                                       background: try background.map(parseBackground), animation: lottie.animation,
                                       fontFolders: lottie.fontFolders)
        let limits = try budget.limits()
        let scene = try SceneSource.load(target, overrides: overrides, limits: limits)
        let baseName = scene.name.isEmpty ? "out" : scene.name

        var job = RenderJob(scene: scene, threads: threads)
        if let at {
            job.frames = .single(at)
        } else if let frames {
            let r = try parseFrames(frames)
            guard r.upperBound < scene.frameCount else {
                throw CLIError.usage("--frames \(frames) is past the last frame (\(scene.frameCount - 1)) of this \(scene.duration) s scene at \(scene.fps) fps.")
            }
            job.frames = .range(r)
        }
        if let shard {
            guard at == nil, frames == nil else { throw CLIError.usage("--shard splits the whole timeline; it cannot be used with --at or --frames.") }
            guard output?.hasSuffix("/") == true else { throw CLIError.usage("--shard writes frames: give a folder with a trailing slash, like -o frames/.") }
            let part = try Shard(parsing: shard).contiguousPart(of: scene.frameCount)
            guard !part.isEmpty else { throw CLIError.usage("shard \(shard) has no frames: the scene has only \(scene.frameCount).") }
            job.frames = .range(part.lowerBound...(part.upperBound - 1))
        }
        try SceneSource.checkBudget(scene, target: target, frameCount: job.frameCount, limits: limits, overrides: overrides)
        let path = output ?? (at != nil ? "\(baseName).png" : "\(baseName).gif")
        // No output replaces an input or another output (docs/HOSTILE-INPUT.md, rule 2): the frames are checked
        // against the scene's files and the sound track by the render job.
        var plan = OutputPlan(inputs: scene.inputFiles + [target])
        if let audio {
            do { try plan.addOutput(audio) } catch { throw CLIError.usage("--audio: \(error)") }
        }
        job.outputPlan = plan
        // The sound track: a preset's cues, over the whole timeline or the frames rendered (a range starts at its first
        // frame's time and ends where its last frame ends, or at the scene's end for the last frame).
        let cues = Presets.named(target)?.soundCues(overrides.size ?? Presets.named(target)!.defaultSize)
        if audio != nil && cues == nil { throw CLIError.usage("--audio: \(target) has no sound track.") }
        if audio != nil && at != nil { throw CLIError.usage("--audio needs a frame range or the whole timeline (not --at).") }
        var soundSpan = (start: 0.0, end: scene.duration)
        if case .range(let r) = job.frames {
            soundSpan = (scene.time(ofFrame: r.lowerBound),
                         r.upperBound + 1 >= scene.frameCount ? scene.duration : scene.time(ofFrame: r.upperBound + 1))
        }
        let progress = ProgressBar(total: job.frameCount, label: "rendering \(baseName)", quiet: quiet)
        do {
            let written = try job.write(to: path) { progress.update($0) }
            progress.finish()
            if let cues, at == nil {
                try SoundTrack.write(cues, from: soundSpan.start, to: soundSpan.end, seed: scene.seed, audio: audio, movie: path)
            }
            if !quiet || isatty(STDOUT_FILENO) == 1 {
                try StandardOutput.line("wrote \(written) (\(job.frameCount) frame\(job.frameCount == 1 ? "" : "s"), \(scene.pixelWidth)×\(scene.pixelHeight) px)")
            }
        } catch let e as CLIError {
            progress.finish()
            throw e
        } catch let e as RenderJobError {
            progress.finish()
            throw e.isUsage ? CLIError.usage(e.description) : CLIError.runtime(e.description)
        } catch {
            progress.finish()
            throw CLIError.runtime("\(error)")
        }
    }
}
