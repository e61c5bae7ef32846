import Foundation
import StardustCore

/// Encodes MP4 (H.264, yuv420p) or WebM (VP9) by piping raw RGBA frames to `ffmpeg` on stdin.
///
/// `ffmpeg` is looked up on `PATH`; when it is missing, the initializer throws
/// ``CodecError/missingTool(name:hint:)``. Video has no alpha: frames are composited over black (the
/// premultiplied color is sent as is). Odd sizes are padded to even with a black edge (yuv420p needs
/// even dimensions). ffmpeg writes a temporary file beside the output, which is renamed into place by
/// ``finish()``. SIGPIPE is ignored for the process so that an ffmpeg that exits early becomes an error.
public final class FFmpegSink: FrameSink {
    /// The final output path.
    public let path: String
    /// Frame width in pixels (the video is padded to even dimensions).
    public let width: Int
    /// Frame height in pixels.
    public let height: Int
    private let process: Process
    private let input: FileHandle
    private let temporaryPath: String
    private let logPath: String
    private var finished = false

    /// The ffmpeg executable found on `PATH`, if any.
    public static func locateFFmpeg() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin:/usr/local/bin"
        for dir in path.split(separator: ":") where !dir.isEmpty {
            let candidate = "\(dir)/ffmpeg"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Starts ffmpeg for `format` (`.mp4` or `.webm`).
    public init(path: String, format: OutputFormat, width: Int, height: Int, fps: Double) throws {
        guard format == .mp4 || format == .webm else { throw CodecError.invalidArgument("ffmpeg export supports mp4 and webm, not \(format.rawValue)") }
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw CodecError.invalidArgument("Video size \(width)×\(height) is outside 1…16384 pixels")
        }
        guard fps.isFinite, fps > 0, fps <= 1000 else { throw CodecError.invalidArgument("Frame rate \(fps) is not valid") }
        guard let ffmpeg = Self.locateFFmpeg() else {
            throw CodecError.missingTool(name: "ffmpeg", hint: "apt-get install ffmpeg / brew install ffmpeg")
        }
        self.path = path; self.width = width; self.height = height
        let dir = AtomicFile.directory(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let tag = "\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))"
        temporaryPath = "\(dir)/.\(name).tmp-\(tag).\(format.rawValue)"
        logPath = "\(dir)/.\(name).tmp-\(tag).log"
        guard FileManager.default.createFile(atPath: logPath, contents: nil), let log = FileHandle(forWritingAtPath: logPath) else {
            throw CodecError.io(path: path, reason: "cannot create a temporary file in \(dir)")
        }
        signal(SIGPIPE, SIG_IGN)
        let codec: [String] = format == .mp4
            ? ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4"]
            : ["-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p", "-b:v", "0", "-crf", "32", "-f", "webm"]
        process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-hide_banner", "-loglevel", "error", "-y",
                             "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-r", String(fps), "-i", "-",
                             "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"] + codec + [temporaryPath]
        let pipe = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = log
        input = pipe.fileHandleForWriting
        do {
            try process.run()
        } catch {
            try? FileManager.default.removeItem(atPath: logPath)
            throw CodecError.toolFailed(name: "ffmpeg", reason: "it could not be started (\(error.localizedDescription))")
        }
        try? log.close()
    }

    /// Sends one frame to ffmpeg; throws if ffmpeg has stopped.
    public func append(_ frame: Image) throws {
        guard !finished else { throw CodecError.invalidArgument("The video was already finished") }
        try Self.checkSize(frame, width: width, height: height)
        do {
            try input.write(contentsOf: Data(frame.pixels))
        } catch {
            try? input.close()
            process.waitUntilExit()
            throw failure("it stopped reading frames")
        }
    }

    /// Closes ffmpeg's input, waits for it and renames the video into place.
    public func finish() throws {
        guard !finished else { throw CodecError.invalidArgument("The video was already finished") }
        finished = true
        try? input.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw failure("it exited with status \(process.terminationStatus)") }
        try? FileManager.default.removeItem(atPath: logPath)
        guard rename(temporaryPath, path) == 0 else {
            let reason = AtomicFile.errnoText()
            try? FileManager.default.removeItem(atPath: temporaryPath)
            throw CodecError.io(path: path, reason: reason)
        }
    }

    deinit {
        if !finished {
            try? input.close()
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            try? FileManager.default.removeItem(atPath: temporaryPath)
            try? FileManager.default.removeItem(atPath: logPath)
        }
    }

    /// An error carrying the last line ffmpeg logged; removes the temporary files.
    private func failure(_ what: String) -> CodecError {
        finished = true
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        let last = log.split(separator: "\n").last.map(String.init) ?? ""
        try? FileManager.default.removeItem(atPath: temporaryPath)
        try? FileManager.default.removeItem(atPath: logPath)
        return CodecError.toolFailed(name: "ffmpeg", reason: last.isEmpty ? what : "\(what): \(last)")
    }
}
