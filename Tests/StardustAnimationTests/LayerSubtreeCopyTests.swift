import Testing
import StardustCore
import StardustTestSupport
@testable import StardustAnimation

/// ``Layer/copySubtree()`` against the layers it copies: random trees of the classes that copy themselves, built by
/// the ordinary setters and `add(_:forKey:)`, compared value by value, animation by animation and by presentation
/// values at random times (docs/ANIMATION.md, "Copying a layer subtree").
@Suite struct LayerSubtreeCopyTests {
    static func d(_ rng: inout SplitMix64) -> Double {
        [0, -0.0, 1, 0.25, 3, -7].randomElement(using: &rng)! + (Bool.random(using: &rng) ? Double.random(in: -50...50, using: &rng) : 0)
    }
    static func point(_ rng: inout SplitMix64) -> Point { Point(d(&rng), d(&rng)) }
    static func color(_ rng: inout SplitMix64) -> Color {
        Color(red: Double.random(in: 0...1, using: &rng), green: Double.random(in: 0...1, using: &rng),
              blue: Double.random(in: 0...1, using: &rng), alpha: Double.random(in: 0...1, using: &rng))
    }
    static func path(_ rng: inout SplitMix64) -> Path {
        var p = Path()
        p.move(to: point(&rng))
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            if Bool.random(using: &rng) { p.addLine(to: point(&rng)) } else { p.addCurve(to: point(&rng), control1: point(&rng), control2: point(&rng)) }
        }
        if Bool.random(using: &rng) { p.closeSubpath() }
        return p
    }
    static func timing(_ rng: inout SplitMix64) -> MediaTiming {
        var t = MediaTiming()
        t.beginTime = d(&rng); t.duration = abs(d(&rng)); t.speed = [1, 2, 0.5, -1].randomElement(using: &rng)!
        t.timeOffset = d(&rng); t.repeatCount = [0, 2, 1.5].randomElement(using: &rng)!
        t.autoreverses = Bool.random(using: &rng); t.fillMode = FillMode.allCases.randomElement(using: &rng)!
        return t
    }

    static let keyPaths: [(String, @Sendable (inout SplitMix64) -> AnimatableValue)] = [
        ("position", { .point(point(&$0)) }), ("position.x", { .number(d(&$0)) }), ("opacity", { .number(d(&$0)) }),
        ("transform.rotation.z", { .number(d(&$0)) }), ("transform.scale.x", { .number(d(&$0)) }),
        ("bounds.origin", { .point(point(&$0)) }), ("isHidden", { .bool(Bool.random(using: &$0)) }),
        ("backgroundColor", { .color(color(&$0)) }), ("lineWidth", { .number(d(&$0)) }), ("strokeEnd", { .number(d(&$0)) }),
        ("fillColor", { .color(color(&$0)) }), ("startPoint", { .point(point(&$0)) }),
    ]

    /// A keyframe animation of a random key path with every value set (a path with a rotation mode on position).
    static func animation(_ rng: inout SplitMix64) -> KeyframeAnimation {
        let (keyPath, value) = keyPaths.randomElement(using: &rng)!
        let n = Int.random(in: 1...4, using: &rng)
        let a = KeyframeAnimation(keyPath: keyPath, values: (0..<n).map { _ in value(&rng) }, timing: timing(&rng))
        if Bool.random(using: &rng) { a.keyTimes = (0..<n).map { Double($0) / Double(max(n - 1, 1)) } }
        if Bool.random(using: &rng) { a.timingFunctions = (0..<max(n - 1, 0)).map { _ in TimingFunction(controlPoints: 0.3, Float.random(in: -1...2, using: &rng), 0.7, 1) } }
        a.calculationMode = CalculationMode.allCases.randomElement(using: &rng)!
        if keyPath == "position", Bool.random(using: &rng) { a.path = path(&rng); a.rotationMode = RotationMode.allCases.randomElement(using: &rng)! }
        if Bool.random(using: &rng) { a.tensionValues = [d(&rng)]; a.continuityValues = [d(&rng)]; a.biasValues = [d(&rng)] }
        a.isRemovedOnCompletion = Bool.random(using: &rng)
        a.name = Bool.random(using: &rng) ? "a\(n)" : nil
        a.timingFunction = Bool.random(using: &rng) ? .init(controlPoints: 0.42, 0, 0.58, 1) : nil
        a.isAdditive = Bool.random(using: &rng); a.isCumulative = Bool.random(using: &rng)
        return a
    }

    /// A random layer of a class that copies itself, every value set at random, with animations, a mask and sublayers.
    static func layer(_ rng: inout SplitMix64, depth: Int, texture: Texture) -> Layer {
        let l: Layer
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: l = Layer()
        case 1:
            let s = ShapeLayer()
            s.path = Bool.random(using: &rng) ? path(&rng) : nil
            s.fillColor = Bool.random(using: &rng) ? color(&rng) : nil
            s.fillRule = Bool.random(using: &rng) ? .evenOdd : .nonZero
            s.strokeColor = Bool.random(using: &rng) ? color(&rng) : nil
            s.lineWidth = d(&rng); s.lineCap = [.butt, .round, .square].randomElement(using: &rng)!
            s.lineJoin = [.miter, .round, .bevel].randomElement(using: &rng)!
            s.miterLimit = d(&rng); s.strokeStart = d(&rng); s.strokeEnd = d(&rng)
            s.lineDashPattern = Bool.random(using: &rng) ? [abs(d(&rng)), 2] : nil; s.lineDashPhase = d(&rng)
            l = s
        default:
            let g = GradientLayer()
            g.type = GradientLayer.GradientType.allCases.randomElement(using: &rng)!
            g.colors = (0..<Int.random(in: 0...3, using: &rng)).map { _ in color(&rng) }
            g.locations = Bool.random(using: &rng) ? g.colors.indices.map { Double($0) / 3 } : nil
            g.startPoint = point(&rng); g.endPoint = point(&rng)
            l = g
        }
        l.name = Bool.random(using: &rng) ? "layer \(depth) \(Int.random(in: 0..<100, using: &rng))" : nil
        l.position = point(&rng); l.bounds = Rect(d(&rng), d(&rng), abs(d(&rng)), abs(d(&rng))); l.anchorPoint = point(&rng)
        l.anchorPointZ = d(&rng); l.zPosition = d(&rng)
        l.transform = Transform3D(translationX: d(&rng), y: d(&rng), z: 0)
        l.sublayerTransform = Transform3D(scaleX: d(&rng), y: d(&rng), z: 1)
        l.opacity = d(&rng); l.isHidden = Bool.random(using: &rng)
        l.backgroundColor = Bool.random(using: &rng) ? color(&rng) : nil
        l.cornerRadius = d(&rng); l.borderWidth = d(&rng); l.borderColor = color(&rng)
        l.masksToBounds = Bool.random(using: &rng); l.maskMode = MaskMode.allCases.randomElement(using: &rng)!
        l.compositingFilter = Bool.random(using: &rng) ? CompositingFilter.allCases.randomElement(using: &rng)! : nil
        l.shadowColor = color(&rng); l.shadowOpacity = d(&rng); l.shadowRadius = d(&rng); l.shadowOffset = Size(d(&rng), d(&rng))
        l.shadowPath = Bool.random(using: &rng) ? path(&rng) : nil
        l.contents = Bool.random(using: &rng) ? texture : nil
        l.contentsRect = Rect(0, 0, 0.5, d(&rng)); l.contentsGravity = ContentsGravity.allCases.randomElement(using: &rng)!
        l.contentsScale = d(&rng)
        l.minificationFilter = ImageFilter.allCases.randomElement(using: &rng)!
        l.magnificationFilter = ImageFilter.allCases.randomElement(using: &rng)!
        l.timing = timing(&rng)
        for k in 0..<Int.random(in: 0...5, using: &rng) {
            // Some keys repeat (the earlier animation is replaced), some are nil.
            let key: String? = Int.random(in: 0..<4, using: &rng) == 0 ? nil : "k\(Int.random(in: 0...k, using: &rng))"
            l.add(animation(&rng), forKey: key)
        }
        if Bool.random(using: &rng), let key = l.animationKeys().first { l.removeAnimation(forKey: key) }
        if depth < 3 {
            if Int.random(in: 0..<3, using: &rng) == 0 { l.mask = layer(&rng, depth: depth + 1, texture: texture) }
            for _ in 0..<Int.random(in: 0...3, using: &rng) { l.addSublayer(layer(&rng, depth: depth + 1, texture: texture)) }
        }
        return l
    }

    /// Every value the layer holds, its animations' and its mask's and sublayers' (objects by class, not identity).
    static func describe(_ l: Layer) -> [String] {
        var out = ["\(type(of: l)) \(String(describing: l.name))", "\(l.snapshotValues)",
                   "\(l.masksToBounds) \(l.maskMode) \(String(describing: l.compositingFilter)) \(l.shadowColor) \(l.shadowOpacity)",
                   "\(l.shadowRadius) \(l.shadowOffset) \(String(describing: l.shadowPath)) \(l.contents.map { ObjectIdentifier($0) }.debugDescription)",
                   "\(l.contentsGravity) \(l.contentsScale) \(l.minificationFilter) \(l.magnificationFilter) \(l.timing)"]
        if let s = l as? ShapeLayer {
            out.append("\(String(describing: s.path)) \(String(describing: s.fillColor)) \(s.fillRule) \(String(describing: s.strokeColor)) \(s.lineWidth) \(s.lineCap) \(s.lineJoin) \(s.miterLimit) \(s.strokeStart) \(s.strokeEnd) \(String(describing: s.lineDashPattern)) \(s.lineDashPhase)")
        }
        if let g = l as? GradientLayer {
            out.append("\(g.type) \(g.colors) \(String(describing: g.locations)) \(g.startPoint) \(g.endPoint)")
        }
        for e in l.animationEntries {
            let a = e.animation
            out.append("\(String(describing: e.key)) \(e.paths.map { "\($0.raw)|\($0.canonical)" }) \(type(of: a)) \(String(describing: a.keyPath)) \(a.timing) \(a.isRemovedOnCompletion) \(String(describing: a.name)) \(String(describing: a.timingFunction)) \(a.isAdditive) \(a.isCumulative)")
            if let k = a as? KeyframeAnimation {
                out.append("\(String(describing: k.values)) \(String(describing: k.path)) \(String(describing: k.keyTimes)) \(String(describing: k.timingFunctions)) \(k.calculationMode) \(String(describing: k.rotationMode)) \(String(describing: k.tensionValues)) \(String(describing: k.continuityValues)) \(String(describing: k.biasValues))")
            }
        }
        out.append("mask:")
        if let m = l.mask { out += describe(m) }
        out.append("sublayers \(l.sublayers.count):")
        for s in l.sublayers { out += describe(s) }
        return out
    }

    /// The presentation values of every key path above at `times`, through the layer's index, for every layer.
    static func presented(_ l: Layer, times: [Double]) -> [String] {
        var out: [String] = []
        for t in times {
            for (k, _) in keyPaths { out.append("\(String(describing: l.presentationValue(forKeyPath: k, at: t)))") }
            out.append("\(l.snapshot(atLocalTime: t, onlyIfDrawn: false).map { "\($0)" } ?? "none")")
        }
        if let m = l.mask { out += presented(m, times: times) }
        for s in l.sublayers { out += presented(s, times: times) }
        return out
    }

    /// Every layer and animation object of the subtree.
    static func objects(_ l: Layer) -> [ObjectIdentifier] {
        [ObjectIdentifier(l)] + l.animationEntries.map { ObjectIdentifier($0.animation) }
            + (l.mask.map(objects) ?? []) + l.sublayers.flatMap(objects)
    }

    /// Each layer's index lists the layer's own keyframe animations, its sublayers name it as their superlayer.
    static func checkLinks(_ l: Layer) {
        #expect(l.animationIndex.keyframes.map(ObjectIdentifier.init)
                == l.animationEntries.compactMap { ($0.animation as? KeyframeAnimation).map(ObjectIdentifier.init) })
        if let m = l.mask { #expect(m.superlayer == nil); checkLinks(m) }
        for s in l.sublayers { #expect(s.superlayer === l); checkLinks(s) }
    }

    @Test func copyHoldsTheSameValuesAnimationsAndPresentation() throws {
        var rng = SplitMix64(seed: 0x5eed_c0de)
        let texture = Texture(Image(width: 2, height: 2, color: .red))
        for _ in 0..<300 {
            let original = Self.layer(&rng, depth: 0, texture: texture)
            let parent = Layer()
            parent.addSublayer(original)
            let times = (0..<6).map { _ in Double.random(in: -10...60, using: &rng) }
            let copy = try #require(original.copySubtree())
            #expect(copy.superlayer == nil)
            #expect(Self.describe(copy) == Self.describe(original))
            #expect(Self.presented(copy, times: times) == Self.presented(original, times: times))
            #expect(Set(Self.objects(copy)).isDisjoint(with: Self.objects(original)))
            Self.checkLinks(copy)
            // The copy is a tree of its own: changing it leaves the original as it was.
            let before = Self.describe(original)
            copy.sublayers.first?.removeAllAnimations()
            copy.name = "changed"
            #expect(Self.describe(original) == before)
        }
    }

    final class OwnLayer: Layer {}
    final class OwnAnimation: KeyframeAnimation {}

    /// A class that does not copy itself is not copied as its superclass: the whole copy is refused.
    @Test func subclassesThatDoNotCopyThemselvesAreRefused() {
        let root = Layer()
        root.addSublayer(ShapeLayer())
        #expect(root.copySubtree() != nil)
        let deep = Layer()
        root.sublayers[0].addSublayer(deep)
        deep.mask = OwnLayer()
        #expect(root.copySubtree() == nil)
        deep.mask = nil
        deep.addSublayer(TextLayer())
        #expect(root.copySubtree() == nil)
        deep.sublayers = []
        deep.add(OwnAnimation(keyPath: "opacity", values: [.number(0)]), forKey: "own")
        #expect(root.copySubtree() == nil)
        deep.removeAllAnimations()
        deep.add(BasicAnimation(keyPath: "opacity"), forKey: "basic")
        #expect(root.copySubtree() == nil)
        deep.removeAllAnimations()
        #expect(root.copySubtree() != nil)
    }

    /// Inside an animation block, building would add implicit animations: no copy.
    @Test func noCopyInsideAnAnimationBlock() {
        let l = Layer()
        Transaction.animate(duration: 1, changes: { #expect(l.copySubtree() == nil) })
        #expect(l.copySubtree() != nil)
    }
}
