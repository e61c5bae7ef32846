import StardustCore

#if canImport(Glibc)
import Glibc
#endif

/// Writes each frame as `frame_00000.png`, `frame_00001.png`, … into a folder (created if missing,
/// parent folders included). Each file is written atomically.
public final class PNGSequenceWriter: FrameSink {
    /// The folder the frames go to.
    public let directory: String
    /// Frame width in pixels.
    public let width: Int
    /// Frame height in pixels.
    public let height: Int
    let compression: PNGCompression
    /// Frames written so far.
    public private(set) var frameCount = 0
    /// The number in the first file's name: a partial render of frames A..B names its files A…B,
    /// so that they drop into the folder of a full render.
    public let firstFrameNumber: Int

    /// Creates the folder (and missing parents) for `width`×`height` frames.
    public init(directory: String, width: Int, height: Int, compression: PNGCompression = .default,
                firstFrameNumber: Int = 0) throws {
        self.firstFrameNumber = max(0, firstFrameNumber)
        guard width > 0, height > 0 else { throw CodecError.invalidArgument("Image size \(width)×\(height) is not valid") }
        var dir = directory
        while dir.count > 1 && dir.hasSuffix("/") { dir.removeLast() }
        self.directory = dir; self.width = width; self.height = height; self.compression = compression
        try Self.makeDirectories(dir)
    }

    /// The file name of frame `index`: `frame_00042.png`.
    public static func fileName(index: Int) -> String {
        let digits = String(index)
        return "frame_" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// Writes the frame as the next numbered PNG.
    public func append(_ frame: Image) throws {
        try Self.checkSize(frame, width: width, height: height)
        try AtomicFile.write(PNGEncoder.encode(frame, compression: compression), to: directory + "/" + Self.fileName(index: firstFrameNumber + frameCount))
        frameCount += 1
    }

    /// Nothing left to do: every frame is already a complete file.
    public func finish() throws {}

    static func makeDirectories(_ path: String) throws {
        var st = stat()
        if stat(path, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFDIR else { throw CodecError.io(path: path, reason: "it exists and is not a folder") }
            return
        }
        let parent = AtomicFile.directory(of: path)
        if parent != path && parent != "." && parent != "/" { try makeDirectories(parent) }
        if mkdir(path, 0o755) != 0 && errno != EEXIST { throw CodecError.io(path: path, reason: AtomicFile.errnoText()) }
    }
}
