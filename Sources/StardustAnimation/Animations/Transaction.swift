import StardustCore

/// Groups property changes; changes made inside an animation block become
/// implicit animations (owned by the animation work; this is the interface
/// layers call).
public enum Transaction {
    /// Called by every animatable property setter of a host, with the old and new model values.
    public static func recordChange(host: AnimationHost, keyPath: String, from old: AnimatableValue, to new: AnimatableValue) {
        // stub: implemented by the animation work
    }
}
