import Testing
import StardustCore
@testable import StardustAnimation

/// ``AnimationIndex/init(_:)`` notes each snapshot property's root number as the root is first seen instead of
/// looking every property up among the roots afterwards (docs/BENCHMARKS.md, "lottie", fifteenth round): the index
/// must be the one the former lookup built, plans included, for any list of animations.
@Suite struct AnimationIndexBuildTests {
    /// The former construction's snapshot part: for each property in order, its root number by lookup, and its plan.
    static func referencePlans(_ entries: [AnimationEntry], _ index: AnimationIndex) -> [(AnimationIndex.SnapshotProperty, AnimationRelationPlan)] {
        var out: [(AnimationIndex.SnapshotProperty, AnimationRelationPlan)] = []
        for p in AnimationIndex.SnapshotProperty.allCases {
            guard let id = index.roots.firstIndex(where: { $0 == p.key }) else { continue }
            out.append((p, AnimationRelationPlan.make(key: p.key, rootID: id, entries: entries, rootIDs: index.rootIDs, recordCandidates: true,
                                                      isActive: { _ in true }, hasValue: { _ in false })))
        }
        return out
    }

    static func describe(_ plan: AnimationRelationPlan) -> String {
        "\(plan.root ?? "-") \(plan.steps.map { "\($0.entry):\($0.raw):\($0.part ?? "-")" }) \(plan.rest ?? "-") \(plan.candidates)"
    }

    @Test func sameIndexAsTheFormerLookup() {
        var rng = SplitMix64(seed: 1504)
        let paths = ["opacity", "position", "position.x", "position.y", "transform", "transform.rotation.z", "transform.scale",
                     "transform.scale.x", "bounds", "bounds.origin", "bounds.size.width", "anchorPoint", "anchorPointZ",
                     "zPosition", "sublayerTransform.scale", "isHidden", "backgroundColor", "cornerRadius", "borderWidth",
                     "borderColor", "contentsRect", "shadowOpacity", "shadowColor", "strokeEnd", "path", "fillColor",
                     "lineDashPattern", "contents"]
        for round in 0..<400 {
            var entries: [AnimationEntry] = []
            for _ in 0..<Int.random(in: 0...14, using: &rng) {
                let a: Animation
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: a = LinearNumberTestAnimation(paths.randomElement(using: &rng)!, from: 0, to: 1)
                case 1: a = KeyframeAnimation(keyPath: paths.randomElement(using: &rng)!)
                default:
                    let g = AnimationGroup()
                    g.animations = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                        LinearNumberTestAnimation(paths.randomElement(using: &rng)!, from: 0, to: 1)
                    }
                    a = g
                }
                entries.append(AnimationEntry(key: nil, animation: a,
                                              paths: a.animatedKeyPaths.map { ($0, LayerKeyPath.canonical($0)) }))
            }
            let index = AnimationIndex(entries)
            var mask: UInt32 = 0
            for r in index.roots { if let p = AnimationIndex.SnapshotProperty.allCases.first(where: { $0.key == r }) { mask |= 1 << UInt32(p.rawValue) } }
            if !index.keyframes.isEmpty { mask |= 1 << UInt32(AnimationIndex.SnapshotProperty.transform.rawValue) }
            #expect(index.snapshotMask == mask, "round \(round)")
            let reference = Self.referencePlans(entries, index)
            #expect(index.snapshotPlans.map { $0.property } == reference.map { $0.0 }, "round \(round)")
            #expect(index.snapshotPlans.map { Self.describe($0.plan) } == reference.map { Self.describe($0.1) }, "round \(round)")
            for p in AnimationIndex.SnapshotProperty.allCases {
                #expect(AnimationIndex.SnapshotProperty(key: p.key) == p)
            }
            #expect(AnimationIndex.SnapshotProperty(key: "position.x") == nil)
            #expect(AnimationIndex.SnapshotProperty(key: "shadowOpacity") == nil)
        }
    }
}
