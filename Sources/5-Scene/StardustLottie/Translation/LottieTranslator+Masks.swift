import StardustAnimation
import StardustCore

/// Layer masks (`masksProperties`): the layer's content layer gets a `mask` layer whose alpha is the masks'
/// combined coverage, in the layer's own space (the content layer's bounds space) and time.
///
/// The coverage is built in order: it starts empty, or full when the first mask subtracts or intersects (as
/// lottie-web, rlottie and ThorVG do). Add (and lighten) puts the mask over the coverage (union); subtract keeps
/// the coverage where the mask is not (a container whose mask is the outline, `maskMode` alpha inverted);
/// intersect (and darken) keeps it where the mask is (`maskMode` alpha); difference is the union of coverage
/// minus mask and mask minus coverage. Consecutive subtracts share one level (the union of their outlines), so
/// the usual "add, subtract, subtract…" stays within the layer model's mask nesting. An inverted mask is its
/// outline inside a very large rectangle, filled even-odd. Opacity is the outline's alpha; a positive expansion
/// strokes the outline with twice its width (round joins). Lighten and darken equal add and intersect for
/// opaque masks and differ only where masks are partly transparent.
extension LottieTranslator {
    static let maskModeNames = ["a": "add", "s": "subtract", "i": "intersect", "l": "lighten", "d": "darken", "f": "difference"]
    /// Half the side of the rectangle that stands for "everywhere" (full coverage, inverted masks).
    static let everywhere = 1e6

    func applyMasks(_ layer: LottieLayer, to host: Layer) {
        let masks = layer.masks.filter { $0.mode != "n" && Self.maskModeNames[$0.mode] != nil }
        for m in layer.masks where m.mode != "n" && Self.maskModeNames[m.mode] == nil {
            warn(m.path, "not drawn: mask mode \"\(m.mode)\"")
        }
        guard !masks.isEmpty else { return }
        var build: () -> Layer
        let first = masks[0].mode
        if first == "s" || first == "i" {
            build = { Self.fullCoverage() }
        } else {
            build = { Layer() }
        }
        // One sampler per mask, shared by every copy of its outline layer (a "difference" mask builds the
        // masks before it twice, so a chain of n of them builds the first outline 2ⁿ times: docs/LOTTIE.md,
        // "Using it").
        let samplers = masks.map(outlineSampler)
        var k = 0
        while k < masks.count {
            let m = masks[k], sampler = samplers[k]
            let previous = build
            switch m.mode {
            case "s":
                // Consecutive subtracts: one inverted mask of their union.
                var group = [(m, sampler)]
                while k + 1 < masks.count, masks[k + 1].mode == "s" { k += 1; group.append((masks[k], samplers[k])) }
                build = { [unowned self] in
                    let holder = Self.container("subtract"), union = Self.container("union")
                    holder.addSublayer(previous())
                    for (g, gs) in group { union.addSublayer(self.maskOutline(g, sampler: gs)) }
                    holder.mask = union
                    holder.maskMode = .alphaInverted
                    return holder
                }
            case "i", "d":
                build = { [unowned self] in
                    let holder = Self.container(m.mode == "i" ? "intersect" : "darken")
                    holder.addSublayer(previous())
                    holder.mask = self.maskOutline(m, sampler: sampler)
                    return holder
                }
            case "f":
                build = { [unowned self] in
                    let holder = Self.container("difference")
                    let a = Self.container("coverage − mask"), b = Self.container("mask − coverage")
                    a.addSublayer(previous()); a.mask = self.maskOutline(m, sampler: sampler); a.maskMode = .alphaInverted
                    b.addSublayer(self.maskOutline(m, sampler: sampler)); b.mask = previous(); b.maskMode = .alphaInverted
                    holder.addSublayer(a); holder.addSublayer(b)
                    return holder
                }
            default:  // "a", "l"
                build = { [unowned self] in
                    let holder = Self.container(m.mode == "a" ? "add" : "lighten")
                    holder.addSublayer(previous())
                    holder.addSublayer(self.maskOutline(m, sampler: sampler))
                    return holder
                }
            }
            k += 1
        }
        let mask = build()
        mask.name = "masks \(layer.path).masksProperties"
        host.mask = mask
    }

    static func container(_ name: String) -> Layer {
        let l = Layer()
        l.name = name
        l.anchorPoint = .zero
        return l
    }

    /// An opaque rectangle far larger than any composition.
    static func fullCoverage() -> Layer {
        let s = ShapeLayer()
        s.name = "everywhere"
        s.anchorPoint = .zero
        s.path = Path(rect: Rect(-everywhere, -everywhere, 2 * everywhere, 2 * everywhere))
        s.fillColor = .white
        return s
    }

    /// The outlines of mask `m`: its path, after a rectangle far larger than any composition when inverted.
    func outlineSampler(_ m: LottieMask) -> LottieOutlineSampler {
        let geometry = LottieGeometry.bezier(m.outline.value, reversed: false)
        var outlines = [geometry]
        if m.inverted {
            let e = Self.everywhere
            let big = LottieBezier(closed: true, vertices: [LottiePoint(-e, -e), LottiePoint(e, -e), LottiePoint(e, e), LottiePoint(-e, e)],
                                   inTangents: Array(repeating: .zero, count: 4), outTangents: Array(repeating: .zero, count: 4))
            outlines.insert(.bezier(.fixed(big), reversed: false), at: 0)
        }
        return LottieOutlineSampler(outlines)
    }

    /// One mask's outline as a white shape layer (its opacity the mask's), inverted or expanded as the mask says.
    func maskOutline(_ m: LottieMask, sampler: LottieOutlineSampler) -> Layer {
        let shape = shapeLayer(for: sampler)
        shape.name = "mask \(Self.maskModeNames[m.mode] ?? m.mode)\(m.inverted ? " inverted" : "") \(m.path)"
        shape.fillColor = .white
        shape.fillRule = m.inverted ? .evenOdd : .nonZero
        if let x = m.outline.expression { warnExpression(x, at: m.outline.path) }
        apply(m.opacity, to: shape, keyPath: "opacity") { .number(min(max($0 / 100, 0), 1)) }
        let x = m.expansion.value
        if x.isAnimated || x.initial != 0 {
            if m.inverted || x.initial < 0 || x.isAnimated {
                warn(m.expansion.path, "approximated: mask expansion \(x.initial) (only a constant positive expansion of a mask that is not inverted is drawn)")
            }
            if !m.inverted && x.initial > 0 {
                shape.strokeColor = .white
                shape.lineWidth = 2 * x.initial
                shape.lineJoin = .round
            }
        }
        return shape
    }

    /// A shape layer drawing `outlines` (evaluated per frame when one of them is animated).
    func shapeLayer(for outlines: [LottieGeometry]) -> ShapeLayer {
        shapeLayer(for: LottieOutlineSampler(outlines))
    }

    /// A shape layer drawing the sampler's outlines; layers made from one sampler share its paths.
    func shapeLayer(for sampler: LottieOutlineSampler) -> ShapeLayer {
        let shape: ShapeLayer
        if sampler.isAnimated {
            let m = LottieMorphingShapeLayer()
            m.sampler = sampler
            m.frameRate = frameRate
            shape = m
        } else {
            shape = ShapeLayer()
        }
        shape.path = sampler.initial
        shape.anchorPoint = .zero
        return shape
    }
}
