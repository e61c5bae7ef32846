/// The budgets a Lottie file must fit before any work is done with it (docs/LOTTIE.md, "Limits").
///
/// Files from strangers may be built to exhaust memory or time; each limit is checked while reading, and a
/// file beyond one is refused with the JSON path of the value that crossed it.
public struct LottieLimits: Sendable, Hashable {
    /// Most keyframes in the whole file (all properties together).
    public var maxKeyframes = 1_000_000
    /// Largest `op` (and any frame number), in frames.
    public var maxFrame: Double = 1e9
    /// Largest composition, precomp, solid or image side, in points.
    public var maxSide: Double = 100_000
    /// Deepest nesting of shape groups and of precomps inside precomps.
    public var maxDepth = 64
    /// Most layers in the whole file (precomp assets included).
    public var maxLayers = 100_000
    /// Most bytes of one decoded embedded (base64) or side-by-side image file.
    public var maxImageBytes = 64 << 20
    /// Most pixels of one decoded image.
    public var maxImagePixels = 64 << 20
    /// Most bytes of JSON text (after gzip or ZIP decompression).
    public var maxJSONBytes = 256 << 20
    /// Most layers the translated tree may hold after precomps are expanded (a precomp used many times in many
    /// precomps multiplies: 10 × 10 × 10 …).
    public var maxTranslatedLayers = 200_000
    /// ZIP (`.lottie`) entries.
    public var maxZipEntries = 1000
    /// Most uncompressed bytes of all ZIP entries together.
    public var maxZipBytes = 512 << 20

    /// Most masks on one layer (`masksProperties`).
    public var maxMasks = 256
    /// Most effects on one layer (`ef`) and values in one effect.
    public var maxEffects = 64
    /// Most entries in one stroke's dash list (`d`), as `lineDashPattern` allows.
    public var maxDashes = 256
    /// Longest expression source (`x`), in UTF-8 bytes.
    public var maxExpressionBytes = 64 << 10

    public init() {}
}
