import Foundation
import Testing
import StardustAnimation
import StardustCore
import StardustDynamics

/// A small busy scene: falling boxes and balls colliding in bounds, a pendulum, a noise field.
func busyAnimator(seed: UInt64 = 7) -> (DynamicAnimator, [Layer]) {
    let animator = DynamicAnimator(referenceBounds: Rect(0, 0, 300, 400), seed: seed)
    var items: [Layer] = []
    for k in 0..<8 { items.append(item(40 + Double(k % 4) * 70, 40 + Double(k / 4) * 60, size: 24, round: k % 3 == 0)) }
    let collision = CollisionBehavior(items: items)
    collision.translatesReferenceBoundsIntoBoundary = true
    collision.addBoundary(withIdentifier: "shelf", from: Point(x: 0, y: 250), to: Point(x: 150, y: 300))
    let props = DynamicItemBehavior(items: items)
    props.elasticity = 0.4; props.friction = 0.5
    let noise = FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 1)
    noise.strength = 0.3
    for l in items { noise.addItem(l) }
    animator.addBehavior(collision); animator.addBehavior(props); animator.addBehavior(noise)
    animator.addBehavior(GravityBehavior(items: items))
    let push = PushBehavior(items: [items[0]], mode: .instantaneous)
    push.setAngle(-Double.pi / 3, magnitude: 2)
    animator.addBehavior(push, at: 0.5)
    animator.addBehavior(AttachmentBehavior(item: items[5], attachedToAnchor: Point(x: 150, y: 20)))
    animator.removeBehavior(noise, at: 1.5)
    return (animator, items)
}

/// Every item's pose at `time` as bytes.
func poseBytes(_ animator: DynamicAnimator, _ items: [Layer], at time: Double) -> [UInt64] {
    items.flatMap { l -> [UInt64] in
        guard let p = animator.pose(of: l, at: time) else { return [0] }
        return [p.position.x.bitPattern, p.position.y.bitPattern, p.rotation.bitPattern]
    }
}

@Suite("DynamicAnimator: time as an input")
struct DynamicAnimatorTests {
    @Test("seeking, reverse order and threads give the same bytes as sequential sampling")
    func determinism() {
        let times = (0..<75).map { Double($0) / 30 + 0.004 }
        let (a, itemsA) = busyAnimator()
        let sequential = times.map { poseBytes(a, itemsA, at: $0) }
        let (b, itemsB) = busyAnimator()
        let reversed = Array(times.reversed().map { poseBytes(b, itemsB, at: $0) }.reversed())
        #expect(sequential == reversed)
        let (c, itemsC) = busyAnimator()
        final class Box: @unchecked Sendable { var results: [Int: [UInt64]] = [:]; let lock = NSLock() }
        let box = Box()
        nonisolated(unsafe) let itemsShared = itemsC
        DispatchQueue.concurrentPerform(iterations: times.count) { k in
            let bytes = poseBytes(c, itemsShared, at: times[times.count - 1 - k])
            box.lock.lock(); box.results[times.count - 1 - k] = bytes; box.lock.unlock()
        }
        #expect(times.indices.map { box.results[$0]! } == sequential)
        // Items really moved, and the seed matters (through the noise field).
        #expect(sequential.first != sequential.last)
        let (d, itemsD) = busyAnimator(seed: 8)
        #expect(poseBytes(d, itemsD, at: 1.4) != sequential[42])
    }

    @Test("the animator reports resting at a time after which nothing moves")
    func pauses() throws {
        let animator = DynamicAnimator(referenceBounds: Rect(0, 0, 300, 300))
        let boxes = [item(100, 100, size: 40), item(180, 40, size: 30), item(150, 200, size: 20, round: true)]
        let collision = CollisionBehavior(items: boxes); collision.translatesReferenceBoundsIntoBoundary = true
        let props = DynamicItemBehavior(items: boxes); props.friction = 0.8; props.elasticity = 0.2
        animator.addBehavior(collision); animator.addBehavior(props); animator.addBehavior(GravityBehavior(items: boxes))
        #expect(animator.isRunning(at: 0.2))
        // Starting is reported at time 0, and nothing else by then.
        let start = animator.events(through: 0)
        #expect(start.count == 1 && start.first?.time == 0)
        if let first = start.first, case .willResume = first.kind {} else { Issue.record("expected willResume at 0, got \(start)") }
        let rest = try #require(animator.firstPause(before: 10))
        #expect(rest > 0.5)
        #expect(!animator.isRunning(at: rest))
        let still = poseBytes(animator, boxes, at: rest)
        for t in [rest + 0.3, rest + 1, rest + 4] { #expect(poseBytes(animator, boxes, at: t) == still) }
        // All three rest on the floor (y = 300) within a point, upright.
        for b in boxes {
            let p = animator.pose(of: b, at: rest)!
            #expect(abs(p.position.y + b.bounds.height / 2 - 300) < 1 && abs(p.rotation) < 1e-3)
        }

        // A push added later resumes it, and it pauses again.
        let push = PushBehavior(items: [boxes[2]], mode: .instantaneous)
        push.setAngle(-Double.pi / 2, magnitude: 1)
        let kick = rest + 1
        animator.addBehavior(push, at: kick)
        let events = animator.events(through: kick + 10)
        let kinds = events.compactMap { e -> String? in
            switch e.kind { case .didPause: "pause@\(e.time)"; case .willResume: "resume@\(e.time)"; default: nil }
        }
        #expect(kinds.count >= 4, "\(kinds)")
        let kickStep = (kick * 120 - 1e-9).rounded(.up) / 120
        #expect(events.contains { e in if case .willResume = e.kind { return abs(e.time - kickStep) < 1e-9 }; return false })
    }

    @Test("layers show the simulation through their PoseAnimation; delegates hear events in order")
    func layersAndDelegates() throws {
        let root = Layer(); root.bounds = Rect(0, 0, 200, 300)
        let ball = item(100, 100, size: 20, round: true)
        root.addSublayer(ball)
        let animator = DynamicAnimator(referenceLayer: root)
        let collision = CollisionBehavior(items: [ball]); collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision); animator.addBehavior(GravityBehavior(items: [ball]))
        #expect(ball.presentation(at: 0.3).position == animator.pose(of: ball, at: 0.3)!.position)
        #expect(ball.position == Point(x: 100, y: 100), "the model is untouched")

        final class Listener: DynamicAnimatorDelegate, CollisionBehaviorDelegate {
            var log: [String] = []
            func dynamicAnimatorDidPause(_ animator: DynamicAnimator, time: Double) { log.append("pause") }
            func dynamicAnimatorWillResume(_ animator: DynamicAnimator, time: Double) { log.append("resume") }
            func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                                   withBoundaryIdentifier identifier: String?, at point: Point, time: Double) {
                log.append("began \(identifier ?? "bounds") \(Int(point.y.rounded()))")
            }
        }
        let listener = Listener()
        animator.delegate = listener
        collision.collisionDelegate = listener
        animator.deliverEvents(through: 0.1)
        #expect(listener.log == ["resume"])
        animator.deliverEvents(through: 10)
        #expect(listener.log.first == "resume" && listener.log.last == "pause")
        #expect(listener.log.contains("began bounds 300"), "\(listener.log)")
    }
}
