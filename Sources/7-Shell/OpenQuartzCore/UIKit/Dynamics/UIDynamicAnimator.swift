#if !canImport(QuartzCore)
import Foundation
import Stardust

/// Runs dynamic behaviors on a reference view's subviews (`UIDynamicAnimator`), over the engine's
/// ``DynamicAnimator`` (``stardustAnimator``), which holds the schedule and simulates.
///
/// The animator lives on the media clock that was current when it was made (``StardustClock``):
/// ``addBehavior(_:)`` and ``removeBehavior(_:)`` act at the clock's current time, so a behavior
/// added at media time t moves its items from t on, as in UIKit, and renders
/// (`CALayer.stardustRender`) show the motion as an animation on the views' layers. The engine
/// time is the layers' local time, which is media time for a tree rendered as is.
open class UIDynamicAnimator {
    /// The engine animator this façade drives.
    public let stardustAnimator: DynamicAnimator
    /// The view whose bounds are the reference bounds and whose subviews are the items.
    public private(set) weak var referenceView: UIView?
    /// The behaviors added and not removed, in order added.
    public private(set) var behaviors: [UIDynamicBehavior] = []
    /// The media clock the animator's actions and reports follow.
    let clock: MediaClock
    private let relay = DelegateRelay()
    private var deliveryTimer: ClockTimer?

    /// Receives pause and resume reports at the rendered times they happen (default `nil`).
    open weak var delegate: UIDynamicAnimatorDelegate? {
        didSet { delegate == nil ? stopDelivering() : startDelivering() }
    }

    /// An animator for `view`'s subviews, with `view.bounds` as the reference bounds.
    public init(referenceView view: UIView) {
        referenceView = view
        clock = StardustClock.current
        stardustAnimator = DynamicAnimator(referenceLayer: view.layer.stardustLayer)
        relay.owner = self
    }

    deinit { deliveryTimer?.invalidate() }

    /// Adds `behavior` at the clock's current time (nothing happens if it is already added).
    open func addBehavior(_ behavior: UIDynamicBehavior) {
        guard !behaviors.contains(where: { $0 === behavior }) else { return }
        behaviors.append(behavior)
        behavior.dynamicAnimator = self
        stardustAnimator.addBehavior(behavior.stardustBehavior, at: clock.currentTime)
    }
    /// Removes `behavior` at the clock's current time; its items keep the motion they have.
    open func removeBehavior(_ behavior: UIDynamicBehavior) {
        guard behaviors.contains(where: { $0 === behavior }) else { return }
        behaviors.removeAll { $0 === behavior }
        behavior.dynamicAnimator = nil
        stardustAnimator.removeBehavior(behavior.stardustBehavior, at: clock.currentTime)
    }
    /// Removes every behavior at the clock's current time.
    open func removeAllBehaviors() { for b in behaviors { removeBehavior(b) } }

    /// Whether any simulated item moves at the clock's current time.
    open var isRunning: Bool { stardustAnimator.isRunning(at: clock.currentTime) }

    // Pause and resume reports: a clock timer at the simulation step delivers the engine's events
    // at the media times they happen, while there is a delegate.
    private func startDelivering() {
        stardustAnimator.delegate = relay
        guard deliveryTimer == nil else { return }
        stardustAnimator.deliverEvents(through: clock.currentTime)
        deliveryTimer = ClockTimer.scheduledTimer(withTimeInterval: stardustAnimator.timeStep, repeats: true, clock: clock) { [weak self] _ in
            guard let self else { return }
            self.stardustAnimator.deliverEvents(through: self.clock.currentTime)
        }
    }
    private func stopDelivering() {
        deliveryTimer?.invalidate()
        deliveryTimer = nil
        stardustAnimator.delegate = nil
    }

    /// Forwards the engine's reports to the UIKit delegate.
    private final class DelegateRelay: DynamicAnimatorDelegate {
        weak var owner: UIDynamicAnimator?
        func dynamicAnimatorDidPause(_ animator: DynamicAnimator, time: Double) {
            if let owner { owner.delegate?.dynamicAnimatorDidPause(owner) }
        }
        func dynamicAnimatorWillResume(_ animator: DynamicAnimator, time: Double) {
            if let owner { owner.delegate?.dynamicAnimatorWillResume(owner) }
        }
    }
}
#endif
