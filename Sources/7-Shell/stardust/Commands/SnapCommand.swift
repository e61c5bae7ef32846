import ArgumentParser
import Foundation
import Stardust

/// `stardust snap IMAGE`: turns a picture to dust (docs/DESIGN.md §8, §11).
struct SnapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snap",
        abstract: "Turn a PNG or JPEG picture to dust (the \"Thanos snap\"), optionally bringing it back.",
        discussion: """
        The first frame is the picture, the last is empty (with --restore, the picture again). The output format
        follows the file name (.gif, .png/.apng animated PNG, .mp4/.webm through ffmpeg, or a folder ending in /).
        """
    )

    @Argument(help: "The picture (.png or .jpg).")
    var image: String

    @Option(name: [.short, .customLong("output")], help: "Output file or folder (default: NAME-snap.gif).")
    var output: String?

    @Option(help: "Number of dust layers, 1…256.")
    var layers: Int = 32

    @Flag(help: "Fly the dust back and reassemble the picture.")
    var restore = false

    @Flag(help: "Every pixel its own particle with its own flight (pictures up to 4 megapixels; --layers is ignored).")
    var perPixel = false

    @Flag(help: "Draw the flying layers as Core Animation draws image layers (resampled, as the effect looks on iOS) instead of as specks of whole pixels.")
    var imageLayers = false

    @Option(help: "Random seed (same seed, same pixels).")
    var seed: UInt64 = 1

    @Option(help: "Frames per second.")
    var fps: Double = 30

    @Option(help: "Also write the synthesized sound track (snap, dust, restore) to this WAV file.")
    var audio: String?

    @Option(help: "Worker threads (default: all cores).")
    var threads: Int = 0

    @Flag(help: "No progress bar.")
    var quiet = false

    /// The largest picture accepted (pixels): a 4096×4096 picture.
    static let maxPixels = 16_777_216
    /// The largest picture accepted with `--per-pixel` (pixels): each frame lists one 48-byte speck per pixel.
    static let maxPerPixelPixels = 4_194_304

    func run() throws {
        try OptionRange.layers.check(layers)
        try OptionRange.snapFPS.check(fps)
        try OptionRange.threads.check(threads)
        if perPixel && imageLayers { throw CLIError.usage("--image-layers draws the layers of the split; --per-pixel has no layers. Use one of them.") }
        let picture: Image
        do {
            picture = try ImageDecoder.decodeFile(atPath: image, maxPixels: Self.maxPixels)
        } catch {
            throw CLIError.runtime("cannot read \(image): \(error)")
        }
        guard picture.width > 0, picture.height > 0 else { throw CLIError.runtime("\(image) has no pixels.") }
        if perPixel && picture.width * picture.height > Self.maxPerPixelPixels {
            throw CLIError.runtime("\(image) is \(picture.width)×\(picture.height) pixels; --per-pixel takes at most \(Self.maxPerPixelPixels) pixels (4 megapixels). Use --layers N, or a smaller picture.")
        }
        let (scene, cues) = Self.scene(picture: picture, name: URL(fileURLWithPath: image).deletingPathExtension().lastPathComponent,
                                       layers: layers, perPixel: perPixel, imageLayers: imageLayers, restore: restore, seed: seed,
                                       fps: fps)
        var job = RenderJob(scene: scene, threads: threads)
        job.frames = .all
        let path = output ?? "\(scene.name).gif"
        // The picture and the sound track are files of the job (docs/HOSTILE-INPUT.md, rule 2): no frame, in a file or
        // a folder, may replace them.
        job.outputPlan = OutputPlan(inputs: [image])
        if let audio {
            do { try job.outputPlan.addOutput(audio) } catch { throw CLIError.usage("--audio: \(error)") }
        }
        let progress = ProgressBar(total: job.frameCount, label: "snapping \(image)", quiet: quiet)
        do {
            let written = try job.write(to: path) { progress.update($0) }
            progress.finish()
            try SoundTrack.write(cues, duration: scene.duration, seed: seed, audio: audio, movie: path)
            if !quiet || isatty(STDOUT_FILENO) == 1 {
                try StandardOutput.line("wrote \(written) (\(job.frameCount) frames, \(scene.pixelWidth)×\(scene.pixelHeight) px)")
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

    /// The scene: the picture at one pixel per point, a 0.25 s beat, the dust (N layers, or every pixel
    /// alone with `perPixel`), and with `restore` a pause then the way back and a final beat; and its sound cues.
    static func scene(picture: Image, name: String, layers: Int, perPixel: Bool = false, imageLayers: Bool = false,
                      restore: Bool, seed: UInt64, fps: Double) -> (Scene, [SoundCue]) {
        let w = Double(picture.width), h = Double(picture.height)
        // Room for the dust to fly: the flight offsets are up to 60 × 30 points.
        let margin = 64.0
        var p = DustParameters(layerCount: layers, seed: seed)
        p.drawsSpecks = !imageLayers
        let snap = 0.25
        let frame = Rect(x: margin, y: margin, width: w, height: h)
        let container: Layer, cues: [SoundCue], endTime: Double
        if perPixel {
            let total = p.stagger + p.flightDuration
            let effect = PixelDustEffect(texture: Texture(picture), frame: frame, parameters: p, snapTime: snap,
                                         restoreTime: restore ? snap + total + 0.5 : nil)
            (container, cues, endTime) = (effect.container, effect.soundCues, effect.restoreEndTime ?? effect.dustEndTime)
        } else {
            let effect = DustEffect(texture: Texture(picture), frame: frame, parameters: p, snapTime: snap,
                                    restoreTime: restore ? snap + p.totalDuration + 0.5 : nil)
            (container, cues, endTime) = (effect.container, effect.soundCues, effect.restoreEndTime ?? effect.dustEndTime)
        }
        // The last frame (at (count − 1)/fps) falls after the end: empty, or the picture back.
        let end = endTime + max(0.25, 2 / fps)
        let scene = Scene(name: "\(name)-snap", size: Size(w + 2 * margin, h + 2 * margin), scale: 1,
                          duration: end, fps: fps, seed: seed)
        scene.root.addSublayer(container)
        return (scene, cues)
    }
}
