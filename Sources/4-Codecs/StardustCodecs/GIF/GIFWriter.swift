import StardustCore

/// Writes animated GIFs, frame by frame.
///
/// - Palettes: per frame (the default; frames are encoded as they arrive and only the current one is in
///   memory) or one global palette (``ExportOptions/globalPalette``; frames are kept until ``finish()``,
///   and the palette is built from a sample of all of them). A frame set with at most 256 distinct
///   colors (255 when some pixels are transparent) is stored exactly; otherwise `ColorQuantizer`
///   (median cut + k-means) picks the colors and Floyd–Steinberg dithering is applied if enabled.
/// - Transparency: GIF alpha is 1 bit. Pixels with alpha < 128 become the transparent index; all others
///   are stored opaque with their un-premultiplied color. Frames with transparent pixels are stored whole
///   with disposal "restore to background" so that earlier frames do not show through.
/// - Frame differencing: an opaque frame following an opaque frame stores only the rectangle that changed,
///   with unchanged pixels as the transparent index (disposal "do not dispose"); its palette is built
///   from the changed pixels only.
/// - Timing: delays are whole centiseconds; the rounding error is carried from frame to frame (frame
///   `i` ends at `round(100·tᵢ)` cs), so 30 fps becomes 3, 3, 4, 3, 3, 4 … and averages exactly.
/// - Looping: a NETSCAPE2.0 block stores ``ExportOptions/loopCount`` (0 = forever).
public final class GIFWriter: InMemoryAnimationWriter {
    /// The format's name in error messages (`"GIF"`), as ``InMemoryAnimationWriter`` requires.
    public static let formatName = "GIF"
    /// Output size in pixels; every frame must match it.
    public let width: Int
    /// Output height in pixels.
    public let height: Int
    /// Frames per second used by ``append(_:)``.
    public let fps: Double
    let options: ExportOptions
    private let file: AtomicFileWriter?
    private var output: [UInt8] = []
    private var elapsed: Double = 0
    private var frameCount = 0
    private var pending: [(pixels: [UInt8], delay: Int)] = []
    private var lzw = GIFLZWEncoder()
    private var indices: [UInt8]
    private var finished = false
    /// The previous frame's straight pixels, for frame differencing.
    private var previous: [UInt8]?
    private var previousHadTransparency = false

    /// A writer that streams to `path` (atomically: the file appears on ``finish()``).
    /// Throws when the size is not 1…65535 or `fps` is not positive.
    public init(path: String, width: Int, height: Int, fps: Double, options: ExportOptions = ExportOptions()) throws {
        try GIFWriter.validate(width: width, height: height, fps: fps)
        self.width = width; self.height = height; self.fps = fps; self.options = options
        indices = [UInt8](repeating: 0, count: width * height)
        file = try AtomicFileWriter(path: path)
        if !options.globalPalette { writeHeader(globalPalette: nil) }
    }

    /// A writer that collects the file in memory (see ``bytes``).
    public init(width: Int, height: Int, fps: Double, options: ExportOptions = ExportOptions()) throws {
        try GIFWriter.validate(width: width, height: height, fps: fps)
        self.width = width; self.height = height; self.fps = fps; self.options = options
        indices = [UInt8](repeating: 0, count: width * height)
        file = nil
        if !options.globalPalette { writeHeader(globalPalette: nil) }
    }

    /// The encoded file of an in-memory writer after ``finish()``.
    public var bytes: [UInt8] { output }


    private static func validate(width: Int, height: Int, fps: Double) throws {
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw CodecError.invalidArgument("GIF size \(width)×\(height) is outside 1…65535 pixels")
        }
        try validateFrameRate(fps)
    }

    /// Adds a frame lasting `1 / fps` seconds.
    public func append(_ frame: Image) throws { try append(frame, duration: 1 / fps) }

    /// Adds a frame lasting `duration` seconds (rounded to centiseconds with carried error).
    public func append(_ frame: Image, duration: Double) throws {
        guard !finished else { throw CodecError.invalidArgument("The GIF was already finished") }
        try Self.checkSize(frame, width: width, height: height)
        guard duration.isFinite, duration >= 0 else { throw CodecError.invalidArgument("Frame duration \(duration) is not valid") }
        let start = Int((elapsed * 100).rounded())
        elapsed += duration
        let delay = min(65535, Int((elapsed * 100).rounded()) - start)
        let straight = StraightPixels.of(frame)
        frameCount += 1
        if options.globalPalette {
            pending.append((straight, delay))
        } else {
            writeFrame(straight, delay: delay, global: nil)
            try flush()
        }
    }

    /// Encodes pending frames (global palette), writes the trailer and moves the file into place.
    public func finish() throws {
        guard !finished else { throw CodecError.invalidArgument("The GIF was already finished") }
        guard frameCount > 0 else {
            file?.discard()
            throw CodecError.invalidArgument("A GIF needs at least one frame")
        }
        if options.globalPalette {
            // Reserve a transparent index for frame differencing when there is more than one frame.
            let palette = Self.buildPalette(pending.map(\.pixels), reserveTransparent: pending.count > 1)
            writeHeader(globalPalette: palette)
            var mapper = PaletteMapper(palette: palette.colors, transparentIndex: palette.transparentIndex, exact: palette.exact)
            for (pixels, delay) in pending {
                withUnsafeMutablePointer(to: &mapper) { writeFrame(pixels, delay: delay, global: (palette, $0)) }
                try flush()
            }
            pending = []
        }
        output.append(0x3B)
        finished = true
        try flush()
        try file?.commit()
    }

    private func flush() throws {
        guard let file else { return }
        try file.write(output)
        output.removeAll(keepingCapacity: true)
    }

    // MARK: - Palettes

    struct Palette {
        var colors: [SIMD3<UInt8>]
        var transparentIndex: UInt8?
        var exact: Bool
        /// Table entries written (a power of two ≥ 2) and its bit count.
        var tableBits: Int {
            var bits = 1
            while 1 << bits < colors.count + (transparentIndex == nil ? 0 : 1) { bits += 1 }
            return bits
        }
    }

    /// Exact colors when they fit, otherwise median cut over a sample of at most ~2 M pixels.
    static func buildPalette(_ frames: [[UInt8]], reserveTransparent: Bool = false) -> Palette {
        var transparent = reserveTransparent
        for f in frames where !transparent {
            var i = 3
            while i < f.count { if f[i] < 128 { transparent = true; break }; i += 4 }
        }
        let limit = transparent ? 255 : 256
        var exact = Set<UInt32>()
        var fits = true
        outer: for f in frames {
            var i = 0
            while i < f.count {
                if f[i + 3] >= 128 {
                    exact.insert(UInt32(f[i]) << 16 | UInt32(f[i + 1]) << 8 | UInt32(f[i + 2]))
                    if exact.count > limit { fits = false; break outer }
                }
                i += 4
            }
        }
        if fits {
            let colors = exact.sorted().map { SIMD3(UInt8($0 >> 16), UInt8(($0 >> 8) & 0xFF), UInt8($0 & 0xFF)) }
            return Palette(colors: colors, transparentIndex: transparent ? UInt8(colors.count) : nil, exact: true)
        }
        let total = frames.reduce(0) { $0 + $1.count / 4 }
        let step = max(1, total / 2_000_000)
        var histogram = ColorHistogram()
        for f in frames { f.withUnsafeBufferPointer { histogram.add($0, step: step) } }
        let colors = ColorQuantizer.palette(from: histogram, maxColors: limit)
        return Palette(colors: colors, transparentIndex: transparent ? UInt8(colors.count) : nil, exact: false)
    }

    // MARK: - Blocks

    private func appendUInt16(_ v: Int) { output.append(UInt8(v & 0xFF)); output.append(UInt8((v >> 8) & 0xFF)) }

    private func appendColorTable(_ palette: Palette) {
        let entries = 1 << palette.tableBits
        for c in palette.colors { output += [c.x, c.y, c.z] }
        output += [UInt8](repeating: 0, count: 3 * (entries - palette.colors.count))
    }

    private func writeHeader(globalPalette: Palette?) {
        output += Array("GIF89a".utf8)
        appendUInt16(width); appendUInt16(height)
        if let p = globalPalette {
            output.append(0x80 | 0x70 | UInt8(p.tableBits - 1))
        } else {
            output.append(0x70)
        }
        output += [0, 0]
        if let p = globalPalette { appendColorTable(p) }
        // NETSCAPE2.0 looping extension.
        output += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1]
        appendUInt16(min(max(options.loopCount, 0), 65535))
        output.append(0)
    }

    /// Whether any pixel of straight RGBA8 `pixels` has alpha < 128.
    private static func hasTransparency(_ pixels: [UInt8]) -> Bool {
        pixels.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count { if p[i] < 128 { return true }; i += 4 }
            return false
        }
    }

    /// The bounding box (x0, y0, x1, y1; exclusive ends) of the pixels that differ between two frames.
    private func changedRect(_ a: [UInt8], _ b: [UInt8]) -> (Int, Int, Int, Int)? {
        a.withUnsafeBytes { ra in
            b.withUnsafeBytes { rb in
                let pa = ra.bindMemory(to: UInt32.self), pb = rb.bindMemory(to: UInt32.self)
                var x0 = width, y0 = height, x1 = 0, y1 = 0
                for y in 0..<height {
                    let row = y * width
                    var first = -1, last = -1
                    for x in 0..<width where pa[row + x] != pb[row + x] { first = x; break }
                    if first < 0 { continue }
                    var x = width - 1
                    while x >= first { if pa[row + x] != pb[row + x] { last = x; break }; x -= 1 }
                    x0 = min(x0, first); x1 = max(x1, last + 1); y0 = min(y0, y); y1 = y + 1
                }
                return x1 > x0 ? (x0, y0, x1, y1) : nil
            }
        }
    }

    /// Writes one frame. With a previous opaque frame and no transparency in this one, only the
    /// rectangle that changed is stored, with unchanged pixels as the transparent index (disposal
    /// "do not dispose"); otherwise the whole frame is stored.
    private func writeFrame(_ pixels: [UInt8], delay: Int, global: (Palette, UnsafeMutablePointer<PaletteMapper>)?) {
        let transparentPixels = Self.hasTransparency(pixels)
        var rect = (0, 0, width, height)
        var region = pixels
        var differencing = false
        if let previous, !previousHadTransparency, !transparentPixels, global == nil || global!.0.transparentIndex != nil {
            differencing = true
            rect = changedRect(previous, pixels) ?? (0, 0, 1, 1)
            let (x0, y0, x1, y1) = rect
            let w = x1 - x0
            region = [UInt8](repeating: 0, count: w * (y1 - y0) * 4)
            pixels.withUnsafeBytes { src in
                previous.withUnsafeBytes { prev in
                    region.withUnsafeMutableBytes { dst in
                        let s = src.bindMemory(to: UInt32.self), p = prev.bindMemory(to: UInt32.self)
                        let d = dst.bindMemory(to: UInt32.self)
                        for y in y0..<y1 {
                            for x in x0..<x1 {
                                let v = s[y * width + x]
                                // Unchanged pixels get alpha 0 and so map to the transparent index.
                                d[(y - y0) * w + x - x0] = v == p[y * width + x] ? 0 : v
                            }
                        }
                    }
                }
            }
        }
        previous = pixels
        previousHadTransparency = transparentPixels
        let rw = rect.2 - rect.0, rh = rect.3 - rect.1
        let palette = global?.0 ?? Self.buildPalette([region], reserveTransparent: differencing)

        // Graphic control extension: disposal 1 (keep) for opaque and differenced frames, 2 (restore to
        // background) for frames with transparent pixels so that earlier frames do not show through.
        let t = palette.transparentIndex
        let disposal: UInt8 = transparentPixels ? 2 : 1
        output += [0x21, 0xF9, 4, disposal << 2 | (t != nil ? 1 : 0)]
        appendUInt16(delay)
        output += [t ?? 0, 0]
        // Image descriptor.
        output.append(0x2C)
        appendUInt16(rect.0); appendUInt16(rect.1); appendUInt16(rw); appendUInt16(rh)
        output.append(global == nil ? 0x80 | UInt8(palette.tableBits - 1) : 0)
        if global == nil { appendColorTable(palette) }

        let dither = options.dither && !palette.exact
        let count = rw * rh
        region.withUnsafeBufferPointer { src in
            indices.withUnsafeMutableBufferPointer { all in
                let dst = UnsafeMutableBufferPointer(rebasing: all[0..<count])
                if let global {
                    global.1.pointee.map(src, width: rw, height: rh, dither: dither, into: dst)
                } else {
                    var m = PaletteMapper(palette: palette.colors, transparentIndex: t, exact: palette.exact)
                    m.map(src, width: rw, height: rh, dither: dither, into: dst)
                }
            }
        }
        let minCodeSize = max(2, palette.tableBits)
        indices.withUnsafeBufferPointer { lzw.encode(UnsafeBufferPointer(rebasing: $0[0..<count]), minCodeSize: minCodeSize, into: &output) }
    }
}
