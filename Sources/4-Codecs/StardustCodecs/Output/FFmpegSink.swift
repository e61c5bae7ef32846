import Foundation
import StardustCore

/// Encodes MP4 (H.264, yuv420p) or WebM (VP9) by piping raw RGBA frames to `ffmpeg` on stdin.
///
/// `ffmpeg` is looked up on `PATH`; when it is missing, the initializer throws
/// ``CodecError/missingTool(name:hint:)``. Video has no alpha: frames are composited over black (the
/// premultiplied color is sent as is). Odd sizes are padded to even with a black edge (yuv420p needs
/// even dimensions). ffmpeg writes a temporary file beside the output, which is renamed into place by
/// ``finish()`` only when ffmpeg exited with status 0, logged no error, and the file is complete (an MP4
/// with its `moov` atom and boxes that fit the file; a WebM with its EBML header and a segment that fits
/// the file) — a full disk is a failure, never a truncated video under the final name. The temporary
/// files and the ffmpeg process are registered with ``TemporaryFiles`` for removal on a signal. SIGPIPE is ignored for the process so that an ffmpeg that exits early becomes an error.
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
    private let format: OutputFormat

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
        try AtomicFile.ensureReplaceable(path)
        self.path = path; self.width = width; self.height = height; self.format = format
        let dir = AtomicFile.directory(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let tag = "\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))"
        temporaryPath = "\(dir)/.\(name).tmp-\(tag).\(format.rawValue)"
        logPath = "\(dir)/.\(name).tmp-\(tag).log"
        TemporaryFiles.register(temporaryPath)
        TemporaryFiles.register(logPath)
        guard FileManager.default.createFile(atPath: logPath, contents: nil), let log = FileHandle(forWritingAtPath: logPath) else {
            TemporaryFiles.unregister(temporaryPath); TemporaryFiles.unregister(logPath)
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
                             "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2",
                             // No random container ids or dates (WebM's segment id): the same frames give the same file.
                             "-fflags", "+bitexact"] + codec + [temporaryPath]
        let pipe = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = log
        input = pipe.fileHandleForWriting
        do {
            try process.run()
        } catch {
            try? FileManager.default.removeItem(atPath: logPath)
            TemporaryFiles.unregister(temporaryPath); TemporaryFiles.unregister(logPath)
            throw CodecError.toolFailed(name: "ffmpeg", reason: "it could not be started (\(error.localizedDescription))")
        }
        TemporaryFiles.register(process: process.processIdentifier)
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
        TemporaryFiles.unregister(process: process.processIdentifier)
        guard process.terminationStatus == 0 else { throw failure("it exited with status \(process.terminationStatus)") }
        // With -loglevel error, anything in the log is an error (ffmpeg can exit 0 after a failed write).
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        if !log.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw failure("it reported an error") }
        if let problem = Self.incompleteVideo(atPath: temporaryPath, format: format) {
            throw failure("the video it wrote is incomplete (\(problem))")
        }
        try? FileManager.default.removeItem(atPath: logPath)
        TemporaryFiles.unregister(logPath)
        defer { TemporaryFiles.unregister(temporaryPath) }
        do { try AtomicFile.ensureReplaceable(path) } catch {
            try? FileManager.default.removeItem(atPath: temporaryPath)
            throw error
        }
        guard rename(temporaryPath, path) == 0 else {
            let reason = AtomicFile.errnoText()
            try? FileManager.default.removeItem(atPath: temporaryPath)
            throw CodecError.io(path: path, reason: reason)
        }
    }

    /// Why the video file at `path` is not complete, or nil when its container structure is whole:
    /// an MP4's top-level boxes must tile the file exactly and include `ftyp` and `moov`; a WebM must
    /// start with an EBML header followed by a Segment whose declared size fits the file. O(boxes).
    public static func incompleteVideo(atPath path: String, format: OutputFormat) -> String? {
        guard let bytes = try? FileReader.readAll(path) else { return "it cannot be read back" }
        guard !bytes.isEmpty else { return "it is empty" }
        func be(_ i: Int, _ n: Int) -> UInt64 { (0..<n).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[i + $1]) } }
        switch format {
        case .mp4:
            var i = 0
            var types: Set<String> = []
            while i < bytes.count {
                guard bytes.count - i >= 8 else { return "a box header is cut at byte \(i)" }
                var size = be(i, 4)
                let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
                if size == 1 {
                    guard bytes.count - i >= 16 else { return "a box header is cut at byte \(i)" }
                    size = be(i + 8, 8)
                } else if size == 0 {
                    size = UInt64(bytes.count - i)
                }
                guard size >= 8, size <= UInt64(bytes.count - i) else { return "the \(type) box at byte \(i) runs past the end of the file" }
                types.insert(type)
                i += Int(size)
            }
            guard types.contains("ftyp") else { return "no ftyp box" }
            guard types.contains("moov") else { return "no moov box" }
            return nil
        case .webm:
            guard bytes.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) else { return "no EBML header" }
            // Skips one element (ID, size) and returns the offset after its header and its size.
            func element(at i: Int) -> (id: UInt64, dataStart: Int, size: UInt64?)? {
                guard i < bytes.count else { return nil }
                let idLength = bytes[i].leadingZeroBitCount + 1
                guard idLength <= 4, i + idLength < bytes.count else { return nil }
                let id = be(i, idLength)
                let s = i + idLength
                let sizeLength = bytes[s].leadingZeroBitCount + 1
                guard sizeLength <= 8, s + sizeLength <= bytes.count else { return nil }
                var value = UInt64(bytes[s]) & (0xFF >> UInt64(sizeLength))
                for k in 1..<sizeLength { value = value << 8 | UInt64(bytes[s + k]) }
                let unknown = value == (UInt64(1) << UInt64(7 * sizeLength)) - 1
                return (id, s + sizeLength, unknown ? nil : value)
            }
            guard let header = element(at: 0), let headerSize = header.size,
                  UInt64(header.dataStart) + headerSize <= UInt64(bytes.count) else { return "the EBML header is cut" }
            let segmentAt = header.dataStart + Int(headerSize)
            guard let segment = element(at: segmentAt), segment.id == 0x1853_8067 else { return "no Segment after the EBML header" }
            guard let size = segment.size else { return "the Segment's size was never written" }
            guard UInt64(segment.dataStart) + size <= UInt64(bytes.count) else { return "the Segment runs past the end of the file" }
            guard size > 0 else { return "the Segment is empty" }
            return nil
        default:
            return nil
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
        TemporaryFiles.unregister(process: process.processIdentifier)
        TemporaryFiles.unregister(temporaryPath)
        TemporaryFiles.unregister(logPath)
    }

    /// An error carrying the last line ffmpeg logged; removes the temporary files.
    private func failure(_ what: String) -> CodecError {
        finished = true
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        let last = log.split(separator: "\n").last.map(String.init) ?? ""
        try? FileManager.default.removeItem(atPath: temporaryPath)
        try? FileManager.default.removeItem(atPath: logPath)
        TemporaryFiles.unregister(temporaryPath)
        TemporaryFiles.unregister(logPath)
        return CodecError.toolFailed(name: "ffmpeg", reason: last.isEmpty ? what : "\(what): \(last)")
    }
}
