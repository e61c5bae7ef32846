import StardustCore

/// A layer that draws its sublayers `instanceCount` times (`CAReplicatorLayer`, docs/DRAWING.md, Replicator).
///
/// Copy `i` (0-based) is drawn with ``instanceTransform`` applied `i` times, about the center of the
/// bounds, on top of the replicator's sublayer space (copy 0 is the sublayers as they are); its time is
/// the replicator's local time minus `i × instanceDelay`; it is multiplied by the color
/// `instanceColor + i × (instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset)`,
/// each component clamped to 0…1. Copies are drawn in order, each with all sublayers. Replicators nest.
///
/// Animatable key paths beyond ``Layer``'s: `instanceTransform`, `instanceDelay`, `instanceColor` and the
/// four offsets. `instanceCount` is read as a number key path too.
open class ReplicatorLayer: Layer {
    /// The most copies one replicator draws (a larger ``instanceCount`` draws this many); scene files
    /// refuse much less, counting nested replicators together (docs/LIMITS.md).
    public static let maxInstanceCount = 100_000

    /// How many copies of the sublayers are drawn (default 1: the sublayers once).
    public var instanceCount = 1
    /// The time shift between consecutive copies, in seconds (default 0).
    public var instanceDelay: Double = 0 {
        didSet { reportChange("instanceDelay", .number(oldValue), .number(instanceDelay)) }
    }
    /// The transform from one copy to the next (default identity), about the bounds center.
    public var instanceTransform: Transform3D = .identity {
        didSet { reportChange("instanceTransform", .transform(oldValue), .transform(instanceTransform)) }
    }
    /// The color copy 0 is multiplied by (default opaque white: unchanged).
    public var instanceColor: Color = .white {
        didSet { reportChange("instanceColor", .color(oldValue), .color(instanceColor)) }
    }
    /// Added to the red component of the color for each copy (default 0).
    public var instanceRedOffset: Double = 0 {
        didSet { reportChange("instanceRedOffset", .number(oldValue), .number(instanceRedOffset)) }
    }
    /// Added to the green component of the color for each copy (default 0).
    public var instanceGreenOffset: Double = 0 {
        didSet { reportChange("instanceGreenOffset", .number(oldValue), .number(instanceGreenOffset)) }
    }
    /// Added to the blue component of the color for each copy (default 0).
    public var instanceBlueOffset: Double = 0 {
        didSet { reportChange("instanceBlueOffset", .number(oldValue), .number(instanceBlueOffset)) }
    }
    /// Added to the alpha component of the color for each copy (default 0).
    public var instanceAlphaOffset: Double = 0 {
        didSet { reportChange("instanceAlphaOffset", .number(oldValue), .number(instanceAlphaOffset)) }
    }

    /// Creates a replicator with Core Animation's defaults.
    public override init() { super.init() }

    /// This class's own key paths, then ``Layer``'s.
    open override func value(forKeyPath keyPath: String) -> AnimatableValue? {
        let (head, rest) = LayerKeyPath.split(keyPath)
        guard let v = ownValue(forKey: head) else { return super.value(forKeyPath: keyPath) }
        return v.component(atPath: rest)
    }

    /// Sets this class's own key paths (values of the wrong type ignored), else defers to ``Layer``.
    open override func setValue(_ value: AnimatableValue, forKeyPath keyPath: String) {
        let (head, rest) = LayerKeyPath.split(keyPath)
        guard let current = ownValue(forKey: head) else { return super.setValue(value, forKeyPath: keyPath) }
        guard let v = current.setting(componentAtPath: rest, to: value) else { return }
        switch (head, v) {
        case ("instanceCount", .number(let x)): if x.isFinite { instanceCount = Int(max(0, min(x, 1e9)).rounded(.down)) }
        case ("instanceDelay", .number(let x)): instanceDelay = x
        case ("instanceTransform", .transform(let m)): instanceTransform = m
        case ("instanceColor", .color(let c)): instanceColor = c
        case ("instanceRedOffset", .number(let x)): instanceRedOffset = x
        case ("instanceGreenOffset", .number(let x)): instanceGreenOffset = x
        case ("instanceBlueOffset", .number(let x)): instanceBlueOffset = x
        case ("instanceAlphaOffset", .number(let x)): instanceAlphaOffset = x
        default: break
        }
    }

    func ownValue(forKey key: Substring) -> AnimatableValue? {
        switch key {
        case "instanceCount": return .number(Double(instanceCount))
        case "instanceDelay": return .number(instanceDelay)
        case "instanceTransform": return .transform(instanceTransform)
        case "instanceColor": return .color(instanceColor)
        case "instanceRedOffset": return .number(instanceRedOffset)
        case "instanceGreenOffset": return .number(instanceGreenOffset)
        case "instanceBlueOffset": return .number(instanceBlueOffset)
        case "instanceAlphaOffset": return .number(instanceAlphaOffset)
        default: return nil
        }
    }

    /// The presentation values of the replicator's own properties at local time `t`.
    struct Instances {
        var count: Int, delay: Double, transform: Transform3D, color: Color, offset: Color
    }

    func instances(at t: Double) -> Instances {
        func number(_ key: String, _ model: Double) -> Double {
            hasAnimations ? (presentationValue(forKeyPath: key, at: t)?.doubleValue ?? model) : model
        }
        var m = instanceTransform, c = instanceColor
        if hasAnimations {
            if case .transform(let x)? = presentationValue(forKeyPath: "instanceTransform", at: t) { m = x }
            if case .color(let x)? = presentationValue(forKeyPath: "instanceColor", at: t) { c = x }
        }
        let n = number("instanceCount", Double(instanceCount))
        let count = n.isFinite ? Int(min(max(n, 0), Double(ReplicatorLayer.maxInstanceCount))) : 0
        return Instances(count: count, delay: number("instanceDelay", instanceDelay), transform: m, color: c,
                         offset: Color(red: number("instanceRedOffset", instanceRedOffset),
                                       green: number("instanceGreenOffset", instanceGreenOffset),
                                       blue: number("instanceBlueOffset", instanceBlueOffset),
                                       alpha: number("instanceAlphaOffset", instanceAlphaOffset)))
    }

    /// Draws the sublayers once per copy: copy `i` in the space `translate(−c) · instanceTransformⁱ ·
    /// translate(c) · sublayerSpace`, at time `localTime − i·instanceDelay`, tinted by its color unless it is white.
    open override func drawSublayers(into list: inout [DrawCommand], localTime: Double, sublayerSpace: Transform3D,
                                     context: DrawContext) {
        let p = instances(at: localTime)
        guard p.count > 0 else { return }
        var b = bounds
        if hasAnimations, case .rect(let r)? = presentationValue(forKeyPath: "bounds", at: localTime) { b = r }
        let c = b.center
        let toCenter = Transform3D(translationX: -c.x, y: -c.y, z: 0), back = Transform3D(translationX: c.x, y: c.y, z: 0)
        var power = Transform3D.identity
        for i in 0..<p.count {
            let space = i == 0 ? sublayerSpace : toCenter.concatenating(power).concatenating(back).concatenating(sublayerSpace)
            let k = Double(i)
            let tint = Color(red: p.color.red + k * p.offset.red, green: p.color.green + k * p.offset.green,
                             blue: p.color.blue + k * p.offset.blue, alpha: p.color.alpha + k * p.offset.alpha).clamped
            let tinted = tint != .white
            if tinted { list.append(.beginCompositeGroup(CompositeGroup(tint: tint))) }
            super.drawSublayers(into: &list, localTime: localTime - k * p.delay, sublayerSpace: space, context: context)
            if tinted { list.append(.endCompositeGroup) }
            power = power.concatenating(p.transform)
        }
    }
}
