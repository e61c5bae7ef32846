import StardustCore

/// Writes animated PNGs (APNG), frame by frame.
///
/// Every frame is a full 8-bit RGBA image (`fcTL` with dispose "none" and blend "source"); the first
/// frame is also the default image (`IDAT`), so a plain PNG reader shows it. Later frames go into
/// `fdAT` chunks. Sequence numbers count up from 0 over `fcTL` and `fdAT`; `acTL` holds the frame count
/// (patched in at ``finish()``) and ``ExportOptions/loopCount`` as `num_plays` (0 = forever). Delays are
/// stored as fractions (`1/30`, `1001/30000`, …) with numerator and denominator ≤ 65535.
public final class APNGWriter: InMemoryAnimationWriter {
    /// The format's name in error messages (`"APNG"`), as ``InMemoryAnimationWriter`` requires.
    public static let formatName = "APNG"
    /// Output size in pixels; every frame must match it.
    public let width: Int
    /// Output height in pixels.
    public let height: Int
    /// Frames per second used by ``append(_:)``.
    public let fps: Double
    let options: ExportOptions
    private let file: AtomicFileWriter?
    private var output: [UInt8] = []
    private var sequence: UInt32 = 0
    private var frameCount = 0
    private var finished = false
    /// Byte offset of the `acTL` chunk's data.
    private static let acTLDataOffset = 8 + 25 + 8

    /// A writer that streams to `path` (the file appears on ``finish()``).
    public init(path: String, width: Int, height: Int, fps: Double, options: ExportOptions = ExportOptions()) throws {
        try APNGWriter.validate(width: width, height: height, fps: fps)
        self.width = width; self.height = height; self.fps = fps; self.options = options
        file = try AtomicFileWriter(path: path)
        writeHeader()
    }

    /// A writer that collects the file in memory (see ``bytes``).
    public init(width: Int, height: Int, fps: Double, options: ExportOptions = ExportOptions()) throws {
        try APNGWriter.validate(width: width, height: height, fps: fps)
        self.width = width; self.height = height; self.fps = fps; self.options = options
        file = nil
        writeHeader()
    }

    /// The encoded file of an in-memory writer after ``finish()``.
    public var bytes: [UInt8] { output }


    private static func validate(width: Int, height: Int, fps: Double) throws {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw CodecError.invalidArgument("APNG size \(width)×\(height) is not valid")
        }
        try validateFrameRate(fps)
    }

    /// The fraction closest to `seconds` with numerator and denominator ≤ 65535 (continued fractions).
    public static func delayFraction(seconds: Double) -> (numerator: UInt16, denominator: UInt16) {
        guard seconds.isFinite, seconds > 0 else { return (0, 1) }
        if seconds >= 65535 { return (65535, 1) }
        var (h0, h1) = (0, 1), (k0, k1) = (1, 0)
        var x = seconds
        var best = (Int(seconds.rounded()), 1)
        for _ in 0..<32 {
            let a = Int(x.rounded(.down))
            let h2 = a * h1 + h0, k2 = a * k1 + k0
            if h2 > 65535 || k2 > 65535 { break }
            best = (h2, k2)
            (h0, h1) = (h1, h2); (k0, k1) = (k1, k2)
            let frac = x - Double(a)
            if frac < 1e-12 { break }
            x = 1 / frac
        }
        if best.0 == 0 { return (1, 65535) }
        return (UInt16(best.0), UInt16(best.1))
    }

    private func writeHeader() {
        output = PNGBytes.signature
        PNGBytes.appendChunk("IHDR", PNGEncoder.ihdr(width: width, height: height, layout: .rgba8), to: &output)
        var actl: [UInt8] = []
        PNGBytes.appendUInt32(0, to: &actl) // num_frames, patched by finish()
        PNGBytes.appendUInt32(UInt32(clamping: max(0, options.loopCount)), to: &actl)
        PNGBytes.appendChunk("acTL", actl, to: &output)
    }

    /// Adds a frame lasting `1 / fps` seconds.
    public func append(_ frame: Image) throws { try append(frame, duration: 1 / fps) }

    /// Adds a frame lasting `duration` seconds.
    public func append(_ frame: Image, duration: Double) throws {
        guard !finished else { throw CodecError.invalidArgument("The APNG was already finished") }
        try Self.checkSize(frame, width: width, height: height)
        let delay = Self.delayFraction(seconds: duration)
        var fctl: [UInt8] = []
        PNGBytes.appendUInt32(sequence, to: &fctl); sequence += 1
        PNGBytes.appendUInt32(UInt32(width), to: &fctl)
        PNGBytes.appendUInt32(UInt32(height), to: &fctl)
        PNGBytes.appendUInt32(0, to: &fctl); PNGBytes.appendUInt32(0, to: &fctl)
        PNGBytes.appendUInt16(delay.numerator, to: &fctl)
        PNGBytes.appendUInt16(delay.denominator, to: &fctl)
        fctl += [0, 0] // dispose none, blend source
        PNGBytes.appendChunk("fcTL", fctl, to: &output)

        let data = PNGEncoder.compressedImageData(StraightPixels.of(frame), width: width, height: height,
                                                  layout: .rgba8, compression: options.pngCompression)
        if frameCount == 0 {
            PNGEncoder.appendIDAT(data, to: &output)
        } else {
            let piece = 1 << 20
            var start = 0
            repeat {
                let end = min(data.count, start + piece)
                var fdat: [UInt8] = []
                fdat.reserveCapacity(end - start + 4)
                PNGBytes.appendUInt32(sequence, to: &fdat); sequence += 1
                fdat += data[start..<end]
                PNGBytes.appendChunk("fdAT", fdat, to: &output)
                start = end
            } while start < data.count
        }
        frameCount += 1
        try flush()
    }

    /// Writes `IEND`, patches the frame count into `acTL` and moves the file into place.
    public func finish() throws {
        guard !finished else { throw CodecError.invalidArgument("The APNG was already finished") }
        guard frameCount > 0 else {
            file?.discard()
            throw CodecError.invalidArgument("An APNG needs at least one frame")
        }
        finished = true
        PNGBytes.appendChunk("IEND", [], to: &output)
        // Patch acTL: num_frames, num_plays and the CRC over type + data.
        var patched = Array("acTL".utf8)
        PNGBytes.appendUInt32(UInt32(frameCount), to: &patched)
        PNGBytes.appendUInt32(UInt32(clamping: max(0, options.loopCount)), to: &patched)
        let crc = Zlib.crc32(patched)
        var tail = Array(patched[4...])
        PNGBytes.appendUInt32(crc, to: &tail)
        if let file {
            try flush()
            try file.overwrite(tail, at: Self.acTLDataOffset)
            try file.commit()
        } else {
            output.replaceSubrange(Self.acTLDataOffset..<(Self.acTLDataOffset + 12), with: tail)
        }
    }

    private func flush() throws {
        guard let file else { return }
        try file.write(output)
        output.removeAll(keepingCapacity: true)
    }
}
