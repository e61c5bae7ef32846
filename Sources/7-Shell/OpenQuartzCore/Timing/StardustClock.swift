#if !canImport(QuartzCore)
import Foundation
import Stardust

/// The media clock behind `CACurrentMediaTime()`: the one `MediaClock` that animations added with
/// `beginTime` 0, `UIView.animate`, property animators, `CATransaction` completions, animated images
/// and `Timer`-like clock timers read and schedule on. Nothing here reads the wall clock: the clock
/// moves only when a render (``CALayer/stardustRender(size:duration:fps:to:)``) or the program
/// advances it, so every callback fires at a rendered time, deterministically.
///
/// The clock starts at 0, as if the device had just booted. A program rendering several effects at
/// once (a server, a parallel test) gives each its own clock with ``withClock(_:_:)``; the clock is
/// found through a task-local value, then the process-wide ``shared`` clock.
public enum StardustClock {
    /// The process-wide clock, used outside ``withClock(_:_:)`` (starts at 0).
    nonisolated(unsafe) public static let shared = MediaClock()

    /// A wrapper that lets a clock travel as a task-local value (the clock is used by one task at a time).
    public final class Box: @unchecked Sendable {
        /// The wrapped clock.
        public let clock: MediaClock
        init(_ clock: MediaClock) { self.clock = clock }
    }

    @TaskLocal static var scoped: Box?

    /// The clock that `CACurrentMediaTime()` reads now: the innermost ``withClock(_:_:)``'s, else ``shared``.
    public static var current: MediaClock { scoped?.clock ?? shared }

    /// Runs `body` with `clock` (default: a fresh clock at time 0) as the current media clock.
    public static func withClock<R>(_ clock: MediaClock = MediaClock(), _ body: () throws -> R) rethrows -> R {
        try $scoped.withValue(Box(clock), operation: body)
    }

    /// A timer on the current media clock with `Timer.scheduledTimer(withTimeInterval:repeats:block:)`'s
    /// semantics (first firing at now + `interval`, then every `interval`), firing at rendered times.
    /// Foundation's `Timer` runs on the wall clock and is not redirected (docs/DIFFERENCES.md).
    @discardableResult
    public static func scheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool,
                                      block: @escaping (ClockTimer) -> Void) -> ClockTimer {
        ClockTimer.scheduledTimer(withTimeInterval: interval, repeats: repeats, clock: current, block: block)
    }

    /// Advances the current clock to `time`, firing due timers, animator events and animation
    /// completions in time order (see `MediaClock.advance(to:)`).
    public static func advance(to time: CFTimeInterval) { current.advance(to: time) }
}

/// The current media time in seconds: the time of the current ``StardustClock`` (0 at start, moved by
/// renders; never the wall clock).
public func CACurrentMediaTime() -> CFTimeInterval { StardustClock.current.currentTime }
#endif
