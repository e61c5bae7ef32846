import StardustCore

/// The animation a property animator puts on a host for one key path.
final class PropertyAnimatorAnimation: Animation {
    weak var animator: PropertyAnimator?
    let from: AnimatableValue, to: AnimatableValue, startFraction: Double

    init(_ animator: PropertyAnimator, _ c: PropertyAnimator.Capture) {
        self.animator = animator; from = c.from; to = c.to; startFraction = c.startFraction
        super.init(keyPath: c.keyPath)
        isRemovedOnCompletion = false
    }

    override func value(on base: AnimatableValue, at parentTime: Double) -> AnimatableValue? {
        guard let a = animator else { return nil }
        let f = a.blockFraction(progress: a.progress(at: parentTime), fraction: a.valueFraction(at: parentTime), start: startFraction)
        return from.interpolated(to: to, fraction: f)
    }

    override func endTime() -> Double { .infinity }
}
