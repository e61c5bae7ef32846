import Testing
import StardustCore
@testable import StardustAnimation

/// A shape layer whose own key path lookups are overridden, as every layer class in Stardust does: the snapshot keys
/// stay `Layer`'s.
private final class KeyedTestLayer: ShapeLayer {
    var weight: Double = 3
    override func value(forKeyPath keyPath: String) -> AnimatableValue? {
        keyPath == "weight" ? .number(weight) : super.value(forKeyPath: keyPath)
    }
}

/// Drawing evaluates a layer's animated snapshot properties by the plans of its ``AnimationIndex`` (found by
/// ``AnimationIndex/snapshotPlanSlots``, applied to the stored model value: docs/ANIMATION.md, "The animation
/// index"); the lookup by key path string (``Layer/presentationValue(forKeyPath:at:)``) is the plain path. These
/// compare the two value for value, printed in full (so −0 and 0 differ), over random layers and animations.
@Suite struct SnapshotEvaluationTests {
    static let paths = ["opacity", "position", "position.x", "position.y", "transform", "transform.rotation.z",
                        "transform.scale", "transform.scale.x", "transform.translation.y", "bounds", "bounds.origin",
                        "bounds.size.width", "anchorPoint", "anchorPoint.y", "anchorPointZ", "zPosition",
                        "sublayerTransform", "sublayerTransform.scale", "isHidden", "hidden", "backgroundColor",
                        "cornerRadius", "borderWidth", "borderColor", "contentsRect", "contentsRect.origin.x", "weight",
                        "shadowOpacity", "strokeEnd"]

    /// A random animation of `path`: a ramp of numbers, a constant of the path's own kind, or keyframes.
    static func animation(_ path: String, _ layer: Layer, _ rng: inout SplitMix64) -> Animation {
        let timing = MediaTiming(beginTime: Double.random(in: -0.5...0.5, using: &rng), duration: Double.random(in: 0.25...2, using: &rng))
        let a: Animation
        switch Int.random(in: 0..<3, using: &rng) {
        case 0:
            a = LinearNumberTestAnimation(path, from: Double.random(in: -2...2, using: &rng), to: Double.random(in: -2...2, using: &rng), timing: timing)
        case 1:
            // The model value, moved: the same kind as the path takes.
            let base = layer.value(forKeyPath: path) ?? .number(0)
            a = ConstantTestAnimation(path, base.adding(base), timing: timing)
        default:
            let base = layer.value(forKeyPath: path) ?? .number(0)
            let k = KeyframeAnimation(keyPath: path, values: [base, base.adding(base), base], timing: timing)
            k.isAdditive = Bool.random(using: &rng)
            a = k
        }
        a.isRemovedOnCompletion = Bool.random(using: &rng)
        return a
    }

    @Test func snapshotPlansGiveTheKeyPathLookupsValues() {
        var rng = SplitMix64(seed: 2_025)
        for round in 0..<300 {
            let layer: Layer = Bool.random(using: &rng) ? KeyedTestLayer() : Layer()
            layer.position = Point(Double.random(in: -50...50, using: &rng), -0.0)
            layer.bounds = Rect(x: 0, y: -0.0, width: Double.random(in: 0...80, using: &rng), height: 40)
            layer.transform = Transform3D(rotationAngle: Double.random(in: -3...3, using: &rng), x: 0, y: 0, z: 1)
            layer.opacity = Double.random(in: 0...1, using: &rng)
            layer.backgroundColor = Bool.random(using: &rng) ? nil : Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5)
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let path = Self.paths.randomElement(using: &rng)!
                let key: String? = Bool.random(using: &rng) ? "k\(Int.random(in: 0..<5, using: &rng))" : nil
                layer.add(Self.animation(path, layer, &rng), forKey: key)
            }
            for t in stride(from: -1.0, through: 3.0, by: 0.375) {
                for p in AnimationIndex.SnapshotProperty.allCases {
                    let fast = layer.presentationValue(of: p, at: t), plain = layer.presentationValue(forKeyPath: p.key, at: t)
                    #expect("\(String(describing: fast))" == "\(String(describing: plain))", "round \(round) t = \(t) \(p)")
                }
            }
        }
    }

    @Test func planSlotsFindTheSamePlanAsASearch() {
        var rng = SplitMix64(seed: 77)
        for round in 0..<200 {
            let layer = Layer()
            for step in 0..<10 {
                if Int.random(in: 0..<4, using: &rng) == 0 {
                    layer.removeAnimation(forKey: "k\(Int.random(in: 0..<3, using: &rng))")
                } else {
                    let path = Self.paths.randomElement(using: &rng)!
                    layer.add(Self.animation(path, layer, &rng), forKey: Bool.random(using: &rng) ? "k\(Int.random(in: 0..<3, using: &rng))" : nil)
                }
                let index = layer.animationIndex
                for p in AnimationIndex.SnapshotProperty.allCases {
                    let searched = index.snapshotPlans.first { $0.property == p }?.plan
                    #expect(index.snapshotPlan(p).map(AnimationIndexBuildTests.describe) == searched.map(AnimationIndexBuildTests.describe),
                            "round \(round) step \(step) \(p)")
                }
            }
        }
    }

    /// Every value drawing takes, printed in full.
    static func describe(_ v: LayerSnapshotValues) -> [String] {
        let parts: [Any] = [v.position, v.bounds, v.anchorPoint, v.anchorPointZ, v.zPosition, v.transform, v.sublayerTransform,
                            v.opacity, v.isHidden, v.backgroundColor as Any, v.cornerRadius, v.borderWidth, v.borderColor, v.contentsRect]
        return parts.map { "\($0)" }
    }

    static func describe(_ s: LayerSnapshot) -> [String] {
        let parts: [Any] = [s.position, s.bounds, s.anchorPoint, s.anchorPointZ, s.zPosition, s.transform, s.sublayerTransform,
                            s.opacity, s.isHidden, s.backgroundColor as Any, s.cornerRadius, s.borderWidth, s.borderColor, s.contentsRect]
        return parts.map { "\($0)" }
    }

    @Test func drawnValuesAreTheSnapshotsValues() {
        var rng = SplitMix64(seed: 9)
        for round in 0..<200 {
            let layer = Layer()
            layer.opacity = Double.random(in: 0...1, using: &rng)
            for _ in 0..<Int.random(in: 0...6, using: &rng) {
                layer.add(Self.animation(Self.paths.randomElement(using: &rng)!, layer, &rng), forKey: nil)
            }
            for t in stride(from: -1.0, through: 3.0, by: 0.5) {
                for drawn in [false, true] {
                    let v = layer.presentationValues(atLocalTime: t, onlyIfDrawn: drawn)
                    let s = layer.snapshot(atLocalTime: t, onlyIfDrawn: drawn)
                    #expect((v == nil) == (s == nil), "round \(round) t = \(t)")
                    guard let v, let s else { continue }
                    #expect(Self.describe(v) == Self.describe(s), "round \(round) t = \(t)")
                    #expect(Layer.localTransform(of: v) == Layer.localTransform(of: s), "round \(round) t = \(t)")
                }
            }
        }
    }

    /// A display list drawn with a reused context (which reserves the last list's command count) is the one a fresh
    /// context draws.
    @Test func reservedDisplayListsAreTheFreshOnes() {
        var rng = SplitMix64(seed: 31)
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        for i in 0..<12 {
            let l = ShapeLayer()
            l.path = Path(rect: Rect(x: Double(i), y: 0, width: 10, height: 10))
            l.position = Point(Double(i) * 7, 20)
            l.opacity = i % 3 == 0 ? 0.5 : 1
            l.add(Self.animation(Self.paths.randomElement(using: &rng)!, l, &rng), forKey: nil)
            l.add(LinearNumberTestAnimation("opacity", from: 1, to: i % 2 == 0 ? 0 : 1, timing: MediaTiming(duration: 2)), forKey: nil)
            root.addSublayer(l)
        }
        let reused = DrawContext()
        for t in stride(from: 0.0, through: 3.0, by: 0.125) {
            let a = root.displayList(size: Size(100, 100), at: t, context: reused)
            let b = root.displayList(size: Size(100, 100), at: t, context: DrawContext())
            #expect("\(a.commands)" == "\(b.commands)", "t = \(t)")
            #expect(reused.scratch.commandCountHint == a.commands.count, "t = \(t)")
        }
    }
}
