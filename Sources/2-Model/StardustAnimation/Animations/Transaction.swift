import Foundation
import StardustCore
import Synchronization

/// Groups property changes; changes made inside an animation block become
/// implicit animations.
///
/// Hosts call ``recordChange(host:keyPath:from:to:)`` from every animatable
/// setter, after setting the model value. Outside any block nothing
/// happens: unlike Core Animation, a standalone layer does not animate
/// implicitly — changes are animated only inside
/// ``animate(duration:timingFunction:clock:changes:completion:)`` or a
/// ``PropertyAnimator``'s animation blocks. Blocks nest (the innermost one
/// wins) and are per thread.
public enum Transaction {
    /// What a block does with each recorded change.
    final class Context {
        let handler: (AnimationHost, String, AnimatableValue, AnimatableValue) -> Void
        /// False for ``performWithoutAnimation(_:)`` blocks.
        let animates: Bool
        init(animates: Bool = true, _ handler: @escaping (AnimationHost, String, AnimatableValue, AnimatableValue) -> Void) {
            self.handler = handler; self.animates = animates
        }
    }

    /// The open blocks of the current thread, innermost last.
    final class Stack { var contexts: [Context] = [] }

    private static let threadKey = "StardustAnimation.Transaction"

    /// Blocks open on all threads together. Every animatable setter records its change, and finding the current
    /// thread's stack (a thread-dictionary lookup) costs more than the setter itself; while no block is open
    /// anywhere — loading and rendering — a setter reads this counter instead.
    private static let openBlocks = Atomic<Int>(0)

    static var stack: Stack {
        let dict = Thread.current.threadDictionary
        if let s = dict[threadKey] as? Stack { return s }
        let s = Stack()
        dict[threadKey] = s
        return s
    }

    /// Whether changes made now are turned into animations.
    public static var isAnimating: Bool {
        guard openBlocks.load(ordering: .acquiring) > 0 else { return false }
        return stack.contexts.last?.animates ?? false
    }

    /// Whether a block is open on some thread: when not, ``recordChange(host:keyPath:from:to:)`` does nothing, and a
    /// setter may skip boxing its values for it.
    static var mayRecord: Bool { openBlocks.load(ordering: .acquiring) > 0 }

    /// Whether a block is open on the current thread: the one that a setter called now would record into (blocks
    /// are per thread; a block open on another thread records nothing of this thread's changes).
    static var isOpenOnThisThread: Bool { mayRecord && !stack.contexts.isEmpty }

    /// Called by every animatable property setter of a host, with the old and new model values.
    /// Inside an animation block it adds an animation from `old` to `new`
    /// under the key `keyPath` (replacing an earlier one); equal values add nothing.
    public static func recordChange(host: AnimationHost, keyPath: String, from old: AnimatableValue, to new: AnimatableValue) {
        guard openBlocks.load(ordering: .acquiring) > 0, old != new, let context = stack.contexts.last else { return }
        context.handler(host, keyPath, old, new)
    }

    /// Runs `body` with `handler` receiving every recorded change.
    static func capture<R>(animates: Bool = true, _ handler: @escaping (AnimationHost, String, AnimatableValue, AnimatableValue) -> Void,
                           _ body: () throws -> R) rethrows -> R {
        let s = stack
        s.contexts.append(Context(animates: animates, handler))
        openBlocks.add(1, ordering: .releasing)
        defer { openBlocks.subtract(1, ordering: .releasing); s.contexts.removeLast() }
        return try body()
    }

    /// Runs `changes` and turns every property change made inside it into a
    /// ``BasicAnimation`` from the old to the new value, added to the host
    /// under the key path, beginning at `clock.currentTime` (host time 0
    /// without a clock: hosts are assumed to run on the clock's time),
    /// lasting `duration` seconds (default 0.25) and eased by
    /// `timingFunction` (default `.default`, Core Animation's implicit curve).
    /// The model values change at once; only their presentation animates.
    ///
    /// `completion` runs once, when every animation the block created has
    /// stopped (finished or removed), or right after the block when it
    /// created none.
    public static func animate(duration: Double = MediaTiming.defaultAnimationDuration,
                               timingFunction: TimingFunction? = .default, clock: MediaClock? = nil,
                               changes: () throws -> Void, completion: (() -> Void)? = nil) rethrows {
        let begin = clock?.currentTime ?? 0
        let d = duration.isFinite && duration > 0 ? duration : MediaTiming.defaultAnimationDuration
        var created: [Animation] = []
        try capture({ host, keyPath, old, new in
            let a = BasicAnimation(keyPath: keyPath, from: old, to: new, timing: MediaTiming(beginTime: begin, duration: d))
            a.timingFunction = timingFunction
            created.append(a)
            host.add(a, forKey: keyPath)
        }, changes)
        guard let completion else { return }
        if created.isEmpty { completion(); return }
        let counter = CompletionCounter(count: created.count, completion: completion)
        for a in created {
            let previous = a.completion
            a.completion = { finished in previous?(finished); counter.stopOne() }
        }
    }

    /// Runs `body` with implicit animation turned off (changes apply without animating).
    public static func performWithoutAnimation<R>(_ body: () throws -> R) rethrows -> R {
        try capture(animates: false, { _, _, _, _ in }, body)
    }
}

/// Calls a completion once after a number of stops.
final class CompletionCounter {
    private var remaining: Int
    private var completion: (() -> Void)?
    init(count: Int, completion: @escaping () -> Void) { remaining = count; self.completion = completion }
    func stopOne() {
        remaining -= 1
        if remaining <= 0, let c = completion { completion = nil; c() }
    }
}
