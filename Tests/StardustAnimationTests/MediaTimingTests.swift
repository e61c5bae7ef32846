import Testing
@testable import StardustAnimation

/// The parent → local mapping against cases worked out by hand from
/// t = (tp − beginTime)·speed + timeOffset, the repeat/autoreverse folding and the fill rules.
@Suite struct MediaTimingTests {
    private func check(_ m: MediaTiming, _ tp: Double, d: Double = 1, time: Double?, iteration: Int = 0,
                       phase: MediaTiming.Phase = .active, sourceLocation: SourceLocation = #_sourceLocation) {
        let l = m.local(at: tp, duration: d)
        guard let time else { #expect(l == nil, "expected no effect at \(tp)", sourceLocation: sourceLocation); return }
        guard let l else { Issue.record("expected a local time at \(tp)", sourceLocation: sourceLocation); return }
        #expect(abs(l.time - time) <= 1e-9, "time at \(tp)", sourceLocation: sourceLocation)
        #expect(l.iteration == iteration, "iteration at \(tp)", sourceLocation: sourceLocation)
        #expect(l.phase == phase, "phase at \(tp)", sourceLocation: sourceLocation)
    }

    @Test func defaultsPlayOnceAndAreRemovedOutside() {
        let m = MediaTiming()
        check(m, 0, time: 0)
        check(m, 0.5, time: 0.5)
        check(m, 0.999, time: 0.999)
        check(m, 1, time: nil)          // t = active: after, not filled
        check(m, -0.1, time: nil)       // before, not filled
    }

    @Test func beginTimeAndSpeedAndOffset() {
        check(MediaTiming(beginTime: 2), 2.5, time: 0.5)
        check(MediaTiming(beginTime: 2), 1.9, time: nil)
        check(MediaTiming(speed: 2), 0.25, time: 0.5)
        check(MediaTiming(speed: 2), 0.5, time: nil)
        // timeOffset shifts into the animation: tp 0.25 → t 0.75; tp 0.6 → t 1.1 (after).
        check(MediaTiming(timeOffset: 0.5), 0.25, time: 0.75)
        check(MediaTiming(timeOffset: 0.5), 0.6, time: nil)
        // beginTime 1, speed 0.5, offset 0.2: tp 2 → (1)(0.5) + 0.2 = 0.7.
        check(MediaTiming(beginTime: 1, speed: 0.5, timeOffset: 0.2), 2, time: 0.7)
    }

    @Test func repeatCountWholeAndFractional() {
        let m = MediaTiming(repeatCount: 2.5)
        check(m, 1.25, time: 0.25, iteration: 1)
        check(m, 2.25, time: 0.25, iteration: 2)
        check(m, 2.5, time: nil)
        var f = m; f.fillMode = .forwards
        // Ends half-way through the third cycle and holds there.
        check(f, 2.5, time: 0.5, iteration: 2, phase: .after)
        check(f, 10, time: 0.5, iteration: 2, phase: .after)
        // A whole count ends on a cycle boundary: the end of the last cycle, not the start of the next.
        let w = MediaTiming(repeatCount: 2, fillMode: .forwards)
        check(w, 1, time: 0, iteration: 1)
        check(w, 3, time: 1, iteration: 1, phase: .after)
        // Infinite repeats.
        check(MediaTiming(repeatCount: .infinity), 10.25, time: 0.25, iteration: 10)
    }

    @Test func repeatDuration() {
        let m = MediaTiming(repeatDuration: 1.5, fillMode: .forwards)
        check(m, 1.25, time: 0.25, iteration: 1)
        check(m, 1.75, time: 0.5, iteration: 1, phase: .after)
        // repeatDuration wins over repeatCount.
        check(MediaTiming(repeatCount: 5, repeatDuration: 1.5), 1.75, time: nil)
    }

    @Test func autoreverses() {
        let m = MediaTiming(autoreverses: true, fillMode: .forwards)
        check(m, 0.25, time: 0.25)
        check(m, 1.25, time: 0.75)     // mirrored: 2 − 1.25
        check(m, 1.875, time: 0.125)
        check(m, 2, time: 0, phase: .after)  // a reversed cycle ends at 0
        let r = MediaTiming(repeatCount: 2, autoreverses: true)
        check(r, 2.5, time: 0.5, iteration: 1)
        check(r, 3.75, time: 0.25, iteration: 1)
        check(r, 4, time: nil)
        // repeatDuration is not doubled: it ends at 1.5, i.e. mirrored 0.5.
        let d = MediaTiming(repeatDuration: 1.5, autoreverses: true, fillMode: .both)
        check(d, 1.75, time: 0.5, phase: .after)
        // Durations other than 1: d = 2, t = 3 → mirrored 4 − 3 = 1.
        check(MediaTiming(autoreverses: true), 3, d: 2, time: 1)
    }

    @Test func fillModes() {
        for (mode, before, after) in [(FillMode.removed, false, false), (.forwards, false, true),
                                      (.backwards, true, false), (.both, true, true)] {
            let m = MediaTiming(beginTime: 1, fillMode: mode)
            if before { check(m, 0.5, time: 0, phase: .before) } else { check(m, 0.5, time: nil) }
            if after { check(m, 2.5, time: 1, phase: .after) } else { check(m, 2.5, time: nil) }
            check(m, 1.5, time: 0.5)
        }
    }

    @Test func negativeSpeedPlaysBackwards() {
        // speed −1, offset 1: t = 1 − tp. It plays from the end to the start over tp ∈ (0, 1].
        let m = MediaTiming(speed: -1, timeOffset: 1)
        check(m, 0.25, time: 0.75)
        check(m, 0.875, time: 0.125)
        check(m, 0, time: nil)                // t = 1 = active: outside, not filled
        check(m, 1.5, time: nil)              // t = −0.5
        // Fill modes stay in local time; phases follow parent time (swapped).
        let b = MediaTiming(speed: -1, timeOffset: 1, fillMode: .backwards)
        check(b, 1.5, time: 0, phase: .after)
        let f = MediaTiming(speed: -1, timeOffset: 1, fillMode: .forwards)
        check(f, -1, time: 1, phase: .before)
        #expect(abs(Animation(timing: MediaTiming(duration: 1, speed: -1, timeOffset: 1)).endTime() - 1) <= 1e-12)
    }

    @Test func speedZeroWithOffsetPauses() {
        let m = MediaTiming(beginTime: 5, speed: 0, timeOffset: 0.25)
        for tp in [-100.0, 0, 5, 100] { check(m, tp, time: 0.25) }
        #expect(Animation(timing: m).endTime() == .infinity)
    }

    @Test func infiniteBasicDuration() {
        let m = MediaTiming(beginTime: 1)
        check(m, 6, d: .infinity, time: 5)
        #expect(m.isActive(at: 1e6, duration: .infinity))
        #expect(!m.isActive(at: 0.5, duration: .infinity))
    }

    @Test func endTime() {
        // begin 3, d 1, 2 repeats at speed 2 → active 2 local seconds = 1 parent second.
        let a = Animation(timing: MediaTiming(beginTime: 3, duration: 1, speed: 2, repeatCount: 2))
        #expect(abs(a.endTime() - 4) <= 1e-12)
        // Zero duration resolves to 0.25 s.
        #expect(abs(Animation(timing: MediaTiming(beginTime: 1)).endTime() - 1.25) <= 1e-12)
        #expect(Animation(timing: MediaTiming(duration: 1, repeatCount: .infinity)).endTime() == .infinity)
    }

    @Test func didStopRunsCompletionOnce() {
        let a = Animation()
        var calls: [Bool] = []
        a.completion = { calls.append($0) }
        a.didStop(finished: true)
        a.didStop(finished: false)
        #expect(calls == [true])
    }
}

@Suite struct MediaTimingRobustnessTests {
    @Test func nonFiniteAndExtremeInputsDoNotTrap() {
        #expect(MediaTiming().local(at: .nan, duration: 1) == nil)
        #expect(MediaTiming(speed: .nan).local(at: 1, duration: 1) == nil)
        let far = MediaTiming(repeatCount: .infinity).local(at: 1e30, duration: 1e-6)
        #expect(far != nil)
        #expect(far?.iteration == Int.max)
        #expect((0...1e-6).contains(far!.time))
        #expect(MediaTiming(fillMode: .both).local(at: -.infinity, duration: 1)?.time == 0)
        #expect(MediaTiming(fillMode: .both).local(at: .infinity, duration: 1)?.time == 1)
    }
}
