#if !canImport(QuartzCore)
import Foundation
import Stardust

/// A timer synchronized to the frames of a render (`CADisplayLink`): once added to a run loop, it calls
/// its handler before every frame that ``CALayer/stardustRender(size:duration:fps:scale:seed:background:frames:threads:to:quiet:)``
/// draws or steps through, on the media clock current when it was added.
///
/// As on iOS, in the callback ``targetTimestamp`` is the time of the frame about to be drawn (prepare the
/// content for it), ``timestamp`` that of the frame before (``targetTimestamp`` − ``duration``) and
/// ``duration`` the frame period (1 / fps). `CACurrentMediaTime()` reads ``targetTimestamp``: the render
/// has moved the clock to the frame (its timers, completions and property animators have fired) and
/// commits the changes made in the callback into that frame. Frames before a rendered range are stepped
/// through with the callback, so rendering frames A..B gives the same bytes as the whole render.
/// Nothing fires while the program moves the clock itself (`StardustClock.advance(to:)`): there are no
/// frames then.
///
/// `init(target:selector:)` takes an Objective-C selector, which Swift on Linux does not have: pass the
/// method itself (`CADisplayLink(target: self, selector: Self.step)`) or a closure
/// (`CADisplayLink { link in … }`) (docs/DIFFERENCES.md Q29).
public final class CADisplayLink {
    private let handler: (CADisplayLink) -> Void
    private var clock: MediaClock?
    private var lastFire: Double?

    /// The time of the last frame displayed, in media time (seconds); 0 until the first callback.
    public private(set) var timestamp: CFTimeInterval = 0
    /// The time of the frame being prepared (the next one displayed), in media time (seconds); 0 until the first callback.
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// The time between frames of the render (1 / fps, seconds); 0 until the first callback.
    public private(set) var duration: CFTimeInterval = 0
    /// Skips callbacks while `true` (default `false`); the link stays on its run loop.
    public var isPaused = false
    /// The callbacks per second wanted (default 0: every frame). A smaller rate than the render's calls back on
    /// the frames at least 1 / `preferredFramesPerSecond` s after the last callback (half a frame of tolerance).
    public var preferredFramesPerSecond = 0

    /// A display link calling `handler` with itself before every frame (Stardust's closure form of
    /// `init(target:selector:)`). Add it to a run loop to start it.
    public init(handler: @escaping (CADisplayLink) -> Void) {
        self.handler = handler
    }

    /// A display link calling `selector` on `target` (kept until ``invalidate()``, as iOS keeps the target):
    /// pass the method, `CADisplayLink(target: self, selector: Self.step)` with `func step(_ link: CADisplayLink)`.
    public convenience init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> (CADisplayLink) -> Void) {
        self.init { link in selector(target)(link) }
    }

    /// A display link calling the argument-less method `selector` on `target` (`Self.step` with `func step()`).
    public convenience init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> () -> Void) {
        self.init { _ in selector(target)() }
    }

    /// Starts the callbacks on the current media clock (`StardustClock.current`); the run loop and mode are
    /// accepted for source compatibility (there is one stream of rendered frames per clock).
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        let current = StardustClock.current
        Self.lock.lock(); defer { Self.lock.unlock() }
        if let clock, clock !== current { Self.active.removeAll { $0 === self } }
        clock = current
        if !Self.active.contains(where: { $0 === self }) { Self.active.append(self) }
    }

    /// Stops the callbacks (the link can be added again).
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        Self.lock.lock(); defer { Self.lock.unlock() }
        Self.active.removeAll { $0 === self }
    }

    /// Stops the callbacks for good and releases the target.
    public func invalidate() { remove(from: .current, forMode: .common) }

    // MARK: Frames

    private static let lock = NSLock()
    nonisolated(unsafe) private static var active: [CADisplayLink] = []

    /// Calls back the links on `clock` for the frame at media time `time`, `frameDuration` seconds after the previous
    /// one, in the order they were added (a render calls it before each frame, after moving the clock).
    static func fireFrame(on clock: MediaClock, at time: Double, frameDuration: Double) {
        lock.lock()
        let links = active.filter { $0.clock === clock }
        lock.unlock()
        for link in links {
            lock.lock()
            let stillActive = active.contains { $0 === link }
            lock.unlock()
            guard stillActive, !link.isPaused else { continue }
            if link.preferredFramesPerSecond > 0, let last = link.lastFire,
               time - last < 1 / Double(link.preferredFramesPerSecond) - frameDuration / 2 {
                continue
            }
            link.lastFire = time
            link.duration = frameDuration
            link.targetTimestamp = time
            link.timestamp = time - frameDuration
            link.handler(link)
        }
    }
}
#endif
