/// A parsed Lottie (Bodymovin) animation: the typed form of the JSON schema 4.x–5.x, before translation.
///
/// Produced by ``LottieParser``; turned into Stardust layers by ``LottieTranslator``. Every value is kept as
/// the file gives it (frames, percent, degrees); units change only in translation.
public struct LottieAnimation: Sendable, Equatable {
    /// `v`: the Bodymovin version that wrote the file.
    public var version: String
    /// `fr`: frames per second.
    public var frameRate: Double
    /// `ip`, `op`: the first frame and the frame after the last.
    public var inPoint: Double
    public var outPoint: Double
    /// `w`, `h`: the composition size in points.
    public var width: Double
    public var height: Double
    /// `nm`.
    public var name: String?
    /// `layers`, top first.
    public var layers: [LottieLayer]
    /// `assets`: precomps by id.
    public var precomps: [String: [LottieLayer]]
    /// `assets`: images by id.
    public var images: [String: LottieImageAsset]
    /// `markers`.
    public var markers: [LottieMarker]
    /// `fonts.list`: family names by font name.
    public var fonts: [String: String]
    /// `fonts.list`: the fonts by `fName`.
    public var fontList: [String: LottieFont] = [:]
    /// `chars`: the file's glyph shapes.
    public var glyphs: [LottieGlyph] = []
    /// Number of glyphs in `chars`.
    public var glyphCount: Int { glyphs.count }

    /// The duration in seconds, `(op − ip) / fr`.
    public var duration: Double { (outPoint - inPoint) / frameRate }
}

/// An image asset: `p` (file name or data URL) in folder `u`, drawn at `w`×`h`.
public struct LottieImageAsset: Sendable, Equatable {
    public var id: String
    public var width: Double
    public var height: Double
    /// `u`.
    public var folder: String
    /// `p`.
    public var file: String
    /// `e: 1`: `p` is a data URL.
    public var embedded: Bool
    /// The asset's JSON path.
    public var path: String
}

/// A named time range (`markers[i]`: `cm` name, `tm` start frame, `dr` duration in frames).
public struct LottieMarker: Sendable, Equatable {
    public var name: String
    public var frame: Double
    public var duration: Double

    public init(name: String, frame: Double, duration: Double) { self.name = name; self.frame = frame; self.duration = duration }
}
