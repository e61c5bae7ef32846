import StardustCore

extension Layer {
    /// How many masks deep drawing goes (a mask's mask counts 2); deeper masks draw nothing, so a
    /// mask chain that loops back to its host ends instead of recursing forever.
    public static let maxMaskNesting = 8

    /// The composite group the layer draws as, or `nil` when it needs none (no mask, no filter, no
    /// visible shadow): then it draws exactly as it always did (docs/DRAWING.md).
    /// `d` is the layer's ``drawAttributes``, read once by the caller.
    func compositeGroup(opacity: Double, transform a: Transform2D, localTime: Double, _ d: LayerDrawAttributes) -> CompositeGroup? {
        let filter = d.compositingFilter.flatMap { $0 == .normal ? nil : $0 }
        let shadow = shadowDraw(transform: a, localTime: localTime, d)
        guard d.mask != nil || filter != nil || shadow != nil else { return nil }
        return CompositeGroup(opacity: min(max(opacity, 0), 1), filter: filter ?? .normal,
                              mask: d.mask != nil ? d.maskMode : nil, shadow: shadow)
    }

    /// The shadow at local time `localTime` resolved to scene points, or `nil` when it is invisible.
    ///
    /// σ = `shadowRadius` (points) scaled by the layer's area scale `√|det a|`; the offset is mapped by
    /// the transform's linear part (the shadow turns with the layer, as in Core Animation).
    func shadowDraw(transform a: Transform2D, localTime: Double, _ d: LayerDrawAttributes) -> ShadowDraw? {
        // The colour and opacity first (from the attributes the caller read): almost every layer has no visible shadow
        // and is done then (the radius, offset and path only matter for a visible one).
        var color = d.shadowColor, opacity = d.shadowOpacity
        // Only the shadow properties an animation touches are looked up (``AnimationIndex``); the others are the model's.
        let animated = animationIndex.mayAnimateShadow
        if animated, animationIndex.mayAnimate(root: "shadowColor"),
           case .color(let c)? = presentationValue(forKeyPath: "shadowColor", at: localTime) { color = c }
        if animated, animationIndex.mayAnimate(root: "shadowOpacity"),
           let x = presentationValue(forKeyPath: "shadowOpacity", at: localTime)?.doubleValue { opacity = x }
        let alpha = color.clamped.alpha * min(max(opacity.isNaN ? 0 : opacity, 0), 1)
        guard alpha > 0 else { return nil }
        var radius = shadowRadius, offset = shadowOffset
        if animated, animationIndex.mayAnimate(root: "shadowRadius"),
           let x = presentationValue(forKeyPath: "shadowRadius", at: localTime)?.doubleValue { radius = x }
        if animated, animationIndex.mayAnimate(root: "shadowOffset"),
           case .size(let z)? = presentationValue(forKeyPath: "shadowOffset", at: localTime) { offset = z }
        let det = abs(a.a * a.d - a.b * a.c)
        let sigma = max(radius.isFinite ? radius : 0, 0) * det.squareRoot()
        let o = a.applyToVector(Point(offset.width, offset.height))
        let path = shadowPath.map { PathDraw(path: $0, transform: a, style: .fill(.nonZero), paint: .color(.white)) }
        let c = color.clamped
        return ShadowDraw(color: Color(red: c.red, green: c.green, blue: c.blue, alpha: alpha), offset: o, sigma: sigma, path: path)
    }

    /// Appends the mask layer's commands in this layer's bounds space, at this layer's local time.
    func drawMask(into list: inout [DrawCommand], localTime: Double, full: Transform3D, context: DrawContext) {
        guard let mask, context.maskNesting < Layer.maxMaskNesting else { return }
        var nested = context
        nested.maskNesting += 1
        var space = full
        space.m31 = 0; space.m32 = 0; space.m33 = 0; space.m34 = 0
        mask.render(into: &list, parentTime: localTime, parentTransform: space, context: nested)
    }
}
