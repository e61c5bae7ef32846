import StardustCore

/// A layer that fills and strokes a vector path in its bounds space (`CAShapeLayer`).
///
/// Animatable key paths beyond ``Layer``'s: `path` (shape morphing: paths of
/// one structure interpolate point by point), `fillColor`, `strokeColor`,
/// `lineWidth`, `miterLimit`, `strokeStart`, `strokeEnd`, `lineDashPhase`,
/// `lineDashPattern` (colors read as `.clear` when `nil`, the path as an empty
/// path, the dash pattern as an empty list).
open class ShapeLayer: Layer {
    /// The path in the layer's bounds coordinates (default `nil`: nothing drawn).
    public var path: Path? {
        didSet { reportChange("path", .path(oldValue ?? Path()), .path(path ?? Path())) }
    }
    /// The fill (default opaque black; `nil` = no fill).
    public var fillColor: Color? = .black {
        didSet { reportChange("fillColor", .color(oldValue ?? .clear), .color(fillColor ?? .clear)) }
    }
    /// The winding rule of the fill (default nonZero).
    public var fillRule: FillRule = .nonZero
    /// The stroke (default `nil`: no stroke).
    public var strokeColor: Color? {
        didSet { reportChange("strokeColor", .color(oldValue ?? .clear), .color(strokeColor ?? .clear)) }
    }
    /// The stroke width in points (default 1).
    public var lineWidth: Double = 1 {
        didSet { reportChange("lineWidth", .number(oldValue), .number(lineWidth)) }
    }
    /// The end caps of open subpaths (default butt).
    public var lineCap: StrokeStyle.LineCap = .butt
    /// The corners of the stroke (default miter).
    public var lineJoin: StrokeStyle.LineJoin = .miter
    /// The miter limit (default 10).
    public var miterLimit: Double = 10 {
        didSet { reportChange("miterLimit", .number(oldValue), .number(miterLimit)) }
    }
    /// Where the stroke begins, as a fraction of the path's length (default 0). The fill is not affected.
    public var strokeStart: Double = 0 {
        didSet { reportChange("strokeStart", .number(oldValue), .number(strokeStart)) }
    }
    /// Where the stroke ends, as a fraction of the path's length (default 1).
    public var strokeEnd: Double = 1 {
        didSet { reportChange("strokeEnd", .number(oldValue), .number(strokeEnd)) }
    }

    /// Lengths of alternately painted and unpainted runs of the stroke, in points along the path
    /// (`lineDashPattern`, default `nil`: solid). Odd counts repeat, zero entries draw dots with round or square
    /// caps; the dashes are cut after `strokeStart`/`strokeEnd` trimming (see ``StrokeStyle/dashPattern``).
    public var lineDashPattern: [Double]? {
        didSet { reportChange("lineDashPattern", Self.list(oldValue), Self.list(lineDashPattern)) }
    }
    /// How far into the dash pattern the stroke starts, in points (`lineDashPhase`, default 0; animatable).
    public var lineDashPhase: Double = 0 {
        didSet { reportChange("lineDashPhase", .number(oldValue), .number(lineDashPhase)) }
    }

    /// Creates a layer with Core Animation's defaults.
    public override init() { super.init() }

    /// A shape layer with the defaults (``Layer/blankCopy()``: this class only).
    open override func blankCopy() -> Layer? { type(of: self) == ShapeLayer.self ? ShapeLayer() : nil }

    /// ``Layer``'s values, then the shape's.
    open override func copyValues(to copy: Layer) {
        super.copyValues(to: copy)
        guard let c = copy as? ShapeLayer else { return }
        c.path = path
        c.fillColor = fillColor
        c.fillRule = fillRule
        c.strokeColor = strokeColor
        c.lineWidth = lineWidth
        c.lineCap = lineCap
        c.lineJoin = lineJoin
        c.miterLimit = miterLimit
        c.strokeStart = strokeStart
        c.strokeEnd = strokeEnd
        c.lineDashPattern = lineDashPattern
        c.lineDashPhase = lineDashPhase
    }

    private static let ownKeys: Set<String> = ["fillColor", "strokeColor", "lineWidth", "miterLimit", "strokeStart", "strokeEnd",
                                               "path", "lineDashPattern", "lineDashPhase"]

    static func list(_ numbers: [Double]?) -> AnimatableValue { .array((numbers ?? []).map { .number($0) }) }

    /// This class's own key paths, then ``Layer``'s.
    open override func value(forKeyPath keyPath: String) -> AnimatableValue? {
        switch keyPath {
        case "fillColor": return .color(fillColor ?? .clear)
        case "strokeColor": return .color(strokeColor ?? .clear)
        case "lineWidth": return .number(lineWidth)
        case "miterLimit": return .number(miterLimit)
        case "strokeStart": return .number(strokeStart)
        case "strokeEnd": return .number(strokeEnd)
        case "path": return .path(path ?? Path())
        case "lineDashPattern": return Self.list(lineDashPattern)
        case "lineDashPhase": return .number(lineDashPhase)
        default: return super.value(forKeyPath: keyPath)
        }
    }

    /// Sets this class's own key paths (values of the wrong type ignored), else defers to ``Layer``.
    open override func setValue(_ value: AnimatableValue, forKeyPath keyPath: String) {
        guard ShapeLayer.ownKeys.contains(keyPath) else { return super.setValue(value, forKeyPath: keyPath) }
        switch (keyPath, value) {
        case ("fillColor", .color(let c)): fillColor = c
        case ("strokeColor", .color(let c)): strokeColor = c
        case ("lineWidth", .number(let v)): lineWidth = v
        case ("miterLimit", .number(let v)): miterLimit = v
        case ("strokeStart", .number(let v)): strokeStart = v
        case ("strokeEnd", .number(let v)): strokeEnd = v
        case ("path", .path(let p)): path = p.isEmpty ? nil : p
        case ("lineDashPattern", .array(let a)): if let v = Self.numbers(a) { lineDashPattern = v.isEmpty ? nil : v }
        case ("lineDashPhase", .number(let v)): lineDashPhase = v
        default: break
        }
    }

    /// The presentation value of one of this class's own keys (none is a snapshot key, so none may differ from its model
    /// value when ``AnimationIndex/mayAnimateOtherRoots`` is false: then no root string is compared).
    private func current(_ key: String, _ model: Double, _ time: Double) -> Double {
        mayAnimateOwnKey(key) ? (presentationValue(forKeyPath: key, at: time)?.doubleValue ?? model) : model
    }

    private func currentColor(_ key: String, _ model: Color?, _ time: Double) -> Color? {
        guard mayAnimateOwnKey(key), case .color(let c)? = presentationValue(forKeyPath: key, at: time) else { return model }
        return model == nil && c == .clear ? nil : c
    }

    @inline(__always)
    private func mayAnimateOwnKey(_ key: String) -> Bool {
        animationIndex.mayAnimateOtherRoots && animationIndex.mayAnimate(root: key)
    }

    static func numbers(_ a: [AnimatableValue]) -> [Double]? {
        var out: [Double] = []
        for v in a { guard case .number(let n) = v else { return nil }; out.append(n) }
        return out
    }

    /// Appends a fill `PathDraw` (when `fillColor` is visible) and then a
    /// stroke `PathDraw` of the `strokeStart…strokeEnd` part (when
    /// `strokeColor` is visible and `lineWidth` > 0), dashed by the dash
    /// pattern from its start, with presentation values.
    open override func drawContents(into list: inout [DrawCommand], time: Double, transform: Transform2D) {
        drawShape(path: self.path, into: &list, time: time, transform: transform)
    }

    /// ``ShapeLayer``'s ``drawContents(into:time:transform:)`` as if the model ``path`` were `model`: the Lottie layers
    /// that compute their outline per frame hand it in here instead of setting `path` for the call and back, which
    /// reported two changes per layer and frame (docs/LOTTIE.md, "Decisions"). Drawing reads the model path only at its
    /// start, unless an animation names `path` (its plan reads the model through ``value(forKeyPath:)``): then the
    /// model is set for the call, as before.
    package func drawContents(into list: inout [DrawCommand], time: Double, transform: Transform2D, path model: Path?) {
        guard mayAnimateOwnKey("path") else { return drawShape(path: model, into: &list, time: time, transform: transform) }
        let saved = path
        path = model
        drawShape(path: model, into: &list, time: time, transform: transform)
        path = saved
    }

    private func drawShape(path model: Path?, into list: inout [DrawCommand], time: Double, transform: Transform2D) {
        var path = model
        // Properties no animation touches are read from the model directly (``AnimationIndex``).
        if mayAnimateOwnKey("path"), case .path(let p)? = presentationValue(forKeyPath: "path", at: time) { path = p }
        guard let path, !path.isEmpty else { return }
        if let fill = currentColor("fillColor", fillColor, time), fill.alpha > 0 {
            list.append(.path(PathDraw(path: path, transform: transform, style: .fill(fillRule), paint: .color(fill))))
        }
        let width = current("lineWidth", lineWidth, time)
        guard let stroke = currentColor("strokeColor", strokeColor, time), stroke.alpha > 0, width > 0 else { return }
        let s0 = current("strokeStart", strokeStart, time), s1 = current("strokeEnd", strokeEnd, time)
        let scale = max(transform.maxScale, 1e-6)
        let shown = s0 <= 0 && s1 >= 1 ? path : path.trimmed(from: s0, to: s1, tolerance: 0.1 / scale)
        guard !shown.isEmpty else { return }
        var dashes = lineDashPattern ?? []
        if mayAnimateOwnKey("lineDashPattern"), case .array(let a)? = presentationValue(forKeyPath: "lineDashPattern", at: time) {
            dashes = Self.numbers(a) ?? dashes
        }
        let style = StrokeStyle(width: width, cap: lineCap, join: lineJoin, miterLimit: current("miterLimit", miterLimit, time),
                                dashPattern: dashes, dashPhase: dashes.isEmpty ? 0 : current("lineDashPhase", lineDashPhase, time))
        list.append(.path(PathDraw(path: shown, transform: transform, style: .stroke(style), paint: .color(stroke))))
    }
}
