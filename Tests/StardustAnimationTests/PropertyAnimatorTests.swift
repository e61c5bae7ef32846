import StardustTestSupport
import Testing
@testable import StardustAnimation

/// The state table of docs/PARTICLE-MODEL.md §3.5 as implemented (StardustAnimation.docc, Property Animators), one transition at a time.
/// A class (a fresh instance per test): the animators' completions append to `positions` through `self`.
@Suite final class PropertyAnimatorTests {
    var clock = MediaClock()
    var host = TestHost()
    var positions: [AnimatingPosition] = []

    init() { reset() }

    /// A fresh clock, host (x = y = 0) and completion log.
    private func reset() {
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

    @Test func startRunsToTheEndAndCompletesOnce() {
        let a = makeAnimator()
        #expect(a.state == .inactive)
        #expect(!a.isRunning)
        #expect(host.model("x") == 0)              // blocks run on activation
        a.startAnimation()
        #expect(a.state == .active); #expect(a.isRunning)
        #expect(host.model("x") == 10)             // the model takes the end value at once
        #expect(x() == 0)                          // the presentation starts at the old value
        clock.advance(to: 0.5)
        #expect(abs(x() - 5) <= 1e-9)
        #expect(abs(a.fractionComplete - 0.5) <= 1e-12)
        clock.advance(to: 1.5)
        #expect(positions == [.end])
        #expect(a.state == .inactive); #expect(!a.isRunning)
        #expect(host.animations.isEmpty)
        #expect(x() == 10)
        clock.advance(to: 5)
        #expect(positions == [.end])
    }

    @Test func pauseHoldsAndStartResumesTheSameCurve() {
        let a = makeAnimator(curve: .easeIn)
        a.startAnimation()
        clock.advance(to: 0.4)
        a.pauseAnimation()
        #expect(a.state == .active); #expect(!a.isRunning)
        let held = x()
        #expect(abs(held - 10 * TimingFunction.easeIn.evaluate(0.4)) <= 1e-9)
        clock.advance(to: 3)
        #expect(abs(x() - held) <= 1e-12)
        #expect(abs(a.fractionComplete - 0.4) <= 1e-12)
        #expect(positions == [])
        a.startAnimation()
        clock.advance(to: 3.3)                          // 0.7 of the way, on the original curve
        #expect(abs(x() - 10 * TimingFunction.easeIn.evaluate(0.7)) <= 1e-9)
        clock.advance(to: 3.6)
        #expect(positions == [.end])
    }

    @Test func pauseFromInactiveAndScrub() {
        let a = makeAnimator(curve: .easeIn)
        a.pauseAnimation()
        #expect(a.state == .active); #expect(!a.isRunning)
        #expect(host.model("x") == 10)
        #expect(x() == 0)
        a.fractionComplete = 0.8                        // linear scrubbing by default
        #expect(abs(x() - 8) <= 1e-12)
        a.scrubsLinearly = false
        a.fractionComplete = 0.8
        #expect(abs(x() - 10 * 0.69163) <= 1e-3)
        a.fractionComplete = 2                          // clamped
        #expect(a.fractionComplete == 1)
        // Setting fractionComplete on an inactive animator activates it paused.
        let b = PropertyAnimator(duration: 1, curve: .linear, clock: clock) { [host] in host.setValue(.number(4), forKeyPath: "y") }
        b.fractionComplete = 0.25
        #expect(b.state == .active); #expect(!b.isRunning)
        #expect(abs(host.number("y", at: 0)! - 1) <= 1e-12)
    }

    @Test func scrubbingWhileRunningIsIgnored() {
        let a = makeAnimator()
        a.startAnimation()
        clock.advance(to: 0.3)
        a.fractionComplete = 0.9
        #expect(abs(a.fractionComplete - 0.3) <= 1e-12)
        #expect(a.isRunning)
    }

    @Test func continueWithDurationFactorAndNewTiming() {
        let a = makeAnimator()
        a.startAnimation()
        clock.advance(to: 0.4)
        a.pauseAnimation()
        clock.advance(to: 1)
        // The remaining 0.6 of the values over 0.5 × 1 s, linear: half-way (t = 1.25) is 0.4 + 0.3.
        a.continueAnimation(withTimingParameters: nil, durationFactor: 0.5)
        #expect(a.isRunning)
        clock.advance(to: 1.25)
        #expect(abs(x() - 7) <= 1e-9)
        #expect(abs(a.fractionComplete - 0.7) <= 1e-9)
        clock.advance(to: 1.49)
        #expect(positions == [])
        clock.advance(to: 1.5)
        #expect(positions == [.end])
        // New timing parameters: from a scrubbed 0.5 with easeIn over 1 s.
        let b = PropertyAnimator(duration: 2, curve: .linear, clock: clock) { [host] in host.setValue(.number(10), forKeyPath: "y") }
        b.pauseAnimation(); b.fractionComplete = 0.5
        b.continueAnimation(withTimingParameters: .cubic(CubicTimingParameters(animationCurve: .easeIn)), durationFactor: 0.5)
        clock.advance(by: 0.5)
        #expect(abs(host.number("y", at: clock.currentTime)! - (5 + 5 * TimingFunction.easeIn.evaluate(0.5))) <= 1e-9)
        // Continue is ignored unless paused.
        b.continueAnimation(withTimingParameters: nil, durationFactor: 10)
        clock.advance(by: 0.5)
        #expect(b.state == .inactive)
    }

    @Test func reverseWhileRunningGoesBackAndCompletesAtStart() {
        let a = makeAnimator()
        a.startAnimation()
        clock.advance(to: 0.6)
        a.isReversed = true
        #expect(a.isReversed)
        #expect(abs(x() - 6) <= 1e-9)          // no jump
        clock.advance(to: 0.9)
        #expect(abs(x() - 3) <= 1e-9)
        #expect(abs(a.fractionComplete - 0.3) <= 1e-9)
        clock.advance(to: 1.2)
        #expect(positions == [.start])
        #expect(host.model("x") == 0)              // back to the start value
        #expect(a.state == .inactive)
    }

    @Test func stopWithoutFinishingLeavesCurrentValuesAndNoCompletion() {
        let a = makeAnimator()
        a.startAnimation()
        clock.advance(to: 0.3)
        a.stopAnimation(true)
        #expect(a.state == .inactive); #expect(!a.isRunning)
        #expect(abs(host.model("x")! - 3) <= 1e-9)
        #expect(host.animations.isEmpty)
        clock.advance(to: 5)
        #expect(positions == [])
        #expect(throws: (any Error).self) { try a.finishAnimation(at: .end) }
    }

    @Test(arguments: [(AnimatingPosition.start, 0.0), (.end, 10), (.current, 3)])
    func stopThenFinishAtEachPosition(position: AnimatingPosition, expected: Double) throws {
        let a = makeAnimator()
        a.startAnimation()
        clock.advance(to: 0.3)
        if let error = #expect(throws: (any Error).self, performing: { try a.finishAnimation(at: position) }) {
            #expect((error as? PropertyAnimatorError) == .notStopped(.active))
        }
        a.stopAnimation(false)
        #expect(a.state == .stopped)
        #expect(abs(host.model("x")! - 3) <= 1e-9)
        #expect(host.animations.isEmpty)
        a.startAnimation()                          // cannot start while stopped
        #expect(a.state == .stopped)
        clock.advance(to: 2)
        #expect(positions == [])
        try a.finishAnimation(at: position)
        #expect(a.state == .inactive)
        #expect(abs(host.model("x")! - expected) <= 1e-9)
        #expect(positions == [position])
        #expect(throws: (any Error).self) { try a.finishAnimation(at: position) }
        #expect(positions == [position])
    }

    @Test func pausesOnCompletionThenReverse() {
        let a = makeAnimator()
        a.pausesOnCompletion = true
        a.startAnimation()
        clock.advance(to: 2)
        #expect(a.state == .active); #expect(!a.isRunning)
        #expect(a.fractionComplete == 1)
        #expect(x() == 10)
        #expect(positions == [])
        a.isReversed = true
        a.pausesOnCompletion = false
        a.startAnimation()
        clock.advance(to: 2.5)
        #expect(abs(x() - 5) <= 1e-9)
        clock.advance(to: 3)
        #expect(positions == [.start])
        #expect(host.model("x") == 0)
    }

    @Test func startAfterDelay() {
        let a = makeAnimator()
        a.startAnimation(afterDelay: 0.5)
        #expect(a.delay == 0.5)
        clock.advance(to: 0.5)
        #expect(abs(x()) <= 1e-12)
        clock.advance(to: 1)
        #expect(abs(x() - 5) <= 1e-9)
        clock.advance(to: 1.49)
        #expect(positions == [])
        clock.advance(to: 1.5)
        #expect(positions == [.end])
    }

    /// The delay factor is a share of the duration in time (UIKit): with easeIn over 1 s and
    /// delayFactor 0.5, the block starts at 0.5 s and runs easeIn over the last 0.5 s —
    /// at 0.75 s it shows easeIn(0.5) = 0.31536 (docs/PARTICLE-MODEL.md §3.2 table).
    @Test func delayFactorIsMeasuredInTimeWithACurve() {
        let a = makeAnimator(curve: .easeIn)
        a.addAnimations({ [host] in host.setValue(.number(10), forKeyPath: "y") }, delayFactor: 0.5)
        a.startAnimation()
        clock.advance(to: 0.5)
        #expect(abs(host.number("y", at: 0.5)!) <= 1e-9)
        clock.advance(to: 0.75)
        #expect(abs(host.number("y", at: 0.75)! - 3.1536) <= 1e-3)
        clock.advance(to: 1)
        #expect(host.model("y") == 10)
    }

    @Test func delayFactorAndBlocksAddedWhileRunning() {
        let a = makeAnimator()
        a.addAnimations({ [host] in host.setValue(.number(10), forKeyPath: "y") }, delayFactor: 0.5)
        a.startAnimation()
        clock.advance(to: 0.25)
        #expect(abs(host.number("y", at: 0.25)!) <= 1e-12)
        clock.advance(to: 0.75)
        #expect(abs(host.number("y", at: 0.75)! - 5) <= 1e-9)
        #expect(abs(x() - 7.5) <= 1e-9)
        // Added while running at 0.75: animates over the remaining quarter.
        host.values["z"] = .number(0)
        a.addAnimations { [host] in host.setValue(.number(8), forKeyPath: "z") }
        clock.advance(to: 0.875)
        #expect(abs(host.number("z", at: 0.875)! - 4) <= 1e-9)
        clock.advance(to: 1)
        #expect(host.model("z") == 8)
        #expect(positions == [.end])
    }

    @Test func runningPropertyAnimatorChainsCompletions() {
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
        #expect(log == ["A end at 1.0"])
        #expect(abs(host.number("y", at: 1.25)! - 10) <= 1e-5)   // easeInOut(0.5) = 0.5 (Float control points)
        clock.advance(to: 3)                            // one jump past B's end
        #expect(log == ["A end at 1.0", "B end at 1.5"])
        #expect(host.model("y") == 20)
        // Both chained in a single jump.
        reset()
        var order: [String] = []
        PropertyAnimator.runningPropertyAnimator(withDuration: 1, delay: 0.5, clock: clock, animations: { [host] in
            host.setValue(.number(1), forKeyPath: "x")
        }, completion: { [clock] _ in
            order.append("A\(clock.currentTime)")
            PropertyAnimator.runningPropertyAnimator(withDuration: 1, clock: clock, animations: {}) { _ in order.append("B\(clock.currentTime)") }
        })
        clock.advance(to: 10)
        #expect(order == ["A1.5", "B2.5"])
    }

    @Test func springTimingParameters() {
        // Damping ratio 1 fitted to 1 s: no overshoot, settled (within 0.001) at the end.
        let a = PropertyAnimator(duration: 1, dampingRatio: 1, clock: clock) { [host] in host.setValue(.number(10), forKeyPath: "x") }
        a.startAnimation()
        var maxX = 0.0
        for i in 1..<100 { maxX = max(maxX, x(at: Double(i) / 100)) }
        #expect(maxX <= 10)
        #expect(abs(x(at: 0.999) - 10) <= 0.011)
        #expect(abs(x(at: 0.9) - 10) > 0.01)   // still moving late: it is fitted, not early
        // Damping ratio 0.3 overshoots.
        let h2 = TestHost(["x": .number(0)])
        let b = PropertyAnimator(duration: 1, dampingRatio: 0.3, clock: clock) { h2.setValue(.number(10), forKeyPath: "x") }
        b.startAnimation()
        var peak = 0.0
        for i in 1..<100 { peak = max(peak, h2.number("x", at: Double(i) / 100)!) }
        #expect(peak > 11)
        // UIKit's default spring: ζ = 500 / (2√3000) ≈ 4.564.
        let d = SpringTimingParameters()
        #expect(abs(d.dampingRatio - 4.564) <= 1e-3)
        #expect(d.mass == 3); #expect(d.stiffness == 1000); #expect(d.damping == 500)
        // A physical spring sets the animator's duration to its settling duration.
        let s = SpringTimingParameters(mass: 1, stiffness: 100, damping: 10)
        let c = PropertyAnimator(duration: 5, timingParameters: .spring(s), clock: clock)
        #expect(abs(c.duration - SpringCurve().settlingDuration()) <= 1e-9)
        #expect(abs(SpringTimingParameters(duration: 0.5, bounce: 0.3).stiffness - 157.91) <= 0.01)
    }

    @Test func programmerErrorsAreNoOps() {
        let a = makeAnimator()
        a.continueAnimation(withTimingParameters: nil, durationFactor: 1)   // inactive: ignored
        #expect(a.state == .inactive)
        a.stopAnimation(false)                                             // inactive: ignored
        #expect(a.state == .inactive)
        a.startAnimation(); a.startAnimation()                            // running: second ignored
        clock.advance(to: 0.5)
        a.stopAnimation(false)
        a.pauseAnimation()                                                 // stopped: ignored
        a.isReversed = true                                                // stopped: ignored
        a.addAnimations { [host] in host.setValue(.number(99), forKeyPath: "y") }
        #expect(a.state == .stopped)
        #expect(!a.isReversed)
        #expect(host.model("y") == 0)
        #expect(throws: Never.self) { try a.finishAnimation(at: .end) }
        #expect(positions == [.end])
    }

    @Test func reverseWhilePausedAppliesOnResume() {
        let a = makeAnimator()
        a.startAnimation()
        clock.advance(to: 0.6)
        a.pauseAnimation()
        a.isReversed = true
        #expect(abs(x() - 6) <= 1e-9)
        #expect(!a.isRunning)
        clock.advance(to: 1)
        a.startAnimation()                              // back over the elapsed 0.6 s
        clock.advance(to: 1.3)
        #expect(abs(x() - 3) <= 1e-9)
        clock.advance(to: 1.6)
        #expect(positions == [.start])
        #expect(host.model("x") == 0)
    }

    @Test func reversedBeforeStartRunsFromTheEnd() {
        let a = makeAnimator()
        a.isReversed = true
        a.startAnimation()
        #expect(abs(x() - 10) <= 1e-12)
        clock.advance(to: 0.25)
        #expect(abs(x() - 7.5) <= 1e-9)
        #expect(abs(a.fractionComplete - 0.75) <= 1e-9)
        clock.advance(to: 1)
        #expect(positions == [.start])
        #expect(host.model("x") == 0)
    }
}
