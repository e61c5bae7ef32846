/// Options shared by the exporters; each format uses the ones that apply to it.
public struct ExportOptions: Hashable, Sendable {
    /// GIF and APNG loop count: 0 = loop forever, n = the value stored in NETSCAPE2.0 / acTL `num_plays`.
    public var loopCount: Int = 0
    /// GIF: ordered (Bayer 8×8) dithering between the two nearest palette colors — a function of the
    /// pixel's position and color only, so unchanged pixels stay identical from frame to frame.
    public var dither: Bool = true
    /// GIF: one palette for the whole animation, built from exact color statistics of all frames (frames
    /// are kept until ``FrameSink/finish()``, up to `GIFWriter.maxBufferedBytes`). `false`: one local
    /// palette per frame from its changed pixels, frames stream out as they arrive.
    public var globalPalette: Bool = true
    /// GIF: lossy tolerance, as a squared RGB distance (0 = off). A changed pixel may keep the color
    /// already shown, or take any palette entry that continues the LZW string, when that color is within
    /// this distance of its quantized color. Ignored when the palette holds every color exactly.
    public var gifLossyTolerance: Int = 32
    /// PNG, APNG and PNG sequences: zlib effort.
    public var pngCompression: PNGCompression = .default
    /// The frame number of the first frame (PNG sequences name their files from it).
    public var firstFrameNumber: Int = 0
    /// GIF: the most threads the encoder uses (0 = all active cores). The bytes do not depend on it; a
    /// render job passes its own thread count, so a job given one thread (a batch worker, `--threads 1`)
    /// does not compete with the other workers for cores.
    public var threads: Int = 0

    /// Options with the given values (all have defaults).
    public init(loopCount: Int = 0, dither: Bool = true, globalPalette: Bool = true, pngCompression: PNGCompression = .default,
                gifLossyTolerance: Int = 32) {
        self.loopCount = loopCount; self.dither = dither; self.globalPalette = globalPalette; self.pngCompression = pngCompression
        self.gifLossyTolerance = gifLossyTolerance
    }
}
