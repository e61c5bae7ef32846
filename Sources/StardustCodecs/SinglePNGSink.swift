import StardustCore

/// A ``FrameSink`` for one still PNG: keeps the latest frame and writes it atomically on ``finish()``.
public final class SinglePNGSink: FrameSink {
    public let path: String
    public let width: Int
    public let height: Int
    let compression: PNGCompression
    private var last: Image?

    public init(path: String, width: Int, height: Int, compression: PNGCompression = .default) throws {
        guard width > 0, height > 0 else { throw CodecError.invalidArgument("Image size \(width)×\(height) is not valid") }
        self.path = path; self.width = width; self.height = height; self.compression = compression
    }

    public func append(_ frame: Image) throws {
        try Self.checkSize(frame, width: width, height: height)
        last = frame
    }

    public func finish() throws {
        guard let last else { throw CodecError.invalidArgument("No frame was rendered for \(path)") }
        try PNGEncoder.write(last, to: path, compression: compression)
    }
}
