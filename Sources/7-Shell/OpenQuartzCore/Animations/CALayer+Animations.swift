#if !canImport(QuartzCore)
import Foundation
import Stardust

extension CALayer {
    /// Attaches `anim` under `key` (replacing the animation there), as Core Animation does:
    /// the animation's current values become an engine animation; a `beginTime` of 0 means "now"
    /// (the layer's local time at `CACurrentMediaTime()`); the delegate hears `animationDidStart` at
    /// once and `animationDidStop(_:finished:)` at the rendered time the animation ends or is removed;
    /// open `CATransaction`s wait for it before running their completion blocks.
    public func add(_ anim: CAAnimation, forKey key: String?) {
        if let sequence = anim as? CAKeyframeAnimation, let images = imageSequence(sequence) {
            // An image sequence: played by the engine layer's animated contents.
            stardustLayer.animatedContents = try? AnimatedImage(frames: images, duration: sequence.duration)
            anim.delegate?.animationDidStart(anim)
            return
        }
        let engine = anim.makeStardustAnimation()
        if anim.beginTime == 0 { engine.timing.beginTime = localMediaTime() }
        engine.completion = { finished in anim.delegate?.animationDidStop(anim, finished: finished) }
        // Every animation gets a key, so that its end can be reported without detaching it (see completeAnimations).
        let engineKey = key ?? Self.anonymousKeyPrefix + String(UInt(bitPattern: ObjectIdentifier(engine).hashValue), radix: 36)
        animationCopies[engineKey] = anim
        stardustLayer.add(engine, forKey: engineKey)
        CATransaction.track(engine)
        scheduleCompletion(of: engine)
        anim.delegate?.animationDidStart(anim)
    }

    /// The frames of a looping, evenly spaced, discrete keyframe animation of `contents` through
    /// images (how Core Animation code plays an image sequence), or `nil` for any other animation.
    func imageSequence(_ a: CAKeyframeAnimation) -> [Texture]? {
        guard a.keyPath == "contents", a.calculationMode == .discrete, a.keyTimes == nil, a.duration > 0,
              a.repeatCount.isInfinite || a.repeatCount >= .greatestFiniteMagnitude, a.speed == 1, a.timeOffset == 0,
              let values = a.values, !values.isEmpty else { return nil }
        let images = values.compactMap { ($0 as? CGImage)?.texture }
        return images.count == values.count ? images : nil
    }

    /// Removes the animation under `key` (its delegate hears `finished == false`).
    public func removeAnimation(forKey key: String) {
        if key == "contents", stardustLayer.animation(forKey: key) == nil { stardustLayer.animatedContents = nil }
        animationCopies[key] = nil
        stardustLayer.removeAnimation(forKey: key)
    }

    /// Removes every animation.
    public func removeAllAnimations() {
        animationCopies.removeAll()
        stardustLayer.removeAllAnimations()
    }

    /// The animation under `key`, until it is removed (at its end when `isRemovedOnCompletion`).
    public func animation(forKey key: String) -> CAAnimation? {
        guard let a = stardustLayer.animation(forKey: key), !a.isRemoved(at: localMediaTime()) else { return nil }
        return animationCopies[key]
    }

    /// The keys of the attached animations, in the order they were added (`nil` when there are none).
    public func animationKeys() -> [String]? {
        let now = localMediaTime()
        let keys = stardustLayer.animationKeys().filter { key in
            !key.hasPrefix(Self.anonymousKeyPrefix) && stardustLayer.animation(forKey: key).map { !$0.isRemoved(at: now) } ?? false
        }
        return keys.isEmpty ? nil : keys
    }

    /// Wakes the layer tree on the media clock when `animation` ends, so that its completion (and the
    /// delegate, and transaction completions) run at that exact rendered time, whatever the frame rate.
    func scheduleCompletion(of animation: Animation) {
        let endLocal = animation.endTime()
        guard endLocal.isFinite else { return }
        let endMedia = mediaTime(fromLocalTime: endLocal)
        guard endMedia.isFinite else { return }
        let clock = StardustClock.current
        _ = ClockTimer.scheduledTimer(withTimeInterval: endMedia - clock.currentTime, repeats: false, clock: clock) { [weak self] _ in
            self?.rootLayer.completeAnimations(atMediaTime: max(clock.currentTime, endMedia))
        }
    }

    /// The key prefix of animations added with a `nil` key (not listed by ``animationKeys()``).
    static let anonymousKeyPrefix = "OpenQuartzCore.anonymous."

    /// Reports the animations of this tree that are over at media time `t` as finished (their
    /// delegates, completions and transaction completions run), and detaches those removed on
    /// completion — except on emitter layers, whose animations stay attached after their end because
    /// they shaped the particles already born (an emitter's particles are a function of its whole
    /// history); evaluation ignores them after their end either way.
    func completeAnimations(atMediaTime t: Double) {
        let local = localTime(fromMediaTime: t)
        let keepsHistory = stardustLayer is EmitterLayer
        for key in stardustLayer.animationKeys() {
            guard let a = stardustLayer.animation(forKey: key), local >= a.endTime() else { continue }
            a.didStop(finished: true)
            if a.isRemovedOnCompletion && !keepsHistory {
                stardustLayer.removeAnimation(forKey: key)
                animationCopies[key] = nil
            }
        }
        for s in sublayers ?? [] { s.completeAnimations(atMediaTime: t) }
    }
}
#endif
