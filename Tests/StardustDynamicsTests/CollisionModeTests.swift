import Testing
import StardustAnimation
import StardustCore
import StardustDynamics

@Suite("Collision behaviors: who collides with whom")
struct CollisionModeTests {
    /// Box `a` (20 pt) slides right at 100 pt/s towards box `b` 5 pt away; returns the deepest
    /// overlap seen in 1 s and the animator.
    func slide(configure: (DynamicAnimator, Layer, Layer) -> Void) -> (overlap: Double, animator: DynamicAnimator, a: Layer, b: Layer) {
        let animator = DynamicAnimator(referenceBounds: Rect(0, 0, 400, 400))
        let a = item(100, 200, size: 20), b = item(125, 200, size: 20)
        let kick = DynamicItemBehavior(items: [a, b])
        kick.addLinearVelocity(Point(x: 100, y: 0), for: a)
        animator.addBehavior(kick)
        configure(animator, a, b)
        var overlap = 0.0
        for f in 0...120 {
            let t = Double(f) / 120
            let xa = animator.pose(of: a, at: t)!.position.x, xb = animator.pose(of: b, at: t)!.position.x
            overlap = max(overlap, 20 - (xb - xa))
        }
        return (overlap, animator, a, b)
    }

    @Test("items of one collision behavior collide, also when it is added after they came close")
    func sameBehavior() throws {
        let now = slide { animator, a, b in animator.addBehavior(CollisionBehavior(items: [a, b])) }
        #expect(now.overlap < 1)
        // Added at 0.01 s, when the boxes' broad-phase boxes already overlap: they must pair then.
        let later = slide { animator, a, b in animator.addBehavior(CollisionBehavior(items: [a, b]), at: 0.01) }
        #expect(later.overlap < 1, "overlap \(later.overlap) pt")
        // The contact is reported, item with item.
        let began = later.animator.events(through: 1).contains { e in
            if case .beganContact(_, let item, let other, nil, _) = e.kind {
                return (item === later.a && other === later.b) || (item === later.b && other === later.a)
            }
            return false
        }
        #expect(began)
    }

    @Test("items of different collision behaviors, or in boundaries mode, pass through each other")
    func passThrough() {
        let different = slide { animator, a, b in
            animator.addBehavior(CollisionBehavior(items: [a])); animator.addBehavior(CollisionBehavior(items: [b]))
        }
        #expect(different.overlap > 60)
        let boundariesOnly = slide { animator, a, b in
            let c = CollisionBehavior(items: [a, b]); c.collisionMode = .boundaries; c.translatesReferenceBoundsIntoBoundary = true
            animator.addBehavior(c)
        }
        #expect(boundariesOnly.overlap > 60)
        // In items mode the reference bounds are no boundary even when translated.
        let itemsOnly = slide { animator, a, b in
            let c = CollisionBehavior(items: [a]); c.collisionMode = .items; c.translatesReferenceBoundsIntoBoundary = true
            animator.addBehavior(c)
            let push = PushBehavior(items: [a], mode: .instantaneous); push.setAngle(0, magnitude: 0.2)  // +0.2·10⁶/400 = +500 pt/s
            animator.addBehavior(push)
        }
        #expect(itemsOnly.animator.pose(of: itemsOnly.a, at: 1)!.position.x > 400, "left through the right wall")
    }
}
