/// A text animator (`t.a[i]`): properties that After Effects applies to the characters its range selector picks,
/// in proportion to how much each character is selected (docs/LOTTIE.md, "Text animators").
public struct LottieTextAnimator: Sendable, Equatable {
    /// `s`: which characters, and how much.
    public var selector: LottieTextRangeSelector
    /// `a.fc`, `a.sc`: the fill and stroke colour a fully selected character takes (red, green, blue; 0…1).
    public var fillColor: LottieProperty<[Double]>?
    public var strokeColor: LottieProperty<[Double]>?
    /// `a.sw`: the stroke width a fully selected character takes.
    public var strokeWidth: LottieProperty<Double>?
    /// `a.o`: the opacity (percent) a fully selected character takes.
    public var opacity: LottieProperty<Double>?
    /// `a.p`: the offset of a fully selected character.
    public var position: LottieProperty<[Double]>?
    /// `a.s`: its scale (percent), about the middle of its advance on the baseline.
    public var scale: LottieProperty<[Double]>?
    /// `a.r`: its rotation in degrees, about the same point.
    public var rotation: LottieProperty<Double>?
    /// `a.t`: tracking added after it (thousandths of the font size, as the document's `tr`).
    public var tracking: LottieProperty<Double>?
    /// The keys of `a` that are not drawn (anchor `a`, skew `sk`, hue `fh`, …; named in a warning).
    public var otherProperties: [String]
    /// The animator's JSON path, for warnings.
    public var path: String

    public init(selector: LottieTextRangeSelector, fillColor: LottieProperty<[Double]>? = nil,
                strokeColor: LottieProperty<[Double]>? = nil, strokeWidth: LottieProperty<Double>? = nil,
                opacity: LottieProperty<Double>? = nil, position: LottieProperty<[Double]>? = nil,
                scale: LottieProperty<[Double]>? = nil, rotation: LottieProperty<Double>? = nil,
                tracking: LottieProperty<Double>? = nil, otherProperties: [String] = [], path: String = "") {
        self.selector = selector; self.fillColor = fillColor; self.strokeColor = strokeColor
        self.strokeWidth = strokeWidth; self.opacity = opacity; self.position = position; self.scale = scale
        self.rotation = rotation; self.tracking = tracking; self.otherProperties = otherProperties; self.path = path
    }
}

/// A text animator's range selector (`s` of `t.a[i]`): start, end and offset in percent of the characters (`r` 1)
/// or in characters (`r` 2), its shape (`sh`) and amount (`a`, percent).
public struct LottieTextRangeSelector: Sendable, Equatable {
    public var start: LottieProperty<Double>
    public var end: LottieProperty<Double>
    public var offset: LottieProperty<Double>
    public var amount: LottieProperty<Double>
    /// `sm`: smoothness in percent (100: a character partly in the range is partly selected; 0: wholly or not).
    public var smoothness: LottieProperty<Double>
    /// `r`: true for index units (characters), false for percent.
    public var inCharacters: Bool
    /// `b`: 1 characters, 2 characters without spaces, 3 words, 4 lines.
    public var basedOn: Int
    /// `sh`: 1 square, 2 ramp up, 3 ramp down, 4 triangle, 5 round, 6 smooth.
    public var shape: Int
    /// `rn`: randomised order.
    public var randomized: Bool

    public init(start: LottieProperty<Double> = .constant(0), end: LottieProperty<Double> = .constant(100),
                offset: LottieProperty<Double> = .constant(0), amount: LottieProperty<Double> = .constant(100),
                smoothness: LottieProperty<Double> = .constant(100), inCharacters: Bool = false, basedOn: Int = 1, shape: Int = 1, randomized: Bool = false) {
        self.start = start; self.end = end; self.offset = offset; self.amount = amount; self.smoothness = smoothness
        self.inCharacters = inCharacters; self.basedOn = basedOn; self.shape = shape; self.randomized = randomized
    }
}
