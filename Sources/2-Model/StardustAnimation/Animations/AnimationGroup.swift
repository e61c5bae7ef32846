import StardustCore

/// Several animations run together (`CAAnimationGroup`), possibly on
/// different key paths.
///
/// The group maps the host's time through its own media timing; each child
/// then runs in the group's basic local time (its `beginTime` is relative
/// to the group's start), eased by the group's ``Animation/timingFunction``
/// when set. The group's duration clips the children: they never see a
/// time past it, so a child that would run longer is cut off (and holds
/// its value at the group's end only if the group fills forwards).
/// Children's own `isRemovedOnCompletion` and completions are not used by
/// hosts; the group's ``didStop(finished:)`` forwards to them.
open class AnimationGroup: Animation {
    /// The animations, applied in order (later ones on top of earlier ones for the same key path).
    public var animations: [Animation]

    /// A group of `animations` with the group's own `timing`.
    public init(animations: [Animation] = [], timing: MediaTiming = MediaTiming()) {
        self.animations = animations
        super.init(keyPath: nil, timing: timing)
    }

    /// The time the children see at host time `parentTime`, or `nil` when the group has no effect.
    public func childTime(at parentTime: Double) -> Double? {
        guard let l = local(at: parentTime) else { return nil }
        guard timingFunction != nil, l.duration.isFinite else { return l.time }
        return easedProgress(l) * l.duration
    }

    /// Applies every child animating `keyPath`, in order, to `base` at the children's time (the group's eased local time);
    /// `nil` when the group is inactive or no child animates `keyPath`.
    open override func value(forKeyPath keyPath: String, on base: AnimatableValue, at parentTime: Double) -> AnimatableValue? {
        guard let t = childTime(at: parentTime) else { return nil }
        var v = base
        var touched = false
        for child in animations {
            if let r = child.value(forKeyPath: keyPath, on: v, at: t) { v = r; touched = true }
        }
        return touched ? v : nil
    }

    /// A group has no key path of its own; use ``value(forKeyPath:on:at:)``.
    open override func value(on base: AnimatableValue, at parentTime: Double) -> AnimatableValue? {
        guard let kp = keyPath else { return nil }
        return value(forKeyPath: kp, on: base, at: parentTime)
    }

    /// The key paths of all children, each once, in the order first seen.
    open override var animatedKeyPaths: [String] {
        var seen = Set<String>(), result: [String] = []
        for a in animations { for k in a.animatedKeyPaths where seen.insert(k).inserted { result.append(k) } }
        return result
    }

    /// Reports the stop to the group (running its completion once) and forwards it to every child.
    open override func didStop(finished: Bool) {
        super.didStop(finished: finished)
        for a in animations { a.didStop(finished: finished) }
    }
}
