// A card dropped onto the bottom of its container with UIKit Dynamics, and a badge snapped into
// place: gravity, collision with the reference bounds, item properties and a snap, as an iOS app
// writes them. Compiles unchanged on iOS.
#if canImport(UIKit)
import UIKit
#else
import OpenQuartzCore
#endif

/// Drops a card from the top of `container` onto its bottom edge; returns the animator (an app keeps it).
func dropCard(in container: UIView) -> UIDynamicAnimator {
    let card = UIView(frame: CGRect(x: 40, y: 20, width: 60, height: 40))
    card.backgroundColor = .orange
    container.addSubview(card)

    let animator = UIDynamicAnimator(referenceView: container)
    let gravity = UIGravityBehavior(items: [card])
    let collision = UICollisionBehavior(items: [card])
    collision.translatesReferenceBoundsIntoBoundary = true
    let bounce = UIDynamicItemBehavior(items: [card])
    bounce.elasticity = 0.4
    bounce.allowsRotation = false
    animator.addBehavior(gravity)
    animator.addBehavior(collision)
    animator.addBehavior(bounce)
    return animator
}

/// Adds a badge at the top left of `container`.
func addBadge(to container: UIView) -> UIView {
    let badge = UIView(frame: CGRect(x: 10, y: 10, width: 30, height: 30))
    badge.backgroundColor = .blue
    container.addSubview(badge)
    return badge
}

/// Snaps `badge` to `point` with a springy settle.
func snap(_ badge: UIView, to point: CGPoint, animator: UIDynamicAnimator) {
    let snap = UISnapBehavior(item: badge, snapTo: point)
    snap.damping = 0.3
    animator.addBehavior(snap)
}
