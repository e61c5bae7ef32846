import Foundation
import StardustCore

/// A layer that fills its bounds with a gradient (`CAGradientLayer`): axial (the default), radial or conic.
///
/// Animatable key paths beyond ``Layer``'s: `startPoint`, `endPoint`, `colors` and `locations` (lists of the
/// same length interpolate element by element, others switch halfway). `type` is not animatable.
/// Geometry of each type: docs/DRAWING.md, "Gradients".
open class GradientLayer: Layer {
    /// The kind of gradient (`CAGradientLayerType`).
    public enum GradientType: String, Hashable, Sendable, CaseIterable {
        /// Colors vary along the line from `startPoint` to `endPoint` (`kCAGradientLayerAxial`, the default).
        case axial
        /// Colors vary from `startPoint` (location 0) to the axis-aligned ellipse centred there whose semi-axes
        /// are `endPoint − startPoint` per axis (location 1), in the unit space of the bounds (`kCAGradientLayerRadial`).
        case radial
        /// Colors vary with the angle around `startPoint`, location 0 in the direction of `endPoint`, increasing
        /// clockwise on screen to 1 after a full turn (`kCAGradientLayerConic`).
        case conic
    }

    /// The kind of gradient (default `.axial`).
    public var type: GradientType = .axial
    /// The gradient colors (default empty: nothing drawn; one color fills flat).
    public var colors: [Color] = [] {
        didSet { reportChange("colors", .array(oldValue.map { .color($0) }), .array(colors.map { .color($0) })) }
    }
    /// The stop locations in 0…1, one per color (default `nil`: evenly spaced).
    /// A list whose count differs from `colors` is ignored (evenly spaced).
    public var locations: [Double]? {
        didSet { reportChange("locations", .array((oldValue ?? []).map { .number($0) }), .array((locations ?? []).map { .number($0) })) }
    }
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

    /// A gradient layer with the defaults (``Layer/blankCopy()``: this class only).
    open override func blankCopy() -> Layer? { Swift.type(of: self) == GradientLayer.self ? GradientLayer() : nil }

    /// ``Layer``'s values, then the gradient's.
    open override func copyValues(to copy: Layer) {
        super.copyValues(to: copy)
        guard let c = copy as? GradientLayer else { return }
        c.type = type
        c.colors = colors
        c.locations = locations
        c.startPoint = startPoint
        c.endPoint = endPoint
    }

    /// This class's own key paths, then ``Layer``'s.
    open override func value(forKeyPath keyPath: String) -> AnimatableValue? {
        let (head, rest) = LayerKeyPath.split(keyPath)
        switch head {
        case "startPoint": return AnimatableValue.point(startPoint).component(atPath: rest)
        case "endPoint": return AnimatableValue.point(endPoint).component(atPath: rest)
        case "colors" where rest.isEmpty: return .array(colors.map { .color($0) })
        case "locations" where rest.isEmpty: return .array(stops(colors: colors, locations: locations).map { .number($0.location) })
        case "type" where rest.isEmpty: return .string(type.rawValue)
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
        case "colors" where rest.isEmpty:
            if case .array(let a) = value, let c = Self.colors(a) { colors = c }
        case "locations" where rest.isEmpty:
            if case .array(let a) = value, let n = ShapeLayer.numbers(a) { locations = n }
        case "type" where rest.isEmpty:
            if case .string(let s) = value, let t = GradientType(rawValue: s) { type = t }
        default: super.setValue(value, forKeyPath: keyPath)
        }
    }

    static func colors(_ a: [AnimatableValue]) -> [Color]? {
        var out: [Color] = []
        for v in a { guard case .color(let c) = v else { return nil }; out.append(c) }
        return out
    }

    /// The color stops drawn: `colors` at `locations` (or evenly spaced).
    public var stops: [GradientStop] { stops(colors: colors, locations: locations) }

    /// `colors` at `locations`, or evenly spaced when `locations` is `nil` or of another count.
    func stops(colors: [Color], locations: [Double]?) -> [GradientStop] {
        guard !colors.isEmpty else { return [] }
        if colors.count == 1 { return [GradientStop(0, colors[0]), GradientStop(1, colors[0])] }
        if let locations, locations.count == colors.count {
            return zip(locations, colors).map { GradientStop($0, $1) }
        }
        let n = Double(colors.count - 1)
        return colors.enumerated().map { GradientStop(Double($0.offset) / n, $0.element) }
    }

    /// Appends the bounds as a path filled with the gradient of ``type`` (`Paint.linearGradient`,
    /// `.ellipticalGradient` or `.conicGradient`) with `startPoint` and `endPoint` mapped into the presentation
    /// bounds, from presentation values of the colors and locations.
    open override func drawContents(into list: inout [DrawCommand], time: Double, transform: Transform2D) {
        var colors = self.colors, locations = self.locations
        if hasAnimations {
            if case .array(let a)? = presentationValue(forKeyPath: "colors", at: time), let c = Self.colors(a) { colors = c }
            if case .array(let a)? = presentationValue(forKeyPath: "locations", at: time), let n = ShapeLayer.numbers(a) { locations = n }
        }
        let stops = stops(colors: colors, locations: locations)
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
        let paint: Paint
        switch type {
        case .axial: paint = .linearGradient(start: map(sp), end: map(ep), stops: stops)
        case .radial:
            paint = .ellipticalGradient(center: map(sp), radiusX: abs(ep.x - sp.x) * b.width, radiusY: abs(ep.y - sp.y) * b.height,
                                        stops: stops)
        case .conic:
            let c = map(sp), e = map(ep)
            paint = .conicGradient(center: c, startAngle: e == c ? 0 : atan2(e.y - c.y, e.x - c.x), stops: stops)
        }
        list.append(.path(PathDraw(path: Path(rect: b), transform: transform, style: .fill(.nonZero), paint: paint)))
    }
}
