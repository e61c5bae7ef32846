import StardustCore

/// An animation writer that can also collect its file in memory (GIF and APNG).
public protocol InMemoryAnimationWriter: FrameSink {
    /// A writer that collects the file in memory (see ``bytes``).
    init(width: Int, height: Int, fps: Double, options: ExportOptions) throws
    /// The encoded file after ``FrameSink/finish()``.
    var bytes: [UInt8] { get }
    /// The format's name for error messages ("GIF", "APNG").
    static var formatName: String { get }
}

extension InMemoryAnimationWriter {
    /// Encodes `frames` at `fps` into the bytes of one file.
    public static func encode(_ frames: [Image], fps: Double, options: ExportOptions = ExportOptions()) throws -> [UInt8] {
        guard let first = frames.first else { throw CodecError.invalidArgument("A \(formatName) needs at least one frame") }
        let writer = try Self(width: first.width, height: first.height, fps: fps, options: options)
        for f in frames { try writer.append(f) }
        try writer.finish()
        return writer.bytes
    }

    /// Rejects a frame rate that is not a positive number.
    static func validateFrameRate(_ fps: Double) throws {
        guard fps.isFinite, fps > 0 else { throw CodecError.invalidArgument("Frame rate \(fps) is not a positive number") }
    }
}
