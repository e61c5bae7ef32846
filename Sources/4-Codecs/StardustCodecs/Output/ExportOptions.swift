/// Options shared by the exporters; each format uses the ones that apply to it.
public struct ExportOptions: Hashable, Sendable {
    /// GIF and APNG loop count: 0 = loop forever, n = the value stored in NETSCAPE2.0 / acTL `num_plays`.
    public var loopCount: Int = 0
    /// GIF: Floyd–Steinberg dithering.
    public var dither: Bool = true
    /// GIF: one palette for all frames (frames are kept until ``FrameSink/finish()``) instead of one per frame.
    public var globalPalette: Bool = false
    /// PNG, APNG and PNG sequences: zlib effort.
    public var pngCompression: PNGCompression = .default
    /// The frame number of the first frame (PNG sequences name their files from it).
    public var firstFrameNumber: Int = 0

    /// Options with the given values (all have defaults).
    public init(loopCount: Int = 0, dither: Bool = true, globalPalette: Bool = false, pngCompression: PNGCompression = .default) {
        self.loopCount = loopCount; self.dither = dither; self.globalPalette = globalPalette; self.pngCompression = pngCompression
    }
}
