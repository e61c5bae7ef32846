import Foundation
import Testing
import StardustCore
@testable import StardustAnimation

/// The ``AnimationIndex`` a layer holds: after every add, replace, removal and finish it must be the index of the
/// animations as they are then, whether or not it was read in between (a stale index would take model values for
/// what an animation now drives). Written for resolving the index on first use (docs/BENCHMARKS.md, "lottie",
/// fourteenth round, tried and dropped); it holds for the index rebuilt at every change too.
@Suite struct AnimationIndexResolutionTests {
    /// The parts of an index that drawing reads, for comparison.
    static func summary(_ i: AnimationIndex) -> String {
        "\(i.roots) \(i.rootIDs) \(i.snapshotMask) \(i.mayAnimateShadow) \(i.mayAnimateOtherRoots) \(i.keyframes.map { ObjectIdentifier($0) }) "
            + "\(i.snapshotPlans.map { "\($0.property) \($0.rootID) \(AnimationIndexBuildTests.describe($0.plan))" })"
    }

    static func expectCurrent(_ layer: Layer, _ note: String) {
        #expect(summary(layer.animationIndex) == summary(AnimationIndex(layer.animationEntries)), "\(note)")
    }

    @Test func indexFollowsEveryChangeReadOrNot() {
        var rng = SplitMix64(seed: 25)
        let paths = ["opacity", "position", "position.x", "transform.rotation.z", "transform.scale", "bounds.origin",
                     "shadowOpacity", "backgroundColor", "zPosition"]
        for round in 0..<200 {
            let layer = Layer()
            for step in 0..<12 {
                switch Int.random(in: 0..<5, using: &rng) {
                case 0, 1, 2:
                    let path = paths.randomElement(using: &rng)!
                    let key: String? = Bool.random(using: &rng) ? "k\(Int.random(in: 0..<4, using: &rng))" : nil
                    let a: Animation = Bool.random(using: &rng)
                        ? LinearNumberTestAnimation(path, from: 0, to: 1, timing: MediaTiming(duration: Double.random(in: 0.5...2, using: &rng)))
                        : KeyframeAnimation(keyPath: path)
                    layer.add(a, forKey: key)
                case 3: layer.removeAnimation(forKey: "k\(Int.random(in: 0..<4, using: &rng))")
                default: layer.advanceAnimations(to: Double.random(in: 0...2.5, using: &rng))
                }
                // Read the index only some of the time, so that changes also pile up unread.
                if Bool.random(using: &rng) { Self.expectCurrent(layer, "round \(round) step \(step)") }
            }
            Self.expectCurrent(layer, "round \(round) end")
        }
    }

    /// `Layer.add` extends the index in place (``AnimationIndex/append(_:entries:)``): after every add of a long
    /// series — groups of several key paths, keyframe animations, roots new and seen, keys replaced — the index must
    /// be the one built afresh from the list, plans (steps, parts, candidates) and root numbers included.
    @Test func indexExtendedByEachAddIsTheIndexBuiltAfresh() {
        var rng = SplitMix64(seed: 2212)
        let paths = ["opacity", "position", "position.x", "position.y", "transform", "transform.rotation.z", "transform.scale",
                     "transform.scale.x", "bounds", "bounds.origin", "bounds.size.width", "anchorPoint", "anchorPointZ",
                     "zPosition", "sublayerTransform.scale", "isHidden", "backgroundColor", "cornerRadius", "borderWidth",
                     "borderColor", "contentsRect", "shadowOpacity", "shadowColor", "shadowRadius", "shadowOffset.y",
                     "strokeEnd", "path", "fillColor"]
        for round in 0..<300 {
            let layer = Layer()
            for step in 0..<Int.random(in: 1...20, using: &rng) {
                let a: Animation
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: a = KeyframeAnimation(keyPath: paths.randomElement(using: &rng)!)
                case 1:
                    let g = AnimationGroup()
                    g.animations = (0..<Int.random(in: 0...4, using: &rng)).map { _ in
                        LinearNumberTestAnimation(paths.randomElement(using: &rng)!, from: 0, to: 1)
                    }
                    a = g
                default: a = LinearNumberTestAnimation(paths.randomElement(using: &rng)!, from: 0, to: 1)
                }
                let key: String? = Int.random(in: 0..<3, using: &rng) == 0 ? nil : "k\(Int.random(in: 0..<6, using: &rng))"
                layer.add(a, forKey: key)
                Self.expectCurrent(layer, "round \(round) step \(step)")
            }
        }
    }

    @Test func presentationSeesAnimationAddedAfterARead() {
        let layer = Layer()
        layer.position = Point(10, 20)
        layer.add(LinearNumberTestAnimation("opacity", from: 0, to: 1), forKey: "fade")
        // The first read resolves the index without `position`.
        #expect(layer.presentation(at: 0.5).position == Point(10, 20))
        layer.add(LinearNumberTestAnimation("position.x", from: 0, to: 100), forKey: "slide")
        #expect(layer.presentation(at: 0.5).position == Point(50, 20))
        #expect(layer.presentationValue(forKeyPath: "position.x", at: 0.25) == .number(25))
        layer.removeAnimation(forKey: "slide")
        #expect(layer.presentation(at: 0.5).position == Point(10, 20))
        #expect(layer.presentationValue(forKeyPath: "position.x", at: 0.25) == .number(10))
    }
}
