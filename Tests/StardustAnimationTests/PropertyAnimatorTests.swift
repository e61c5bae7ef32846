import StardustTestSupport
import XCTest
@testable import StardustAnimation

/// The state table of docs/PARTICLE-MODEL.md §3.5 as implemented (StardustAnimation.docc, Property Animators), one transition at a time.
final class PropertyAnimatorTests: XCTestCase {
    var clock = MediaClock()
    var host = TestHost()
    var positions: [AnimatingPosition] = []

    override func setUp() {
        clock = MediaClock()
        host = TestHost(["x": .number(0), "y": .number(0)])
        positions = []
    }

    /// A 1 s linear animator moving x from 0 to 10, recording completions.
    private func makeAnimator(curve: CubicTimingParameters.AnimationCurve = .linear) -> PropertyAnimator {
        let a = PropertyAnimator(duration: 1, curve: curve, clock: clock) { [host] in host.setValue(.number(10), forKeyPath: "x") }
        a.addCompletion { [unowned self] in self.positions.append($0) }
        return a
    }

    private func x(at t: Double? = nil) -> Double { host.number("x", at: t ?? clock.currentTime)! }

    func testStartRunsToTheEndAndCompletesOnce() {
        let a = makeAnimator()
        XCTAssertEqual(a.state, .inactive)
        XCTAssertFalse(a.isRunning)
        XCTAssertEqual(host.model("x"), 0)              // blocks run on activation
        a.startAnimation()
        XCTAssertEqual(a.state, .active); XCTAssertTrue(a.isRunning)
        XCTAssertEqual(host.model("x"), 10)             // the model takes the end value at once
        XCTAssertEqual(x(), 0)                          // the presentation starts at the old value
        clock.advance(to: 0.5)
        XCTAssertEqual(x(), 5, accuracy: 1e-9)
        XCTAssertEqual(a.fractionComplete, 0.5, accuracy: 1e-12)
        clock.advance(to: 1.5)
        XCTAssertEqual(positions, [.end])
        XCTAssertEqual(a.state, .inactive); XCTAssertFalse(a.isRunning)
        XCTAssertTrue(host.animations.isEmpty)
        XCTAssertEqual(x(), 10)
        clock.advance(to: 5)
        XCTAssertEqual(positions, [.end])
    }

    func testPauseHoldsAndStartResumesTheSameCurve() {
        let a = makeAnimator(curve: .easeIn)
        a.startAnimation()
        clock.advance(to: 0.4)
        a.pauseAnimation()
        XCTAssertEqual(a.state, .active); XCTAssertFalse(a.isRunning)
        let held = x()
        XCTAssertEqual(held, 10 * TimingFunction.easeIn.evaluate(0.4), accuracy: 1e-9)
        clock.advance(to: 3)
        XCTAssertEqual(x(), held, accuracy: 1e-12)
        XCTAssertEqual(a.fractionComplete, 0.4, accuracy: 1e-12)
        XCTAssertEqual(positions, [])
        a.startAnimation()
        clock.advance(to: 3.3)                          // 0.7 of the way, on the original curve
        XCTAssertEqual(x(), 10 * TimingFunction.easeIn.evaluate(0.7), accuracy: 1e-9)
        clock.advance(to: 3.6)
        XCTAssertEqual(positions, [.end])
    }

    func testPauseFromInactiveAndScrub() {
        let a = makeAnimator(curve: .easeIn)
        a.pauseAnimation()
        XCTAssertEqual(a.state, .active); XCTAssertFalse(a.isRunning)
        XCTAssertEqual(host.model("x"), 10)
        XCTAssertEqual(x(), 0)
        a.fractionComplete = 0.8                        // linear scrubbing by default
        XCTAssertEqual(x(), 8, accuracy: 1e-12)
        a.scrubsLinearly = false
        a.fractionComplete = 0.8
        XCTAssertEqual(x(), 10 * 0.69163, accuracy: 1e-3)
        a.fractionComplete = 2                          // clamped
        XCTAssertEqual(a.fractionComplete, 1)
        // Setting fractionComplete on an inactive animator activates it paused.
        let b = PropertyAnimator(duration: 1, curve: .linear, clock: clock) { [host] in host.setValue(.number(4), forKeyPath: "y") }
        b.fractionComplete = 0.25
        XCTAssertEqual(b.state, .active); XCTAssertFalse(b.isRunning)
        XCTAssertEqual(host.number("y", at: 0)!, 1, accuracy: 1e-12)
    }

    func testScrubbingWhileRunningIsIgnored() {
        let a = makeAnimator()
        a.startAnimation()
        clock.advance(to: 0.3)
        a.fractionComplete = 0.9
        XCTAssertEqual(a.fractionComplete, 0.3, accuracy: 1e-12)
        XCTAssertTrue(a.isRunning)
    }

    func testContinueWithDurationFactorAndNewTiming() {
        let a = makeAnimator()
        a.startAnimation()
        clock.advance(to: 0.4)
        a.pauseAnimation()
        clock.advance(to: 1)
        // The remaining 0.6 of the values over 0.5 × 1 s, linear: half-way (t = 1.25) is 0.4 + 0.3.
        a.continueAnimation(withTimingParameters: nil, durationFactor: 0.5)
        XCTAssertTrue(a.isRunning)
        clock.advance(to: 1.25)
        XCTAssertEqual(x(), 7, accuracy: 1e-9)
        XCTAssertEqual(a.fractionComplete, 0.7, accuracy: 1e-9)
        clock.advance(to: 1.49)
        XCTAssertEqual(positions, [])
        clock.advance(to: 1.5)
        XCTAssertEqual(positions, [.end])
        // New timing parameters: from a scrubbed 0.5 with easeIn over 1 s.
        let b = PropertyAnimator(duration: 2, curve: .linear, clock: clock) { [host] in host.setValue(.number(10), forKeyPath: "y") }
        b.pauseAnimation(); b.fractionComplete = 0.5
        b.continueAnimation(withTimingParameters: .cubic(CubicTimingParameters(animationCurve: .easeIn)), durationFactor: 0.5)
        clock.advance(by: 0.5)
        XCTAssertEqual(host.number("y", at: clock.currentTime)!, 5 + 5 * TimingFunction.easeIn.evaluate(0.5), accuracy: 1e-9)
        // Continue is ignored unless paused.
        b.continueAnimation(withTimingParameters: nil, durationFactor: 10)
        clock.advance(by: 0.5)
        XCTAssertEqual(b.state, .inactive)
    }

    func testReverseWhileRunningGoesBackAndCompletesAtStart() {
        let a = makeAnimator()
        a.startAnimation()
        clock.advance(to: 0.6)
        a.isReversed = true
        XCTAssertTrue(a.isReversed)
        XCTAssertEqual(x(), 6, accuracy: 1e-9)          // no jump
        clock.advance(to: 0.9)
        XCTAssertEqual(x(), 3, accuracy: 1e-9)
        XCTAssertEqual(a.fractionComplete, 0.3, accuracy: 1e-9)
        clock.advance(to: 1.2)
        XCTAssertEqual(positions, [.start])
        XCTAssertEqual(host.model("x"), 0)              // back to the start value
        XCTAssertEqual(a.state, .inactive)
    }

    func testStopWithoutFinishingLeavesCurrentValuesAndNoCompletion() {
        let a = makeAnimator()
        a.startAnimation()
        clock.advance(to: 0.3)
        a.stopAnimation(true)
        XCTAssertEqual(a.state, .inactive); XCTAssertFalse(a.isRunning)
        XCTAssertEqual(host.model("x")!, 3, accuracy: 1e-9)
        XCTAssertTrue(host.animations.isEmpty)
        clock.advance(to: 5)
        XCTAssertEqual(positions, [])
        XCTAssertThrowsError(try a.finishAnimation(at: .end))
    }

    func testStopThenFinishAtEachPosition() throws {
        for (position, expected) in [(AnimatingPosition.start, 0.0), (.end, 10), (.current, 3)] {
            setUp()
            let a = makeAnimator()
            a.startAnimation()
            clock.advance(to: 0.3)
            XCTAssertThrowsError(try a.finishAnimation(at: position)) { error in
                XCTAssertEqual(error as? PropertyAnimatorError, .notStopped(.active))
            }
            a.stopAnimation(false)
            XCTAssertEqual(a.state, .stopped)
            XCTAssertEqual(host.model("x")!, 3, accuracy: 1e-9)
            XCTAssertTrue(host.animations.isEmpty)
            a.startAnimation()                          // cannot start while stopped
            XCTAssertEqual(a.state, .stopped)
            clock.advance(to: 2)
            XCTAssertEqual(positions, [])
            try a.finishAnimation(at: position)
            XCTAssertEqual(a.state, .inactive)
            XCTAssertEqual(host.model("x")!, expected, accuracy: 1e-9)
            XCTAssertEqual(positions, [position])
            XCTAssertThrowsError(try a.finishAnimation(at: position))
            XCTAssertEqual(positions, [position])
        }
    }

    func testPausesOnCompletionThenReverse() {
        let a = makeAnimator()
        a.pausesOnCompletion = true
        a.startAnimation()
        clock.advance(to: 2)
        XCTAssertEqual(a.state, .active); XCTAssertFalse(a.isRunning)
        XCTAssertEqual(a.fractionComplete, 1)
        XCTAssertEqual(x(), 10)
        XCTAssertEqual(positions, [])
        a.isReversed = true
        a.pausesOnCompletion = false
        a.startAnimation()
        clock.advance(to: 2.5)
        XCTAssertEqual(x(), 5, accuracy: 1e-9)
        clock.advance(to: 3)
        XCTAssertEqual(positions, [.start])
        XCTAssertEqual(host.model("x"), 0)
    }

    func testStartAfterDelay() {
        let a = makeAnimator()
        a.startAnimation(afterDelay: 0.5)
        XCTAssertEqual(a.delay, 0.5)
        clock.advance(to: 0.5)
        XCTAssertEqual(x(), 0, accuracy: 1e-12)
        clock.advance(to: 1)
        XCTAssertEqual(x(), 5, accuracy: 1e-9)
        clock.advance(to: 1.49)
        XCTAssertEqual(positions, [])
        clock.advance(to: 1.5)
        XCTAssertEqual(positions, [.end])
    }

    /// The delay factor is a share of the duration in time (UIKit): with easeIn over 1 s and
    /// delayFactor 0.5, the block starts at 0.5 s and runs easeIn over the last 0.5 s —
    /// at 0.75 s it shows easeIn(0.5) = 0.31536 (docs/PARTICLE-MODEL.md §3.2 table).
    func testDelayFactorIsMeasuredInTimeWithACurve() {
        let a = makeAnimator(curve: .easeIn)
        a.addAnimations({ [host] in host.setValue(.number(10), forKeyPath: "y") }, delayFactor: 0.5)
        a.startAnimation()
        clock.advance(to: 0.5)
        XCTAssertEqual(host.number("y", at: 0.5)!, 0, accuracy: 1e-9)
        clock.advance(to: 0.75)
        XCTAssertEqual(host.number("y", at: 0.75)!, 3.1536, accuracy: 1e-3)
        clock.advance(to: 1)
        XCTAssertEqual(host.model("y"), 10)
    }

    func testDelayFactorAndBlocksAddedWhileRunning() {
        let a = makeAnimator()
        a.addAnimations({ [host] in host.setValue(.number(10), forKeyPath: "y") }, delayFactor: 0.5)
        a.startAnimation()
        clock.advance(to: 0.25)
        XCTAssertEqual(host.number("y", at: 0.25)!, 0, accuracy: 1e-12)
        clock.advance(to: 0.75)
        XCTAssertEqual(host.number("y", at: 0.75)!, 5, accuracy: 1e-9)
        XCTAssertEqual(x(), 7.5, accuracy: 1e-9)
        // Added while running at 0.75: animates over the remaining quarter.
        host.values["z"] = .number(0)
        a.addAnimations { [host] in host.setValue(.number(8), forKeyPath: "z") }
        clock.advance(to: 0.875)
        XCTAssertEqual(host.number("z", at: 0.875)!, 4, accuracy: 1e-9)
        clock.advance(to: 1)
        XCTAssertEqual(host.model("z"), 8)
        XCTAssertEqual(positions, [.end])
    }

    func testRunningPropertyAnimatorChainsCompletions() {
        var log: [String] = []
        PropertyAnimator.runningPropertyAnimator(withDuration: 1, curve: .linear, clock: clock, animations: { [host] in
            host.setValue(.number(10), forKeyPath: "x")
        }, completion: { [host, clock] p in
            log.append("A \(p) at \(clock.currentTime)")
            PropertyAnimator.runningPropertyAnimator(withDuration: 0.5, curve: .easeInOut, clock: clock, animations: {
                host.setValue(.number(20), forKeyPath: "y")
            }, completion: { p in log.append("B \(p) at \(clock.currentTime)") })
        })
        clock.advance(to: 1.25)                         // A ends at 1, B starts then
        XCTAssertEqual(log, ["A end at 1.0"])
        XCTAssertEqual(host.number("y", at: 1.25)!, 10, accuracy: 1e-5)   // easeInOut(0.5) = 0.5 (Float control points)
        clock.advance(to: 3)                            // one jump past B's end
        XCTAssertEqual(log, ["A end at 1.0", "B end at 1.5"])
        XCTAssertEqual(host.model("y"), 20)
        // Both chained in a single jump.
        setUp()
        var order: [String] = []
        PropertyAnimator.runningPropertyAnimator(withDuration: 1, delay: 0.5, clock: clock, animations: { [host] in
            host.setValue(.number(1), forKeyPath: "x")
        }, completion: { [clock] _ in
            order.append("A\(clock.currentTime)")
            PropertyAnimator.runningPropertyAnimator(withDuration: 1, clock: clock, animations: {}) { _ in order.append("B\(clock.currentTime)") }
        })
        clock.advance(to: 10)
        XCTAssertEqual(order, ["A1.5", "B2.5"])
    }

    func testSpringTimingParameters() {
        // Damping ratio 1 fitted to 1 s: no overshoot, settled (within 0.001) at the end.
        let a = PropertyAnimator(duration: 1, dampingRatio: 1, clock: clock) { [host] in host.setValue(.number(10), forKeyPath: "x") }
        a.startAnimation()
        var maxX = 0.0
        for i in 1..<100 { maxX = max(maxX, x(at: Double(i) / 100)) }
        XCTAssertLessThanOrEqual(maxX, 10)
        XCTAssertEqual(x(at: 0.999), 10, accuracy: 0.011)
        XCTAssertGreaterThan(abs(x(at: 0.9) - 10), 0.01)   // still moving late: it is fitted, not early
        // Damping ratio 0.3 overshoots.
        let h2 = TestHost(["x": .number(0)])
        let b = PropertyAnimator(duration: 1, dampingRatio: 0.3, clock: clock) { h2.setValue(.number(10), forKeyPath: "x") }
        b.startAnimation()
        var peak = 0.0
        for i in 1..<100 { peak = max(peak, h2.number("x", at: Double(i) / 100)!) }
        XCTAssertGreaterThan(peak, 11)
        // UIKit's default spring: ζ = 500 / (2√3000) ≈ 4.564.
        let d = SpringTimingParameters()
        XCTAssertEqual(d.dampingRatio, 4.564, accuracy: 1e-3)
        XCTAssertEqual(d.mass, 3); XCTAssertEqual(d.stiffness, 1000); XCTAssertEqual(d.damping, 500)
        // A physical spring sets the animator's duration to its settling duration.
        let s = SpringTimingParameters(mass: 1, stiffness: 100, damping: 10)
        let c = PropertyAnimator(duration: 5, timingParameters: .spring(s), clock: clock)
        XCTAssertEqual(c.duration, SpringCurve().settlingDuration(), accuracy: 1e-9)
        XCTAssertEqual(SpringTimingParameters(duration: 0.5, bounce: 0.3).stiffness, 157.91, accuracy: 0.01)
    }

    func testProgrammerErrorsAreNoOps() {
        let a = makeAnimator()
        a.continueAnimation(withTimingParameters: nil, durationFactor: 1)   // inactive: ignored
        XCTAssertEqual(a.state, .inactive)
        a.stopAnimation(false)                                             // inactive: ignored
        XCTAssertEqual(a.state, .inactive)
        a.startAnimation(); a.startAnimation()                            // running: second ignored
        clock.advance(to: 0.5)
        a.stopAnimation(false)
        a.pauseAnimation()                                                 // stopped: ignored
        a.isReversed = true                                                // stopped: ignored
        a.addAnimations { [host] in host.setValue(.number(99), forKeyPath: "y") }
        XCTAssertEqual(a.state, .stopped)
        XCTAssertFalse(a.isReversed)
        XCTAssertEqual(host.model("y"), 0)
        XCTAssertNoThrow(try a.finishAnimation(at: .end))
        XCTAssertEqual(positions, [.end])
    }

    func testReverseWhilePausedAppliesOnResume() {
        let a = makeAnimator()
        a.startAnimation()
        clock.advance(to: 0.6)
        a.pauseAnimation()
        a.isReversed = true
        XCTAssertEqual(x(), 6, accuracy: 1e-9)
        XCTAssertFalse(a.isRunning)
        clock.advance(to: 1)
        a.startAnimation()                              // back over the elapsed 0.6 s
        clock.advance(to: 1.3)
        XCTAssertEqual(x(), 3, accuracy: 1e-9)
        clock.advance(to: 1.6)
        XCTAssertEqual(positions, [.start])
        XCTAssertEqual(host.model("x"), 0)
    }

    func testReversedBeforeStartRunsFromTheEnd() {
        let a = makeAnimator()
        a.isReversed = true
        a.startAnimation()
        XCTAssertEqual(x(), 10, accuracy: 1e-12)
        clock.advance(to: 0.25)
        XCTAssertEqual(x(), 7.5, accuracy: 1e-9)
        XCTAssertEqual(a.fractionComplete, 0.75, accuracy: 1e-9)
        clock.advance(to: 1)
        XCTAssertEqual(positions, [.start])
        XCTAssertEqual(host.model("x"), 0)
    }
}
