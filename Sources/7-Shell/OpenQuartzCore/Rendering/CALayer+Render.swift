#if !canImport(QuartzCore)
import Foundation
import Stardust

extension CALayer {
    /// Renders this layer (and its sublayers) for `duration` seconds at `fps` frames per second into
    /// `path`, in any format `stardust render` writes (`.gif`, `.png` for one frame, `.apng`, `.mp4` /
    /// `.webm` through ffmpeg, or a folder of PNG frames), with the same errors. Returns the path written.
    /// The library draws nothing on the terminal: pass `progress` to show progress your own way.
    ///
    /// The render drives the media clock: frame i is drawn at media time T0 + i / fps, where T0 is
    /// `CACurrentMediaTime()` when the call starts, and before each frame the clock is advanced to that
    /// time, so `CACurrentMediaTime()`, animation and `CATransaction` completions, property animators
    /// (and animators chained from their completions), animated images and clock timers fire at the
    /// rendered times. Events are fired in time order at their own times whatever the frame rate, and
    /// the frames before a range are stepped through without drawing, so rendering
    /// `frames: .range(a...b)` gives the same bytes as those frames of the whole render. Display links
    /// (``CADisplayLink``) are called back before every frame, drawn or stepped through. After the call
    /// the clock stands at T0 + `duration`.
    ///
    /// - Parameters:
    ///   - size: the frame size in points; the layer is drawn in a frame of this size with its
    ///     superlayer's coordinate space at the frame's origin (as a scene file's top-level layers).
    ///   - duration: seconds rendered (> 0).
    ///   - fps: frames per second (> 0; default 30).
    ///   - scale: pixels per point (default 2, as scene files).
    ///   - seed: mixed into every emitter's seed, as a scene file's `seed` (default 1).
    ///   - background: the color behind the layer (default `nil`: transparent).
    ///   - frames: which frames to write (default all).
    ///   - threads: render threads (default 0: all cores).
    ///   - path: the output file or folder; the format comes from the extension.
    ///   - progress: called with (frames done, frames to write) as frames are written (default none).
    @discardableResult
    public func stardustRender(size: CGSize, duration: Double, fps: Double = 30, scale: CGFloat = 2, seed: UInt64 = 1,
                               background: CGColor? = nil, frames: RenderJob.Frames = .all, threads: Int = 0,
                               to path: String, progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> String {
        guard duration.isFinite, duration > 0, fps.isFinite, fps > 0 else {
            throw RenderJobError(description: "duration and fps must be positive numbers (got duration \(duration), fps \(fps)).", isUsage: true)
        }
        let clock = StardustClock.current
        let start = clock.currentTime
        let scene = Scene(name: name ?? "layer", size: size.stardust, scale: Double(scale), duration: duration, fps: fps, seed: seed,
                          background: background?.stardustColor ?? .clear)
        // The scene's time t is media time start + t: the scene root runs `start` seconds ahead.
        scene.root.timing.timeOffset = start

        let engine = stardustLayer
        let oldParent = engine.superlayer
        let oldIndex = oldParent?.sublayers.firstIndex { $0 === engine }
        scene.root.addSublayer(engine)
        defer {
            if let oldParent, let oldIndex { oldParent.insertSublayer(engine, at: oldIndex) } else { engine.removeFromSuperlayer() }
        }

        var job = RenderJob(scene: scene, threads: threads)
        job.frames = frames
        // Frames before the first one drawn (a frame range, a single time) are stepped through without
        // drawing, so the tree is displayed, committed and completed exactly as in the whole render.
        var nextFrame = 0
        job.willRenderFrame = { [self] t in
            while nextFrame < scene.frameCount, scene.time(ofFrame: nextFrame) < t {
                self.advanceClock(clock, toMediaTime: start + scene.time(ofFrame: nextFrame), frameDuration: 1 / fps)
                nextFrame += 1
            }
            self.advanceClock(clock, toMediaTime: start + t, frameDuration: 1 / fps)
            if nextFrame < scene.frameCount, scene.time(ofFrame: nextFrame) == t { nextFrame += 1 }
        }
        let total = job.frameCount
        let written = try job.write(to: path) { progress?($0, total) }
        advanceClock(clock, toMediaTime: start + duration)
        return written
    }

    /// The earlier spelling with `quiet:`: the library no longer draws a progress bar (the command-line tool
    /// keeps it), so `quiet` has nothing left to silence. Same render as the call without it.
    @discardableResult
    public func stardustRender(size: CGSize, duration: Double, fps: Double = 30, scale: CGFloat = 2, seed: UInt64 = 1,
                               background: CGColor? = nil, frames: RenderJob.Frames = .all, threads: Int = 0,
                               to path: String, quiet: Bool) throws -> String {
        try stardustRender(size: size, duration: duration, fps: fps, scale: scale, seed: seed, background: background,
                           frames: frames, threads: threads, to: path, progress: nil)
    }

    /// Moves the clock to media time `t` (firing everything due in order), calls the display links back
    /// when `t` is a frame (`frameDuration` after the previous one), commits the implicit transaction, ends
    /// the animations that are over, and marks the tree displayed.
    func advanceClock(_ clock: MediaClock, toMediaTime t: Double, frameDuration: Double? = nil) {
        clock.advance(to: t)
        if let frameDuration { CADisplayLink.fireFrame(on: clock, at: t, frameDuration: frameDuration) }
        CATransaction.flush()
        completeAnimations(atMediaTime: t)
        markDisplayed()
    }
}
#endif
