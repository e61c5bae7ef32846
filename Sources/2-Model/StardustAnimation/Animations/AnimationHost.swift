import StardustCore

/// An object whose properties can be read, set and animated by key path
/// (a layer, an emitter layer). Animations and property animators talk to
/// layers only through this protocol.
public protocol AnimationHost: AnyObject {
    /// The model value at `keyPath` (`position.x`, `opacity`, `emitterCells.flake.birthRate`), or nil if unknown.
    func value(forKeyPath keyPath: String) -> AnimatableValue?
    /// Sets the model value at `keyPath`; unknown key paths are ignored.
    /// Setters report the change to ``Transaction`` so that changes inside an animation block animate.
    func setValue(_ value: AnimatableValue, forKeyPath keyPath: String)
    /// Adds an animation (a copy is not made: do not mutate it afterwards), replacing any with the same key.
    func add(_ animation: Animation, forKey key: String?)
    /// Removes the animation added under `key`.
    func removeAnimation(forKey key: String)
    /// The presentation value at `keyPath` at host-local time `time`: the model value with every animation applied.
    func presentationValue(forKeyPath keyPath: String, at time: Double) -> AnimatableValue?
}
