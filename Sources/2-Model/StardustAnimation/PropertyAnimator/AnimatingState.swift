import StardustCore

/// The state of a ``PropertyAnimator`` (`UIViewAnimatingState`).
public enum AnimatingState: String, Hashable, Sendable {
    /// Not started, or finished: its animations are not on any host.
    case inactive
    /// Started or paused: its animations are on their hosts.
    case active
    /// Stopped with `stopAnimation(false)`: waits for ``PropertyAnimator/finishAnimation(at:)``.
    case stopped
}

/// Where an animator's properties end (`UIViewAnimatingPosition`).
public enum AnimatingPosition: String, Hashable, Sendable {
    /// `end`: the properties take their target values; `start`: their values before the animations;
    /// `current`: whatever they show now.
    case end, start, current
}

/// A programmer error reported by a ``PropertyAnimator`` instead of a crash.
public enum PropertyAnimatorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `finishAnimation(at:)` was called when the animator was not stopped.
    case notStopped(AnimatingState)
    /// A sentence naming the misused call and the animator's state.
    public var description: String {
        switch self {
        case .notStopped(let s):
            return "finishAnimation(at:) requires the stopped state (after stopAnimation(false)); the animator is \(s.rawValue)"
        }
    }
}
