import ArgumentParser
import Foundation
import Stardust

struct JoinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join",
        abstract: "Join the frame folders of a sharded render into one GIF, APNG, MP4/WebM or PNG folder.",
        discussion: """
        `stardust render X --shard K/N -o frames/` renders the K-th of N contiguous parts of X's frames into
        frames/ (files named by their frame number). With every part in one folder, or in several, `stardust join`
        encodes frames 0, 1, 2, … in order into one file: byte for byte what `stardust render X -o out.gif` writes,
        when --fps is the scene's frame rate. A missing or duplicated frame is an error.
        """
    )

    @Argument(help: "Folders of frame_NNNNN.png files (from render --shard K/N -o FOLDER/).")
    var folders: [String]

    @Option(name: [.short, .customLong("output")], help: "The joined file (.gif .apng .png .mp4 .webm) or folder/.")
    var output: String

    @Option(help: "Frames per second of the joined file: the scene's (see `stardust trace` or the scene file).")
    var fps: Double

    @Flag(help: "No progress bar.")
    var quiet = false

    func run() throws {
        try OptionRange.renderFPS.check(fps)
        let frames = try Self.frameFiles(in: folders)
        guard let first = frames.first else { throw CLIError.usage("no frame_NNNNN.png files in \(folders.joined(separator: ", ")).") }
        let format: OutputFormat
        do { format = try Exporter.format(forPath: output, frameCount: frames.count) } catch { throw CLIError.usage("\(error)") }
        let firstImage = try Self.decode(first)
        // No output file (or frame of an output folder) may be one of the frames read (docs/HOSTILE-INPUT.md, rule 2).
        var plan = OutputPlan(inputs: frames)
        do {
            if format == .pngSequence { try plan.addFrameFolder(output, count: frames.count) } else { try plan.addOutput(output) }
        } catch { throw CLIError.usage("\(error)") }
        let sink: FrameSink
        do {
            sink = try Exporter.makeSink(path: output, format: format, width: firstImage.width, height: firstImage.height,
                                         fps: fps, options: ExportOptions())
        } catch { throw CLIError.runtime("\(error)") }
        let progress = ProgressBar(total: frames.count, label: "joining", quiet: quiet)
        defer { progress.finish() }
        for (i, path) in frames.enumerated() {
            let image = i == 0 ? firstImage : try Self.decode(path)
            guard image.width == firstImage.width, image.height == firstImage.height else {
                throw CLIError.usage("\(path) is \(image.width)×\(image.height) pixels, not \(firstImage.width)×\(firstImage.height) like the first frame.")
            }
            do { try sink.append(image) } catch { throw CLIError.runtime("\(error)") }
            progress.update(i + 1)
        }
        do { try sink.finish() } catch { throw CLIError.runtime("\(error)") }
        if !quiet { try StandardOutput.line("wrote \(output) (\(frames.count) frames, \(firstImage.width)×\(firstImage.height) px)") }
    }

    /// The frame files of every folder, in frame order; frames must run 0, 1, 2, … with no gap or duplicate.
    static func frameFiles(in folders: [String]) throws -> [String] {
        var byNumber: [Int: String] = [:]
        for folder in folders {
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
                throw CLIError.usage("cannot read the folder \(folder).")
            }
            for name in names where name.hasPrefix("frame_") && name.hasSuffix(".png") {
                guard let n = Int(name.dropFirst(6).dropLast(4)), n >= 0 else { continue }
                let path = (folder as NSString).appendingPathComponent(name)
                if let other = byNumber[n] { throw CLIError.usage("frame \(n) is in two places: \(other) and \(path).") }
                byNumber[n] = path
            }
        }
        let numbers = byNumber.keys.sorted()
        for (i, n) in numbers.enumerated() where i != n {
            throw CLIError.usage("frame \(i) is missing (the frames found run from 0 to \(numbers.last ?? 0)).")
        }
        return numbers.map { byNumber[$0]! }
    }

    static func decode(_ path: String) throws -> Image {
        do { return try ImageDecoder.decodeFile(atPath: path) } catch { throw CLIError.usage("\(path): \(error)") }
    }
}
