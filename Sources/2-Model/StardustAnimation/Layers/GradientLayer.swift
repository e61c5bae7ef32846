import StardustCore

/// A layer that fills its bounds with an axial gradient (`CAGradientLayer`, type `axial`).
///
/// Animatable key paths beyond ``Layer``'s: `startPoint`, `endPoint`.
open class GradientLayer: Layer {
    /// The gradient colors (default empty: nothing drawn; one color fills flat).
    public var colors: [Color] = []
    /// The stop locations in 0…1, one per color (default `nil`: evenly spaced).
    /// A list whose count differs from `colors` is ignored (evenly spaced).
    public var locations: [Double]?
    /// Where the gradient starts, in unit coordinates of the bounds (default `(0.5, 0)`: the top edge).
    public var startPoint = Point(0.5, 0) {
        didSet { reportChange("startPoint", .point(oldValue), .point(startPoint)) }
    }
    /// Where the gradient ends, in unit coordinates of the bounds (default `(0.5, 1)`: the bottom edge).
    public var endPoint = Point(0.5, 1) {
        didSet { reportChange("endPoint", .point(oldValue), .point(endPoint)) }
    }

    /// Creates a layer with Core Animation's defaults.
    public override init() { super.init() }

    /// This class's own key paths, then ``Layer``'s.
    open override func value(forKeyPath keyPath: String) -> AnimatableValue? {
        let (head, rest) = LayerKeyPath.split(keyPath)
        switch head {
        case "startPoint": return AnimatableValue.point(startPoint).component(atPath: rest)
        case "endPoint": return AnimatableValue.point(endPoint).component(atPath: rest)
        default: return super.value(forKeyPath: keyPath)
        }
    }

    /// Sets this class's own key paths (values of the wrong type ignored), else defers to ``Layer``.
    open override func setValue(_ value: AnimatableValue, forKeyPath keyPath: String) {
        let (head, rest) = LayerKeyPath.split(keyPath)
        switch head {
        case "startPoint":
            if case .point(let p)? = AnimatableValue.point(startPoint).setting(componentAtPath: rest, to: value) { startPoint = p }
        case "endPoint":
            if case .point(let p)? = AnimatableValue.point(endPoint).setting(componentAtPath: rest, to: value) { endPoint = p }
        default: super.setValue(value, forKeyPath: keyPath)
        }
    }

    /// The color stops drawn: `colors` at `locations` (or evenly spaced).
    public var stops: [GradientStop] {
        guard !colors.isEmpty else { return [] }
        if colors.count == 1 { return [GradientStop(0, colors[0]), GradientStop(1, colors[0])] }
        if let locations, locations.count == colors.count {
            return zip(locations, colors).map { GradientStop($0, $1) }
        }
        let n = Double(colors.count - 1)
        return colors.enumerated().map { GradientStop(Double($0.offset) / n, $0.element) }
    }

    /// Appends the bounds as a path filled with `Paint.linearGradient(start:end:stops:)`
    /// from `startPoint` to `endPoint` mapped into the presentation bounds.
    open override func drawContents(into list: inout [DrawCommand], time: Double, transform: Transform2D) {
        let stops = self.stops
        guard !stops.isEmpty else { return }
        var b = bounds, sp = startPoint, ep = endPoint
        if hasAnimations {
            if case .rect(let r)? = presentationValue(forKeyPath: "bounds", at: time) { b = r }
            if case .point(let p)? = presentationValue(forKeyPath: "startPoint", at: time) { sp = p }
            if case .point(let p)? = presentationValue(forKeyPath: "endPoint", at: time) { ep = p }
        }
        b = b.standardized
        guard !b.isEmpty else { return }
        func map(_ u: Point) -> Point { Point(b.minX + u.x * b.width, b.minY + u.y * b.height) }
        list.append(.path(PathDraw(path: Path(rect: b), transform: transform, style: .fill(.nonZero),
                                   paint: .linearGradient(start: map(sp), end: map(ep), stops: stops))))
    }
}
