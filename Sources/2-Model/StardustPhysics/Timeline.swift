import Foundation

/// A fixed-step simulation that can be sampled at any time, from any thread, in any order.
///
/// Rendering is a function of time: frame 200 must show the same bodies whether frames 0…199
/// were rendered before it or not. A `Timeline` makes that cheap. It keeps a copy of the state
/// every `checkpointInterval` steps; sampling step *n* copies the newest checkpoint at or before
/// *n* and replays at most `checkpointInterval - 1` steps from it. A seek therefore costs
/// O(checkpoint interval) once the checkpoints up to it exist, and the first visit of a time
/// costs O(t) exactly once.
///
/// Determinism: `advance` must be a pure function of the state and the step index (apply
/// scripted input, such as touches, by comparing the step's time with the event's time, never
/// by reading a clock). Then every sample is bit-identical however it was reached — forward,
/// backward, after a seek, or on another thread.
///
/// Thread safety: the checkpoint list is guarded by a lock; replays run outside it on a private
/// copy, so two threads sampling two times proceed in parallel.
public final class Timeline<State: Sendable>: @unchecked Sendable {
    /// Seconds simulated by one step (default 1/120 s).
    public let timeStep: Double
    /// Steps between two checkpoints (default 60: one checkpoint per half second at 120 Hz).
    public let checkpointInterval: Int

    private let advance: @Sendable (inout State, _ step: Int) -> Void
    private let lock = NSLock()
    /// `checkpoints[k]` is the state after `k * checkpointInterval` steps.
    private var checkpoints: [State]

    /// Creates a timeline whose step 0 is `initial`.
    ///
    /// - Parameters:
    ///   - initial: the state at time 0 (before any step).
    ///   - timeStep: seconds per step; must be positive.
    ///   - checkpointInterval: steps between stored copies; must be at least 1.
    ///   - advance: moves a state from step `step` to step `step + 1`.
    public init(initial: State, timeStep: Double = 1.0 / 120.0, checkpointInterval: Int = 60,
                advance: @escaping @Sendable (inout State, _ step: Int) -> Void) {
        precondition(timeStep > 0 && timeStep.isFinite, "timeStep must be positive")
        precondition(checkpointInterval >= 1, "checkpointInterval must be at least 1")
        self.timeStep = timeStep
        self.checkpointInterval = checkpointInterval
        self.advance = advance
        self.checkpoints = [initial]
    }

    /// The state after `step` steps (step 0 is the initial state). Negative steps give step 0.
    ///
    /// - Complexity: O(`checkpointInterval`) when the checkpoints up to `step` exist;
    ///   otherwise O(`step` − newest checkpoint) once.
    public func state(atStep step: Int) -> State {
        let step = max(0, step)
        let wanted = step / checkpointInterval
        lock.lock()
        var k = min(wanted, checkpoints.count - 1)
        var state = checkpoints[k]
        lock.unlock()
        // Extend the checkpoint list up to the one at or before `step`, storing each as we pass it.
        while k < wanted {
            for s in k * checkpointInterval ..< (k + 1) * checkpointInterval { advance(&state, s) }
            k += 1
            lock.lock()
            if checkpoints.count == k { checkpoints.append(state) }
            lock.unlock()
        }
        for s in k * checkpointInterval ..< step { advance(&state, s) }
        return state
    }

    /// Calls `visit` with each step of `steps` (none negative) and the state after it, in order: one replay
    /// from the checkpoint at or before the first, instead of one per step.
    ///
    /// - Complexity: O(`checkpointInterval` + `steps.count`) once the checkpoints up to `steps` exist.
    public func forEachState(in steps: Range<Int>, _ visit: (Int, State) -> Void) {
        guard let first = steps.first else { return }
        var state = self.state(atStep: first)
        visit(first, state)
        for s in steps.dropFirst() {
            advance(&state, s - 1)
            visit(s, state)
        }
    }

    /// The steps around `time` and how far between them it lies, for interpolated rendering.
    ///
    /// A render at time *t* shows `lerp(before, after, fraction)`, where `before` is the state
    /// after ⌊t / timeStep⌋ steps and `after` the state one step later.
    public func sample(at time: Double) -> (before: State, after: State, fraction: Double) {
        let exact = max(0, time.isFinite ? time : 0) / timeStep
        var step = Int(exact.rounded(.down))
        var fraction = exact - Double(step)
        // A time that is a whole number of steps up to rounding shows that step exactly.
        if fraction > 1 - 1e-9 { step += 1; fraction = 0 }
        let before = state(atStep: step)
        if fraction < 1e-9 { return (before, before, 0) }
        var after = before
        advance(&after, step)
        return (before, after, fraction)
    }

    /// How many checkpoints are stored (for tests and memory accounting).
    public var checkpointCount: Int {
        lock.lock(); defer { lock.unlock() }
        return checkpoints.count
    }
}
