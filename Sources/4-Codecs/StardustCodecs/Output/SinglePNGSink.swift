import StardustCore

/// A ``FrameSink`` for one still PNG: keeps the latest frame and writes it atomically on ``finish()``.
public final class SinglePNGSink: FrameSink {
    /// The output path.
    public let path: String
    /// Image width in pixels.
    public let width: Int
    /// Image height in pixels.
    public let height: Int
    let compression: PNGCompression
    private var last: Image?

    /// A sink for one `width`×`height` PNG at `path`.
    public init(path: String, width: Int, height: Int, compression: PNGCompression = .default) throws {
        guard width > 0, height > 0 else { throw CodecError.invalidArgument("Image size \(width)×\(height) is not valid") }
        self.path = path; self.width = width; self.height = height; self.compression = compression
    }

    /// Keeps `frame` as the image to write.
    public func append(_ frame: Image) throws {
        try Self.checkSize(frame, width: width, height: height)
        last = frame
    }

    /// Writes the last appended frame; throws if there was none.
    public func finish() throws {
        guard let last else { throw CodecError.invalidArgument("No frame was rendered for \(path)") }
        try PNGEncoder.write(last, to: path, compression: compression)
    }
}
