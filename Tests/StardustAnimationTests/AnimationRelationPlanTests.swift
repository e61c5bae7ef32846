import Testing
import StardustCore
@testable import StardustAnimation

/// The snapshot reads animated properties through plans the animation index resolves when the animations change
/// (``AnimationRelationPlan``); these check that it gives what the lookup by key path gives, frame by frame,
/// including frames where an animation the plan counted has been removed on completion.
@Suite struct AnimationRelationPlanTests {
    @Test func snapshotMatchesKeyPathLookupsAcrossRemovalAndParts() {
        let layer = Layer()
        layer.position = Point(10, 20)
        // A whole value and a part of it, one removed on completion halfway (the plan must then step aside).
        let whole = ConstantTestAnimation("position", .point(Point(40, 50)), timing: MediaTiming(duration: 2))
        let part = LinearNumberTestAnimation("position.x", from: 0, to: 100)
        part.isRemovedOnCompletion = true
        layer.add(whole, forKey: "whole")
        layer.add(part, forKey: "part")
        layer.add(LinearNumberTestAnimation("opacity", from: 1, to: 0, timing: MediaTiming(duration: 3)), forKey: "fade")
        layer.add(ConstantTestAnimation("transform.rotation", .number(0.5)), forKey: "turn")
        for t in stride(from: -0.5, through: 3.5, by: 0.25) {
            let s = layer.presentation(at: t)
            #expect(.point(s.position) == layer.presentationValue(forKeyPath: "position", at: t), "t = \(t)")
            #expect(.number(s.opacity) == layer.presentationValue(forKeyPath: "opacity", at: t), "t = \(t)")
            #expect(.transform(s.transform) == layer.presentationValue(forKeyPath: "transform", at: t), "t = \(t)")
        }
        #expect(layer.presentation(at: 0.5).position == Point(50, 50))
        #expect(layer.presentation(at: 1.5).position == Point(40, 50))
    }

    @Test func keyPathsSplitAndCompareTheSameNativeOrNot() {
        #expect(LayerKeyPath.split("transform.rotation.z") == ("transform", "rotation.z"))
        #expect(LayerKeyPath.split("opacity") == ("opacity", ""))
        #expect(LayerKeyPath.split("é.x") == ("é", "x"))
        let sub = "xx.position.y".dropFirst(3)
        #expect(LayerKeyPath.split(sub) == ("position", "y"))
        #expect(LayerKeyPath.isPrefix("transform", of: "transform.scale.x"))
        #expect(!LayerKeyPath.isPrefix("transform.s", of: "transform.scale.x"))
        #expect(LayerKeyPath.isPrefix("position", of: "position"))
        #expect(!LayerKeyPath.isPrefix("position.x", of: "position"))
        #expect(LayerKeyPath.isPrefix("é", of: "é.x"))
        #expect(!LayerKeyPath.isPrefix("é", of: "éx"))
        #expect(!LayerKeyPath.isPrefix("position", of: "positions.x"), "a prefix ends at a dot")
        #expect(LayerKeyPath.split(".x") == ("", "x"))
        #expect(LayerKeyPath.split("a.") == ("a", ""))
        #expect(LayerKeyPath.split("a.b.c").rest == "b.c", "only the first dot splits")
    }
}
