import Foundation
import OpenQuartzCore
import Stardust
import Testing

/// UIKit Dynamics through the façade: iOS code (iOSEffects/DropAndSnapEffect.swift) renders the
/// same bytes as the scene file with the `dynamics` key, and gravity is UIKit's 1000 pt/s².
@Suite struct DynamicsFacadeTests {
    /// The drop-and-snap function rendered through the façade, the badge's snap added one second in by a
    /// clock timer (a behavior added at the clock's current time acts from then), matches the scene
    /// file whose snap is added `"at": 1`.
    @Test func dropAndSnapMatchesItsSceneFile() throws {
        let (w, h) = (200.0, 240.0)
        var keep: UIDynamicAnimator?
        let facade = try FrameFiles.render(size: CGSize(width: w, height: h), duration: 2, fps: 10) {
            let container = UIView(frame: CGRect(x: 0, y: 0, width: w, height: h))
            let animator = dropCard(in: container)
            let badge = addBadge(to: container)
            keep = animator
            StardustClock.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in
                snap(badge, to: CGPoint(x: 100, y: 120), animator: animator)
            }
            return container.layer
        }
        _ = keep
        let scene = try FrameFiles.render(sceneJSON: """
            { "size": [\(w), \(h)], "scale": 1, "duration": 2, "fps": 10,
              "layers": [ { "type": "group", "name": "container", "bounds": [0, 0, \(w), \(h)], "position": [\(w / 2), \(h / 2)],
                "sublayers": [
                  { "type": "group", "name": "card", "bounds": [0, 0, 60, 40], "position": [70, 40], "backgroundColor": [1, 0.5, 0, 1] },
                  { "type": "group", "name": "badge", "bounds": [0, 0, 30, 30], "position": [25, 25], "backgroundColor": [0, 0, 1, 1] } ] } ],
              "dynamics": { "referenceBounds": [0, 0, \(w), \(h)], "behaviors": [
                { "type": "gravity", "items": ["card"] },
                { "type": "collision", "items": ["card"], "translatesReferenceBoundsIntoBoundary": true },
                { "type": "itemProperties", "items": ["card"], "elasticity": 0.4, "allowsRotation": false },
                { "type": "snap", "item": "badge", "point": [100, 120], "damping": 0.3, "at": 1 } ] } }
            """)
        try FrameFiles.expectIdentical(facade, scene, minimumDrawn: 20)
    }

    /// A view under `UIGravityBehavior` falls ½·g·t² with g = 1000 pt/s² (magnitude 1.0), from the
    /// clock time its behavior was added.
    @Test func gravityIsAThousandPointsPerSecondSquaredFromTheTimeItIsAdded() throws {
        for start in [0.0, 0.25] {
            try StardustClock.withClock {
                let container = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 2000))
                let card = UIView(frame: CGRect(x: 100, y: 50, width: 40, height: 40))
                container.addSubview(card)
                StardustClock.advance(to: start)
                let animator = UIDynamicAnimator(referenceView: container)
                animator.addBehavior(UIGravityBehavior(items: [card]))
                let dir = try FrameFiles.folder("gravity")
                defer { try? FileManager.default.removeItem(at: dir) }
                try container.layer.stardustRender(size: CGSize(width: 400, height: 2000), duration: 0.5, fps: 2,
                                                   scale: 0.1, to: dir.path + "/", quiet: true)
                let y = try #require(card.layer.presentation()).position.y
                let drop = 0.5 * 1000 * 0.5 * 0.5                  // ½gt² = 125 pt below the start center (y 70)
                // Within 1 %: the integrator's error is of order 1/N (N = 240 sub-steps in 0.5 s).
                #expect(abs(Double(y) - 70 - drop) < drop * 0.01, "start \(start): y \(y), expected \(70 + drop)")
                #expect(animator.isRunning)
                #expect(card.center.y == 70, "the model is not written")
            }
        }
    }

    /// The delegate hears the pause when the dropped card comes to rest, at the rendered media time
    /// of the step that reports it, and nothing without a render.
    @Test func delegateHearsThePauseAtItsRenderedTime() throws {
        final class Recorder: UIDynamicAnimatorDelegate {
            var pauses: [CFTimeInterval] = []
            var resumes: [CFTimeInterval] = []
            func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) { pauses.append(CACurrentMediaTime()) }
            func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) { resumes.append(CACurrentMediaTime()) }
        }
        try StardustClock.withClock {
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 160, height: 120))
            let animator = dropCard(in: container)
            let recorder = Recorder()
            animator.delegate = recorder
            #expect(recorder.pauses.isEmpty)
            let pause = try #require(animator.stardustAnimator.firstPause(before: 6))
            let dir = try FrameFiles.folder("pause")
            defer { try? FileManager.default.removeItem(at: dir) }
            try container.layer.stardustRender(size: CGSize(width: 160, height: 120), duration: 6, fps: 5, scale: 0.25,
                                               to: dir.path + "/", quiet: true)
            #expect(recorder.pauses.count == 1)
            let heard = try #require(recorder.pauses.first)
            #expect(heard >= pause && heard <= pause + 1.0 / 120 + 1e-9, "paused at \(pause), heard at \(heard)")
            #expect(!animator.isRunning)
            // Resting on the floor: the card's bottom edge is on the reference bounds' bottom.
            let y = try #require(container.subviews.first?.layer.presentation()).position.y
            #expect(abs(Double(y) - (120 - 20)) < 0.5, "rests at \(y)")
        }
    }

    /// UIKit's defaults on the wrappers.
    @Test func defaultsAreUIKits() {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let g = UIGravityBehavior(items: [v])
        #expect(g.gravityDirection == CGVector(dx: 0, dy: 1) && g.magnitude == 1 && abs(g.angle - .pi / 2) < 1e-12)
        let c = UICollisionBehavior(items: [v])
        #expect(c.collisionMode == .everything && !c.translatesReferenceBoundsIntoBoundary)
        #expect(UISnapBehavior(item: v, snapTo: .zero).damping == 0.5)
        let a = UIAttachmentBehavior(item: v, attachedToAnchor: CGPoint(x: 5, y: 25))
        #expect(a.length == 20 && a.frequency == 0 && a.damping == 0)
        let p = UIPushBehavior(items: [v], mode: .instantaneous)
        #expect(p.active && p.magnitude == 0 && p.pushDirection == CGVector(dx: 0, dy: 0))
        let i = UIDynamicItemBehavior(items: [v])
        #expect(i.elasticity == 0 && i.friction == 0 && i.density == 1 && i.resistance == 0 && i.angularResistance == 0 && i.allowsRotation)
        let f = UIFieldBehavior.springField()
        #expect(f.position == .zero && f.strength == 1 && f.falloff == 0 && f.minimumRadius == 0.01)
    }
}
