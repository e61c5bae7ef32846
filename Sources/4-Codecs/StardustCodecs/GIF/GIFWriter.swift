import StardustCore

/// Writes animated GIFs, frame by frame, so that they stay small when shared: what does not change
/// between frames is stored once.
///
/// - Temporal stability: a pixel's palette index is a function of its position and color only (nearest
///   color, optionally ordered Bayer dithering — see `PaletteMapper`), so unchanged pixels quantize
///   identically in every frame.
/// - Palettes: one global palette by default (``ExportOptions/globalPalette``). Frames are kept (up to
///   ``maxBufferedBytes`` of pixels) while exact color statistics are gathered — every pixel counts once
///   per frame it is shown, so the palette minimizes the squared error over the whole animation — then
///   the palette is built (the colors themselves when ≤ 256, else median cut + k-means) and the frames
///   are encoded; frames arriving after the buffer is full reuse it. With `globalPalette = false`
///   each frame gets a local palette built from the pixels that changed, and frames stream out.
/// - Frame differencing: each frame stores only the bounding rectangle of the pixels whose *displayed*
///   color changes; inside it, pixels that already show the right color are the transparent index
///   (disposal 1, "do not dispose"). This compares quantized results, so source noise that quantizes
///   to the same entry costs nothing.
/// - Transparency: GIF alpha is 1 bit. Pixels with alpha < 128 are transparent; all others are stored
///   opaque with their un-premultiplied color. A frame is written when the next one arrives: if the
///   next frame needs a pixel to turn transparent that this one leaves opaque, this frame gets disposal
///   2 ("restore to background", which decoders clear to transparent) over a rectangle grown to cover
///   those pixels, so earlier frames never show through.
/// - Timing: delays are whole centiseconds; the rounding error is carried from frame to frame (frame
///   `i` ends at `round(100·tᵢ)` cs), so 30 fps becomes 3, 3, 4, 3, 3, 4 … and averages exactly.
/// - Looping: a NETSCAPE2.0 block stores ``ExportOptions/loopCount`` (0 = forever).
///
/// The output depends only on the frames, delays and options (hash tables iterated in sorted order;
/// the work done in parallel — mapping bands of rows, building a frame's rectangle, k-means
/// assignments — computes each pixel or color on its own, and everything order-dependent runs on one
/// thread), so the same frames always give the same bytes, for any number of cores.
public final class GIFWriter: InMemoryAnimationWriter {
    /// The format's name in error messages (`"GIF"`), as ``InMemoryAnimationWriter`` requires.
    public static let formatName = "GIF"
    /// Frames are buffered for the global palette until they hold this many bytes of RGBA.
    public static let maxBufferedBytes = 256 << 20
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
    private var lzw = GIFLZWEncoder()
    private var finished = false

    // Global palette: buffered frames and their color statistics until the palette exists.
    private var buffered: [(pixels: [UInt8], delay: Int)] = []
    private var bufferedBytes = 0
    private var counts = ColorCounts()
    private var lastChange: [Int32] = []
    private var statFrames = 0
    private var sawTransparency = false
    private var global: Palette?
    /// One mapper per band of rows mapped in parallel (each keeps its own cache of resolved colors).
    private var globalMappers: [PaletteMapper] = []

    /// Straight RGBA bytes of the previous frame (statistics, or per-frame palettes).
    private var previousSource: [UInt8]?
    /// What a decoder shows before the pending frame (little-endian RGBA words, 0 = transparent).
    private var canvas: [UInt32]
    private var canvasBefore: [UInt32] = []
    private var pending: Pending?
    private var region: [UInt8] = []
    /// Global palette: the last frame's source and its mapping (kept to map only changed pixels).
    private var mappedSource: [UInt8]?
    private var mappedIndices: [UInt8] = []
    private var mappedColors: [UInt32] = []
    /// Global palette: the colors the frame should show after the lossy tolerance (a persistent buffer).
    private var frameColors: [UInt32] = []
    /// Whether a later frame may have transparent pixels (then each frame keeps `canvasBefore`, for
    /// re-encoding it with disposal 2). False once every frame is known to be opaque.
    private var mayClear = true
    private var alternative: [UInt8] = []
    private var target: [UInt32] = []

    /// A writer that streams to `path` (atomically: the file appears on ``finish()``).
    /// Throws when the size is not 1…65535 or `fps` is not positive.
    public init(path: String, width: Int, height: Int, fps: Double, options: ExportOptions = ExportOptions()) throws {
        try GIFWriter.validate(width: width, height: height, fps: fps)
        self.width = width; self.height = height; self.fps = fps; self.options = options
        canvas = [UInt32](repeating: 0, count: width * height)
        file = try AtomicFileWriter(path: path)
        if !options.globalPalette { writeHeader(globalPalette: nil) }
    }

    /// A writer that collects the file in memory (see ``bytes``).
    public init(width: Int, height: Int, fps: Double, options: ExportOptions = ExportOptions()) throws {
        try GIFWriter.validate(width: width, height: height, fps: fps)
        self.width = width; self.height = height; self.fps = fps; self.options = options
        canvas = [UInt32](repeating: 0, count: width * height)
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
        // Straight RGBA8; for an opaque frame this is the image's own storage (no copy).
        let pixels = StraightPixels.of(frame)
        frameCount += 1
        if options.globalPalette && global == nil {
            Self.withWords(pixels) { words in
                if !sawTransparency { sawTransparency = words.contains { $0 < 0x8000_0000 } }
                accumulate(words)
            }
            previousSource = pixels
            buffered.append((pixels, delay))
            bufferedBytes += pixels.count
            if bufferedBytes >= Self.maxBufferedBytes { try startGlobal(final: false) }
        } else {
            try encode(pixels, delay: delay)
        }
    }

    /// ``withWords(_:_:)`` for an optional frame.
    static func withOptionalWords<R>(_ bytes: [UInt8]?, _ body: (UnsafeBufferPointer<UInt32>?) throws -> R) rethrows -> R {
        guard let bytes else { return try body(nil) }
        return try withWords(bytes) { try body($0) }
    }

    /// Bands of rows mapped in parallel (the result does not depend on it).
    static let mappingBands = 2

    /// Runs `body` over bands of the rows `rows` (about `bandPixels` pixels each, at least one row),
    /// in parallel; one band when the work is small. Each band must write only its own rows.
    static func forEachBand(_ rows: Range<Int>, width: Int, threads: Int, _ body: (Range<Int>) -> Void) {
        let bandRows = max(1, bandPixels / max(1, width))
        let count = (rows.count + bandRows - 1) / bandRows
        if count <= 1 { if !rows.isEmpty { body(rows) }; return }
        parallelFor(count, threads: threads) { b in
            let lo = rows.lowerBound + b * bandRows
            body(lo..<min(rows.upperBound, lo + bandRows))
        }
    }

    /// Pixels per band of ``forEachBand(_:width:threads:_:)``.
    static let bandPixels = 32768

    /// Straight RGBA8 bytes seen as little-endian words (`r | g << 8 | b << 16 | a << 24`): the
    /// bytes themselves on little-endian machines, a converted copy elsewhere.
    static func withWords<R>(_ bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt32>) throws -> R) rethrows -> R {
        #if _endian(little)
        return try bytes.withUnsafeBufferPointer { try $0.withMemoryRebound(to: UInt32.self, body) }
        #else
        let words = bytes.withUnsafeBytes { raw in
            (0..<raw.count / 4).map { UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4 * $0, as: UInt32.self)) }
        }
        return try words.withUnsafeBufferPointer(body)
        #endif
    }

    /// Encodes pending frames, writes the trailer and moves the file into place.
    public func finish() throws {
        guard !finished else { throw CodecError.invalidArgument("The GIF was already finished") }
        guard frameCount > 0 else {
            file?.discard()
            throw CodecError.invalidArgument("A GIF needs at least one frame")
        }
        if options.globalPalette && global == nil { try startGlobal(final: true) }
        pending = nil
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
        /// Whether every counted color is in the palette (then nothing is lossy).
        var exact: Bool
        /// Table entries written (a power of two ≥ 2) and its bit count.
        var tableBits: Int {
            var bits = 1
            while 1 << bits < colors.count + (transparentIndex == nil ? 0 : 1) { bits += 1 }
            return bits
        }
    }

    /// The palette for counted colors: exact when they fit, otherwise ``ColorQuantizer``; the
    /// transparent index (when reserved) is the entry after the colors.
    static func buildPalette(_ counts: ColorCounts, reserveTransparent: Bool, threads: Int) -> Palette {
        let limit = reserveTransparent ? 255 : 256
        let colors = ColorQuantizer.palette(from: counts, maxColors: limit, threads: threads)
        return Palette(colors: colors, transparentIndex: reserveTransparent ? UInt8(colors.count) : nil,
                       exact: counts.distinct <= limit)
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

    // MARK: - Frames


    /// The last frame written: its bytes stay in `output` until the next frame decides its disposal.
    private struct Pending {
        /// One index per canvas pixel (the transparent index for transparent pixels).
        var indices: [UInt8]
        /// The color each canvas pixel should show after this frame (0 = transparent).
        var colors: [UInt32]
        var delay: Int
        /// The local palette, or nil with the global one.
        var local: Palette?
        /// Lossy tolerance used for this frame (0 = exact).
        var tolerance: Int
        /// The frame's first byte in `output` and its rectangle (the canvas before it is `canvasBefore`).
        var start = 0
        var rect = (0, 0, 1, 1)
    }

    /// Adds a buffered frame's changes to the global palette statistics: every pixel counts once per
    /// frame it is shown in, so the palette minimizes the squared error summed over all frames.
    private func accumulate(_ cur: UnsafeBufferPointer<UInt32>) {
        let n = width * height
        guard let prev = previousSource else {
            lastChange = [Int32](repeating: 0, count: n)
            statFrames = 1
            return
        }
        let k = Int32(statFrames)
        do {
            Self.withWords(prev) { old in
                lastChange.withUnsafeMutableBufferPointer { last in
                    let ra = UnsafeRawPointer(cur.baseAddress!), rb = UnsafeRawPointer(old.baseAddress!)
                    var p = 0
                    while p < n {
                        if p & 7 == 0 && p &+ 8 <= n && eightWordsEqual(ra, rb, 4 &* p) {
                            p &+= 8
                            continue
                        }
                        if cur[p] != old[p] {
                            if old[p] >= 0x8000_0000 { counts.add(old[p], UInt64(k &- last[p])) }
                            last[p] = k
                        }
                        p &+= 1
                    }
                }
            }
        }
        statFrames += 1
    }

    /// Builds the global palette from the statistics, writes the header and encodes the buffered frames.
    private func startGlobal(final: Bool) throws {
        if let prev = previousSource {
            let k = Int32(statFrames)
            Self.withWords(prev) { old in
                var run: UInt32 = 0xFFFF_FFFF
                var w: UInt64 = 0
                for p in 0..<old.count where old[p] >= 0x8000_0000 {
                    let c = old[p] & 0x00FF_FFFF
                    let add = UInt64(k - lastChange[p])
                    if c == run { w += add; continue }
                    if w > 0 { counts.add(run, w) }
                    run = c; w = add
                }
                if w > 0 { counts.add(run, w) }
            }
        }
        previousSource = nil; lastChange = []
        // A transparent index is needed for transparent pixels and for unchanged pixels of later frames.
        let palette = Self.buildPalette(counts, reserveTransparent: sawTransparency || !final || frameCount > 1, threads: options.threads)
        // Every frame is buffered and opaque: no frame will ever need a pixel cleared.
        mayClear = sawTransparency || !final
        counts = ColorCounts()
        global = palette
        let mapper = PaletteMapper(palette: palette.colors, transparentIndex: palette.transparentIndex, dither: options.dither)
        // One band (one cache of resolved colors) when the encoder runs on one thread.
        globalMappers = Array(repeating: mapper, count: min(height, options.threads == 1 ? 1 : Self.mappingBands))
        writeHeader(globalPalette: palette)
        let frames = buffered
        buffered = []; bufferedBytes = 0
        for (pixels, delay) in frames { try encode(pixels, delay: delay) }
    }

    /// Maps a frame, settles the previous frame's disposal, then writes this one.
    ///
    /// With the global palette the previous frame is settled first (which pixels turn transparent is
    /// known from the source: alpha < 128, the pixels the mapper makes transparent), so the buffers it
    /// shared with the mapping are free again and are updated in place: no copy or allocation per frame.
    private func encode(_ pixels: [UInt8], delay: Int) throws {
        let n = width * height
        if let global {
            try settlePending(before: pixels, transparentIndex: global.transparentIndex)
            if mappedIndices.isEmpty {
                mappedIndices = [UInt8](repeating: 0, count: n)
                mappedColors = [UInt32](repeating: 0, count: n)
            }
            // Only pixels whose source changed are mapped again; bands of rows in parallel, each with
            // its own mapper (the mapping is a function of position and color: same result).
            let (w, h) = (width, height)
            Self.withWords(pixels) { src in
                Self.withOptionalWords(mappedSource) { old in
                    mappedIndices.withUnsafeMutableBufferPointer { idx in
                        mappedColors.withUnsafeMutableBufferPointer { col in
                            globalMappers.withUnsafeMutableBufferPointer { mappers in
                                let bands = mappers.count
                                parallelFor(bands, threads: options.threads) { b in
                                    mappers[b].map(src, previous: old, width: w, height: h, rows: (h * b / bands)..<(h * (b + 1) / bands),
                                                   indices: idx, colors: col)
                                }
                            }
                        }
                    }
                }
            }
            mappedSource = pixels
            let tolerance = Self.tolerance(for: global, options)
            var colors = mappedColors
            if tolerance > 0 {
                if frameColors.count != n { frameColors = [UInt32](repeating: 0, count: n) }
                mappedColors.withUnsafeBufferPointer { mapped in
                    frameColors.withUnsafeMutableBufferPointer { out in
                        applyTolerance(tolerance, mapped, into: out)
                    }
                }
                colors = frameColors
            }
            var frame = Pending(indices: mappedIndices, colors: colors, delay: delay, local: nil, tolerance: tolerance)
            try write(&frame, disposal: 1, include: nil)
            pending = frame
            return
        }

        // Per-frame palette from the pixels that changed since the previous frame.
        var counts = ColorCounts()
        var hasTransparency = false
        Self.withWords(pixels) { src in
            if let prev = previousSource {
                Self.withWords(prev) { old in
                    for p in 0..<n where src[p] != old[p] {
                        if src[p] >= 0x8000_0000 { counts.add(src[p], 1) } else { hasTransparency = true }
                    }
                }
            } else {
                counts.add(src)
            }
            if !hasTransparency { for p in 0..<n where src[p] < 0x8000_0000 { hasTransparency = true; break } }
        }
        let palette = Self.buildPalette(counts, reserveTransparent: hasTransparency || previousSource != nil, threads: options.threads)
        var mapper = PaletteMapper(palette: palette.colors, transparentIndex: palette.transparentIndex, dither: options.dither)
        var indices = [UInt8](repeating: 0, count: n)
        var colors = [UInt32](repeating: 0, count: n)
        Self.withWords(pixels) { src in
            indices.withUnsafeMutableBufferPointer { idx in
                colors.withUnsafeMutableBufferPointer { col in
                    mapper.map(src, previous: nil, width: width, height: height, indices: idx, colors: col)
                }
            }
        }
        if let prev = previousSource, pending != nil {
            // Pixels whose source did not change keep the color shown (their new palette may differ).
            Self.withWords(pixels) { src in
                Self.withWords(prev) { old in
                    canvas.withUnsafeBufferPointer { shown in
                        colors.withUnsafeMutableBufferPointer { col in
                            for p in 0..<n where src[p] == old[p] { col[p] = shown[p] }
                        }
                    }
                }
            }
        }
        previousSource = pixels
        try settlePending(before: pixels, transparentIndex: palette.transparentIndex)
        let tolerance = Self.tolerance(for: palette, options)
        if tolerance > 0 {
            colors.withUnsafeMutableBufferPointer { out in applyTolerance(tolerance, UnsafeBufferPointer(out), into: out) }
        }
        var frame = Pending(indices: indices, colors: colors, delay: delay, local: palette, tolerance: tolerance)
        try write(&frame, disposal: 1, include: nil)
        pending = frame
    }

    /// Writes out the pending frame before the frame with source `pixels`: when that frame needs pixels
    /// to turn transparent (alpha < 128, with a transparent index) that the canvas shows opaque, the
    /// pending frame is disposed ("restore to background", i.e. cleared) over a rectangle that covers
    /// them — by patching its disposal, or by re-encoding it over a larger rectangle.
    private func settlePending(before pixels: [UInt8], transparentIndex: UInt8?) throws {
        guard var last = pending else { return }
        pending = nil
        let clear: (Int, Int, Int, Int)? = !mayClear || transparentIndex == nil ? nil : Self.withWords(pixels) { src in
            canvas.withUnsafeBufferPointer { shown in
                src.contains { $0 < 0x8000_0000 } ? Self.clearBounds(width: width, height: height, src, shown) : nil
            }
        }
        if let clear {
            let r = last.rect
            if clear.0 >= r.0 && clear.1 >= r.1 && clear.2 <= r.2 && clear.3 <= r.3 {
                output[last.start + 3] |= 2 << 2
                output[last.start + 3] &= ~(1 << 2)
            } else {
                output.removeSubrange(last.start...)
                canvas = canvasBefore
                try write(&last, disposal: 2, include: clear)
            }
            let w = width
            canvas.withUnsafeMutableBufferPointer { shown in
                for y in last.rect.1..<last.rect.3 { for x in last.rect.0..<last.rect.2 { shown[y &* w &+ x] = 0 } }
            }
        }
        try flush()
    }

    /// Lossy: a pixel keeps the color already shown when it is within the tolerance of its new color.
    /// Writes `mapped` with that applied into `out` (which may be the same memory).
    /// Bands of rows run in parallel (each pixel on its own).
    private func applyTolerance(_ tolerance: Int, _ mapped: UnsafeBufferPointer<UInt32>, into out: UnsafeMutableBufferPointer<UInt32>) {
        let n = width * height, w = width
        precondition(mapped.count >= n && out.count >= n && canvas.count >= n)
        canvas.withUnsafeBufferPointer { shown in
            Self.forEachBand(0..<height, width: w, threads: options.threads) { rows in
                let ra = UnsafeRawPointer(mapped.baseAddress!), rb = UnsafeRawPointer(shown.baseAddress!)
                var p = rows.lowerBound &* w
                let end = rows.upperBound &* w
                // The band is copied as it is, then only pixels whose color changes are looked at
                // (eight that already show their color are skipped at a time).
                if out.baseAddress! != UnsafeMutablePointer(mutating: mapped.baseAddress!) {
                    (out.baseAddress! + p).update(from: mapped.baseAddress! + p, count: end &- p)
                }
                while p < end {
                    if p &+ 8 <= end && eightWordsEqual(ra, rb, 4 &* p) { p &+= 8; continue }
                    let c = mapped[p], s = shown[p]
                    if c != s && s != 0 && c != 0 && Self.distance(c, s) <= tolerance { out[p] = s }
                    p &+= 1
                }
            }
        }
    }

    /// The lossy tolerance for a palette: off when the palette holds every color exactly.
    static func tolerance(for palette: Palette, _ options: ExportOptions) -> Int {
        palette.exact ? 0 : max(0, options.gifLossyTolerance)
    }

    /// Squared RGB distance of two little-endian RGBA words.
    @inline(__always) static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        let dr = Int(a & 0xFF) &- Int(b & 0xFF)
        let dg = Int((a >> 8) & 0xFF) &- Int((b >> 8) & 0xFF)
        let db = Int((a >> 16) & 0xFF) &- Int((b >> 16) & 0xFF)
        return dr &* dr &+ dg &* dg &+ db &* db
    }

    /// The bounding box (x0, y0, x1, y1; exclusive ends) of the pixels where `a` and `b` differ.
    /// Rows are skipped eight pixels at a time.
    private static func bounds(width: Int, height: Int, _ a: [UInt32], _ b: [UInt32]) -> (Int, Int, Int, Int)? {
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                precondition(pa.count >= width * height && pb.count >= width * height)
                let ra = UnsafeRawPointer(pa.baseAddress!), rb = UnsafeRawPointer(pb.baseAddress!)
                var x0 = width, y0 = height, x1 = 0, y1 = 0
                for y in 0..<height {
                    let row = y &* width
                    var first = -1
                    var x = 0
                    while x &+ 8 <= width && eightWordsEqual(ra, rb, 4 &* (row &+ x)) { x &+= 8 }
                    while x < width { if pa[row &+ x] != pb[row &+ x] { first = x; break }; x &+= 1 }
                    if first < 0 { continue }
                    var last = first
                    x = width
                    while x &- 8 > first && eightWordsEqual(ra, rb, 4 &* (row &+ x &- 8)) { x &-= 8 }
                    x &-= 1
                    while x > first { if pa[row &+ x] != pb[row &+ x] { last = x; break }; x &-= 1 }
                    x0 = min(x0, first); x1 = max(x1, last &+ 1); y0 = min(y0, y); y1 = y &+ 1
                }
                return x1 > x0 ? (x0, y0, x1, y1) : nil
            }
        }
    }

    /// The bounding box of the pixels that must turn transparent: transparent in the source
    /// (alpha < 128, little-endian RGBA words) but shown opaque on the canvas.
    private static func clearBounds(width: Int, height: Int, _ source: UnsafeBufferPointer<UInt32>,
                                    _ shown: UnsafeBufferPointer<UInt32>) -> (Int, Int, Int, Int)? {
        precondition(source.count >= width * height && shown.count >= width * height)
        var x0 = width, y0 = height, x1 = 0, y1 = 0
        for y in 0..<height {
            let row = y &* width
            for x in 0..<width where source[row &+ x] < 0x8000_0000 && shown[row &+ x] != 0 {
                x0 = min(x0, x); x1 = max(x1, x &+ 1); y0 = min(y0, y); y1 = y &+ 1
            }
        }
        return x1 > x0 ? (x0, y0, x1, y1) : nil
    }

    /// Appends a frame as the rectangle where the canvas differs from what the frame should show (grown
    /// to `include`); pixels inside it that already show the right color may be the transparent index or
    /// their explicit index, whichever continues the LZW string (and changed pixels, with a lossy
    /// tolerance, any entry that close to their color). Updates the canvas to what decoders show.
    private func write(_ frame: inout Pending, disposal: UInt8, include: (Int, Int, Int, Int)?) throws {
        var rect = Self.bounds(width: width, height: height, canvas, frame.colors) ?? (0, 0, 1, 1)
        if let e = include { rect = (min(rect.0, e.0), min(rect.1, e.1), max(rect.2, e.2), max(rect.3, e.3)) }
        // Kept for re-encoding this frame; a persistent buffer, so no allocation per frame.
        if !mayClear {
            // No later frame has transparent pixels: this frame is never re-encoded.
        } else if canvasBefore.count == canvas.count {
            canvas.withUnsafeBufferPointer { src in
                canvasBefore.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: src.baseAddress!, count: src.count) }
            }
        } else {
            canvasBefore = canvas
        }
        frame.start = output.count
        frame.rect = rect
        let (x0, y0, x1, y1) = rect
        let rw = x1 - x0, rh = y1 - y0
        let palette = frame.local ?? global!
        let table = PaletteMapper.words(of: palette.colors)
        let t = palette.transparentIndex

        // Graphic control extension and image descriptor.
        output += [0x21, 0xF9, 4, disposal << 2 | (t != nil ? 1 : 0)]
        appendUInt16(frame.delay)
        output += [t ?? 0, 0]
        output.append(0x2C)
        appendUInt16(x0); appendUInt16(y0); appendUInt16(rw); appendUInt16(rh)
        output.append(frame.local == nil ? 0 : 0x80 | UInt8(palette.tableBits - 1))
        if frame.local != nil { appendColorTable(palette) }

        let count = rw * rh
        if region.count < count {
            region = [UInt8](repeating: 0, count: count)
            alternative = [UInt8](repeating: 0, count: count)
            target = [UInt32](repeating: 0, count: count)
        }
        let w = width
        let lossy = frame.tolerance > 0
        canvas.withUnsafeBufferPointer { shown in
            frame.colors.withUnsafeBufferPointer { want in
                frame.indices.withUnsafeBufferPointer { idx in
                    table.withUnsafeBufferPointer { tab in
                        region.withUnsafeMutableBufferPointer { out in
                            alternative.withUnsafeMutableBufferPointer { alt in
                                target.withUnsafeMutableBufferPointer { tgt in
                                    // Rows are independent: bands in parallel.
                                    Self.forEachBand(y0..<y1, width: rw, threads: options.threads) { rows in
                                        var o = (rows.lowerBound &- y0) &* rw
                                        for y in rows {
                                            let row = y &* w
                                            for x in x0..<x1 {
                                                let p = row &+ x
                                                let i = idx[p], c = want[p]
                                                if let t, shown[p] == c {
                                                    out[o] = t
                                                    alt[o] = tab[Int(i)] == c && c != 0 ? i : t
                                                    tgt[o] = 0
                                                } else {
                                                    out[o] = i
                                                    alt[o] = i
                                                    tgt[o] = lossy && c != 0 && tab[Int(i)] == c ? c : 0
                                                }
                                                o &+= 1
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        let minCodeSize = max(2, palette.tableBits)
        region.withUnsafeMutableBufferPointer { out in
            alternative.withUnsafeBufferPointer { alt in
                target.withUnsafeBufferPointer { tgt in
                    table.withUnsafeBufferPointer { tab in
                        let choices = GIFLZWEncoder.Choices(alternative: alt, target: tgt, table: tab, tolerance: frame.tolerance, transparent: t)
                        lzw.encode(UnsafeMutableBufferPointer(rebasing: out[0..<count]), choices: choices,
                                   minCodeSize: minCodeSize, into: &output)
                    }
                }
            }
        }
        // What decoders show now.
        canvas.withUnsafeMutableBufferPointer { shown in
            region.withUnsafeBufferPointer { out in
                table.withUnsafeBufferPointer { tab in
                    Self.forEachBand(y0..<y1, width: rw, threads: options.threads) { rows in
                        var o = (rows.lowerBound &- y0) &* rw
                        for y in rows {
                            let row = y &* w
                            for x in x0..<x1 {
                                let s = out[o]
                                if s != t { shown[row &+ x] = tab[Int(s)] }
                                o &+= 1
                            }
                        }
                    }
                }
            }
        }
    }
}
