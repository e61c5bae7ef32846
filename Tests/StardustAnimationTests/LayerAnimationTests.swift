import Foundation
import Testing
import StardustCore
@testable import StardustAnimation

/// A test animation: a number going linearly from `from` to `to` over its basic duration.
final class LinearNumberTestAnimation: Animation {
    let from: Double, to: Double
    init(_ keyPath: String, from: Double, to: Double, timing: MediaTiming = MediaTiming(duration: 1)) {
        self.from = from; self.to = to
        super.init(keyPath: keyPath, timing: timing)
    }
    override func value(on base: AnimatableValue, at parentTime: Double) -> AnimatableValue? {
        guard let l = timing.local(at: parentTime, duration: timing.resolvedDuration(default: defaultDuration)) else { return nil }
        return .number(from + (to - from) * l.progress)
    }
}

/// A test animation that shows a fixed value while active (and a number added to the base for `.number` with `adds`).
final class ConstantTestAnimation: Animation {
    let constant: AnimatableValue
    init(_ keyPath: String, _ value: AnimatableValue, timing: MediaTiming = MediaTiming(duration: 1)) {
        constant = value
        super.init(keyPath: keyPath, timing: timing)
    }
    override func value(on base: AnimatableValue, at parentTime: Double) -> AnimatableValue? {
        timing.local(at: parentTime, duration: timing.resolvedDuration(default: defaultDuration)) == nil ? nil : constant
    }
}

@Suite struct LayerAnimationTests {
    @Test func presentationDiffersFromModelAndModelIsUnchanged() {
        let layer = Layer()
        layer.position = Point(10, 20)
        layer.add(LinearNumberTestAnimation("position.x", from: 0, to: 100), forKey: "slide")
        #expect(layer.presentationValue(forKeyPath: "position.x", at: 0.25) == .number(25))
        #expect(layer.presentationValue(forKeyPath: "position", at: 0.5) == .point(Point(50, 20)))
        #expect(layer.presentation(at: 0.75).position == Point(75, 20))
        // The model is untouched; outside the active interval (fill removed) the model shows.
        #expect(layer.position == Point(10, 20))
        #expect(layer.value(forKeyPath: "position.x") == .number(10))
        #expect(layer.presentationValue(forKeyPath: "position.x", at: 1.5) == .number(10))
        #expect(layer.presentationValue(forKeyPath: "position.x", at: -0.5) == .number(10))
    }

    @Test func animationsApplyInOrderAdded() {
        let layer = Layer()
        layer.add(ConstantTestAnimation("opacity", .number(0.2)), forKey: "a")
        layer.add(ConstantTestAnimation("opacity", .number(0.7)), forKey: "b")
        #expect(layer.presentationValue(forKeyPath: "opacity", at: 0.5) == .number(0.7))
        // Re-adding under "a" moves it to the end.
        layer.add(ConstantTestAnimation("opacity", .number(0.3)), forKey: "a")
        #expect(layer.animationKeys() == ["b", "a"])
        #expect(layer.presentationValue(forKeyPath: "opacity", at: 0.5) == .number(0.3))
    }

    @Test func subKeyPathComposesWithParentPath() {
        let layer = Layer()
        let theta = Double.pi / 6
        layer.add(ConstantTestAnimation("transform", .transform(Transform3D(scaleX: 2, y: 2, z: 1))), forKey: "grow")
        layer.add(LinearNumberTestAnimation("transform.rotation", from: 0, to: 2 * theta), forKey: "spin")
        guard case .transform(let m)? = layer.presentationValue(forKeyPath: "transform", at: 0.5) else { Issue.record(); return }
        // Scale 2 then rotate θ (row vectors): m11 = 2cosθ, m12 = 2sinθ, m21 = −2sinθ, m22 = 2cosθ.
        #expect(abs(m.m11 - 2 * cos(theta)) <= 1e-12)
        #expect(abs(m.m12 - 2 * sin(theta)) <= 1e-12)
        #expect(abs(m.m21 - (-2 * sin(theta))) <= 1e-12)
        #expect(abs(m.m22 - 2 * cos(theta)) <= 1e-12)
        #expect(abs((layer.presentationValue(forKeyPath: "transform.rotation.z", at: 0.5)?.doubleValue ?? .nan) - theta) <= 1e-12)
        #expect(abs((layer.presentationValue(forKeyPath: "transform.scale.x", at: 0.5)?.doubleValue ?? .nan) - 2) <= 1e-12)
        #expect(layer.transform == .identity)
    }

    @Test func completionCalledOnceWithFinishedTrueAndRemoved() {
        let layer = Layer()
        let anim = LinearNumberTestAnimation("opacity", from: 1, to: 0, timing: MediaTiming(beginTime: 0.5, duration: 1))
        var calls: [Bool] = []
        anim.completion = { calls.append($0) }
        layer.add(anim, forKey: "fade")
        layer.advanceAnimations(to: 1.0)
        #expect(calls == [])
        layer.advanceAnimations(to: 1.5)   // end time = 0.5 + 1
        #expect(calls == [true])
        #expect(layer.animation(forKey: "fade") == nil)
        layer.advanceAnimations(to: 3)
        #expect(calls == [true])
    }

    @Test func keptAnimationCompletesOnceAndHoldsForwardsFill() {
        let layer = Layer()
        let anim = LinearNumberTestAnimation("opacity", from: 1, to: 0.25, timing: MediaTiming(duration: 1, fillMode: .forwards))
        anim.isRemovedOnCompletion = false
        var calls: [Bool] = []
        anim.completion = { calls.append($0) }
        layer.add(anim, forKey: "fade")
        layer.advanceAnimations(to: 2)
        layer.advanceAnimations(to: 3)
        #expect(calls == [true])
        #expect(layer.animation(forKey: "fade") != nil)
        #expect(layer.presentationValue(forKeyPath: "opacity", at: 3) == .number(0.25))
    }

    @Test func removalReportsUnfinished() {
        let layer = Layer()
        let a = LinearNumberTestAnimation("opacity", from: 1, to: 0)
        let b = LinearNumberTestAnimation("position.y", from: 1, to: 0)
        var ca: [Bool] = [], cb: [Bool] = []
        a.completion = { ca.append($0) }
        b.completion = { cb.append($0) }
        layer.add(a, forKey: "a")
        layer.add(b, forKey: "b")
        layer.removeAnimation(forKey: "a")
        #expect(ca == [false])
        #expect(layer.animationKeys() == ["b"])
        layer.removeAllAnimations()
        #expect(cb == [false])
        layer.advanceAnimations(to: 5)
        #expect(ca == [false])
        #expect(cb == [false])
    }

    @Test func replacingAnAnimationStopsTheOldOneUnfinished() {
        let layer = Layer()
        let a = LinearNumberTestAnimation("opacity", from: 1, to: 0)
        var ca: [Bool] = []
        a.completion = { ca.append($0) }
        layer.add(a, forKey: "k")
        layer.add(LinearNumberTestAnimation("opacity", from: 0, to: 1), forKey: "k")
        #expect(ca == [false])
        #expect(layer.animationKeys() == ["k"])
    }

    @Test func layerMediaTimingShiftsChildAnimations() {
        let parent = Layer(), child = Layer()
        parent.addSublayer(child)
        parent.timing = MediaTiming(beginTime: 1, speed: 2)
        child.timing = MediaTiming(timeOffset: 0.25)
        child.add(LinearNumberTestAnimation("position.x", from: 0, to: 100), forKey: "x")
        // Scene 1.25 → parent local (1.25 − 1)·2 = 0.5 → child local 0.5 + 0.25 = 0.75 → x = 75.
        let snap = parent.presentation(at: 1.25)
        #expect(abs(snap.localTime - 0.5) <= 1e-12)
        #expect(abs(snap.sublayers[0].localTime - 0.75) <= 1e-12)
        #expect(abs(snap.sublayers[0].position.x - 75) <= 1e-12)
        // Scene 1.1 → parent 0.2 → child 0.45 → 45.
        #expect(abs(parent.presentation(at: 1.1).sublayers[0].position.x - 45) <= 1e-9)
        // The completion follows the child's clock: ends at child local 1 = parent 0.75 = scene 1.375.
        var done = false
        child.animation(forKey: "x")?.completion = { _ in done = true }
        parent.advanceAnimations(to: 1.37)
        #expect(!done)
        parent.advanceAnimations(to: 1.38)
        #expect(done)
    }

    @Test func renderUsesPresentationValues() {
        let layer = Layer()
        layer.bounds = Rect(0, 0, 10, 10)
        layer.backgroundColor = .red
        layer.add(LinearNumberTestAnimation("position.x", from: 0, to: 100), forKey: "x")
        let list = layer.displayList(size: Size(200, 200), at: 0.5)
        guard case .path(let d)? = list.commands.first else { Issue.record(); return }
        // Center at (50, 0): the corner (0, 0) of the bounds lands at (45, −5).
        #expect(d.transform.apply(to: Point(0, 0)) == Point(45, -5))
    }
}

@Suite struct LayerAnimationCompositionTests {
    @Test func wholeValueAnimationIsSeenThroughAField() {
        let layer = Layer()
        layer.position = Point(1, 2)
        layer.add(ConstantTestAnimation("position", .point(Point(30, 40))), forKey: "p")
        #expect(layer.presentationValue(forKeyPath: "position.x", at: 0.5) == .number(30))
        #expect(layer.presentationValue(forKeyPath: "position.y", at: 0.5) == .number(40))
    }

    @Test func fieldAnimationAfterWholeValueOverridesThatField() {
        let layer = Layer()
        layer.bounds = Rect(0, 0, 10, 10)
        layer.add(ConstantTestAnimation("bounds", .rect(Rect(1, 2, 30, 40))), forKey: "b")
        layer.add(LinearNumberTestAnimation("bounds.size.width", from: 0, to: 100), forKey: "w")
        #expect(layer.presentationValue(forKeyPath: "bounds", at: 0.5) == .rect(Rect(1, 2, 50, 40)))
        // Added the other way round, the whole-value animation wins.
        let other = Layer()
        other.add(LinearNumberTestAnimation("bounds.size.width", from: 0, to: 100), forKey: "w")
        other.add(ConstantTestAnimation("bounds", .rect(Rect(1, 2, 30, 40))), forKey: "b")
        #expect(other.presentationValue(forKeyPath: "bounds.size.width", at: 0.5) == .number(30))
    }

    @Test func unrelatedSiblingFieldsDoNotInterfere() {
        let layer = Layer()
        layer.position = Point(5, 6)
        layer.add(LinearNumberTestAnimation("position.x", from: 0, to: 10), forKey: "x")
        layer.add(LinearNumberTestAnimation("position.y", from: 0, to: 20), forKey: "y")
        #expect(layer.presentationValue(forKeyPath: "position", at: 0.5) == .point(Point(5, 10)))
        #expect(layer.presentationValue(forKeyPath: "position.x", at: 0.5) == .number(5))
        #expect(layer.presentationValue(forKeyPath: "opacity", at: 0.5) == .number(1))
    }

    @Test func rotationAliasesCompose() {
        let layer = Layer()
        layer.add(ConstantTestAnimation("transform.rotation", .number(0.5)), forKey: "r")
        #expect(abs((layer.presentationValue(forKeyPath: "transform.rotation.z", at: 0.5)?.doubleValue ?? .nan) - 0.5) <= 1e-12)
        #expect(layer.presentation(at: 0.5).transform == Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1))
    }
}
