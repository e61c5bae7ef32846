import StardustCore

/// Something the dynamic animator reports, at the simulated time it happened.
public struct DynamicAnimatorEvent {
    /// What happened.
    public enum Kind {
        /// Every simulated item came to rest (UIKit's `dynamicAnimatorDidPause`).
        case didPause
        /// Items started moving again (UIKit's `dynamicAnimatorWillResume`).
        case willResume
        /// An item touched another item (`other`) or a boundary (`other` nil; identifier nil for
        /// the reference bounds) of `behavior`, at `point` in reference coordinates.
        case beganContact(behavior: CollisionBehavior, item: DynamicItem, other: DynamicItem?,
                          boundaryIdentifier: String?, point: Point)
        /// A contact reported by ``beganContact(behavior:item:other:boundaryIdentifier:point:)`` ended.
        case endedContact(behavior: CollisionBehavior, item: DynamicItem, other: DynamicItem?,
                          boundaryIdentifier: String?)
    }

    /// Seconds since the animator's time 0 (a multiple of the 1/120 s step).
    public var time: Double
    /// What happened.
    public var kind: Kind
}
