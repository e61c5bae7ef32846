/// One item of a shape layer's `shapes` (or a group's `it`), by its `ty`.
public indirect enum LottieShapeItem: Sendable, Equatable {
    /// `gr`: items drawn with the group's own transform (its `tr` item, taken out of the list).
    case group(LottieShapeGroup)
    /// `rc`: a rectangle centred on `p`, of size `s`, corner radius `r`.
    case rectangle(position: LottieProperty<[Double]>, size: LottieProperty<[Double]>, roundness: LottieProperty<Double>, reversed: Bool)
    /// `el`: an ellipse centred on `p` with diameters `s`.
    case ellipse(position: LottieProperty<[Double]>, size: LottieProperty<[Double]>, reversed: Bool)
    /// `sr`: a star (`sy: 1`) or polygon (`sy: 2`).
    case polystar(LottiePolystar)
    /// `sh`: a bezier path (`ks`), possibly animated (morphing).
    case path(LottieProperty<LottieBezier>, reversed: Bool)
    /// `fl`: a solid fill.
    case fill(color: LottieProperty<[Double]>, opacity: LottieProperty<Double>, evenOdd: Bool)
    /// `st`: a solid stroke.
    case stroke(LottieStroke)
    /// `gf`: a gradient fill.
    case gradientFill(LottieGradient)
    /// `gs`: a gradient stroke (the gradient and the stroke's width, caps and joins).
    case gradientStroke(LottieGradient, LottieStroke)
    /// `tm`: trim paths, start `s` and end `e` in percent, offset `o` in degrees; `m` 1 = simultaneously, 2 = individually.
    case trim(start: LottieProperty<Double>, end: LottieProperty<Double>, offset: LottieProperty<Double>, individually: Bool)
    /// `rp`: a repeater, `c` copies offset by `o`, each transformed by `tr` (with start/end opacity `so`/`eo`).
    case repeater(LottieRepeater)
    /// `rd`: round corners of radius `r`.
    case roundCorners(radius: LottieProperty<Double>)
    /// `mm`: merge paths, mode `mm` (1 merge, 2 add, 3 subtract, 4 intersect, 5 exclude intersections).
    case merge(mode: Int)
    /// A type this reader does not know or does not draw (`ty` kept, for the warning).
    case unsupported(type: String)
}

/// A shape group: its items (without the transform) and its transform.
public struct LottieShapeGroup: Sendable, Equatable {
    public var name: String?
    public var items: [LottieShapeItem]
    /// The JSON paths of ``items``, one per item, for warnings.
    public var itemPaths: [String]
    public var transform: LottieTransform
    public var hidden: Bool
    public init(name: String?, items: [LottieShapeItem], itemPaths: [String], transform: LottieTransform, hidden: Bool = false) {
        self.name = name; self.items = items; self.itemPaths = itemPaths; self.transform = transform; self.hidden = hidden
    }
}

/// The parameters of a `sr` item.
public struct LottiePolystar: Sendable, Equatable {
    public var isStar: Bool
    public var position: LottieProperty<[Double]>
    public var points: LottieProperty<Double>
    public var rotation: LottieProperty<Double>
    public var outerRadius: LottieProperty<Double>
    public var outerRoundness: LottieProperty<Double>
    public var innerRadius: LottieProperty<Double>
    public var innerRoundness: LottieProperty<Double>
    public var reversed: Bool
}

/// The stroke part of `st` and `gs`.
public struct LottieStroke: Sendable, Equatable {
    public var color: LottieProperty<[Double]>
    public var opacity: LottieProperty<Double>
    public var width: LottieProperty<Double>
    /// `lc`: 1 butt, 2 round, 3 square.
    public var cap: Int
    /// `lj`: 1 miter, 2 round, 3 bevel.
    public var join: Int
    /// `ml`.
    public var miterLimit: Double
    /// `d`: the dash entries (`n` "d", "g" or "o") in order.
    public var dashes: [LottieDash] = []
    /// How many dash entries the stroke has.
    public var dashCount: Int { dashes.count }
}

/// A gradient (`g` with `p` colour stops, `s`/`e` end points, `t` 1 linear 2 radial, `h`/`a` highlight).
public struct LottieGradient: Sendable, Equatable {
    public var isRadial: Bool
    public var colorStopCount: Int
    /// The flat stop array `[offset, r, g, b, …, offset, alpha, …]`.
    public var stops: LottieProperty<[Double]>
    public var start: LottieProperty<[Double]>
    public var end: LottieProperty<[Double]>
    public var opacity: LottieProperty<Double>
    public var evenOdd: Bool
    /// `h`: the highlight length of a radial gradient, in percent of the radius (the focal point's distance).
    public var highlightLength: LottieProperty<Double> = .constant(0)
    /// `a`: the highlight angle in degrees, relative to the start → end direction.
    public var highlightAngle: LottieProperty<Double> = .constant(0)
}

/// The parameters of a `rp` item.
public struct LottieRepeater: Sendable, Equatable {
    public var copies: LottieProperty<Double>
    public var offset: LottieProperty<Double>
    /// `m`: 1 = copies above, 2 = below.
    public var composite: Int
    public var transform: LottieTransform
    public var startOpacity: LottieProperty<Double>
    public var endOpacity: LottieProperty<Double>
}
