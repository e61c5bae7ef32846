import Foundation
import OpenQuartzCore
import Stardust
import Testing

/// `CADisplayLink` calls back before every rendered frame, with iOS's timestamps, the same for any frame range.
@Suite struct DisplayLinkTests {
    /// What each callback saw: `CACurrentMediaTime()`, `timestamp`, `targetTimestamp`, `duration`.
    final class Log { var calls: [[Double]] = []; var links: [CADisplayLink] = [] }

    /// Where the ball is for a frame at media time `t` (points).
    static func x(_ t: Double) -> CGFloat { 10 + 40 * t }

    /// A still ball at `x` in a 100 × 20 pt root layer.
    static func stillBall(at x: CGFloat) -> (root: CALayer, ball: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        let ball = CALayer()
        ball.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        ball.cornerRadius = 4
        ball.backgroundColor = UIColor.red.cgColor
        ball.position = CGPoint(x: x, y: 10)
        root.addSublayer(ball)
        return (root, ball)
    }

    /// A ball that a display link moves, from each callback's `targetTimestamp` (the frame being prepared).
    func ball(_ log: Log, preferredFramesPerSecond: Int = 0, stopAfter: Int? = nil) -> CALayer {
        let (root, ball) = Self.stillBall(at: 0)
        let link = CADisplayLink { link in
            log.calls.append([CACurrentMediaTime(), link.timestamp, link.targetTimestamp, link.duration])
            CATransaction.setDisableActions(true)
            ball.position = CGPoint(x: Self.x(link.targetTimestamp), y: 10)
            if let stopAfter, log.calls.count == stopAfter { link.invalidate() }
        }
        link.preferredFramesPerSecond = preferredFramesPerSecond
        link.add(to: .main, forMode: .common)
        log.links.append(link)
        return root
    }

    static let size = CGSize(width: 100, height: 20)

    @Test func firesBeforeEveryFrameWithTheFrameAsTarget() throws {
        let log = Log()
        defer { log.links.forEach { $0.invalidate() } }
        _ = try FrameFiles.render(size: Self.size, duration: 2, fps: 10) { ball(log) }
        // Frame i is drawn at i / 10 s: the callback prepares it (target), the frame before was shown at target − 1/10.
        #expect(log.calls.count == 20)
        for (i, call) in log.calls.enumerated() {
            let t = Double(i) / 10
            #expect(call == [t, t - 1.0 / 10, t, 1.0 / 10], "callback \(i)")
        }
    }

    @Test func aFrameRangeGivesTheSameCallbacksAndBytes() throws {
        let log = Log(), rangeLog = Log()
        defer { (log.links + rangeLog.links).forEach { $0.invalidate() } }
        let full = try FrameFiles.render(size: Self.size, duration: 2, fps: 10) { ball(log) }
        let part = try FrameFiles.render(size: Self.size, duration: 2, fps: 10, frames: .range(12...15)) { ball(rangeLog) }
        #expect(part == Array(full[12...15]))
        // The frames before the range are stepped through, callbacks included.
        #expect(rangeLog.calls == Array(log.calls[0...15]))
        // The change made in the callback is in its frame: frame 13 (1.3 s) shows the ball where a still ball at x(1.3) is.
        let still = try FrameFiles.render(size: Self.size, duration: 2, fps: 10, frames: .range(13...13)) {
            Self.stillBall(at: Self.x(Double(13) / 10)).root
        }
        #expect(full[13] != full[12])
        #expect(still == [full[13]])
    }

    @Test func preferredRateAndInvalidateThinTheCallbacks() throws {
        let log = Log()
        defer { log.links.forEach { $0.invalidate() } }
        _ = try FrameFiles.render(size: Self.size, duration: 1, fps: 10) { ball(log, preferredFramesPerSecond: 5) }
        #expect(log.calls.map { $0[2] } == [0, 2, 4, 6, 8].map { Double($0) / 10 })

        let stopped = Log()
        defer { stopped.links.forEach { $0.invalidate() } }
        _ = try FrameFiles.render(size: Self.size, duration: 1, fps: 10) { ball(stopped, stopAfter: 3) }
        #expect(stopped.calls.count == 3)
    }

    @Test func theTargetSelectorFormCallsTheMethod() throws {
        final class Counter {
            var count = 0
            func step(_ link: CADisplayLink) { count += 1 }
        }
        let counter = Counter()
        let link = CADisplayLink(target: counter, selector: Counter.step)
        defer { link.invalidate() }
        _ = try FrameFiles.render(size: Self.size, duration: 0.5, fps: 10) {
            link.add(to: .main, forMode: .common)
            return ball(Log())
        }
        #expect(counter.count == 5)
    }
}
