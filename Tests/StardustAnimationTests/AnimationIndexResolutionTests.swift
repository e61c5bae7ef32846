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
        "\(i.roots) \(i.rootIDs) \(i.snapshotMask) \(i.mayAnimateShadow) \(i.keyframes.map { ObjectIdentifier($0) }) "
            + "\(i.snapshotPlans.map { $0.property })"
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
