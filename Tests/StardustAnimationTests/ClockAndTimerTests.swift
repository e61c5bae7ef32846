import Testing
@testable import StardustAnimation

@Suite struct ClockAndTimerTests {
    typealias MTimer = StardustAnimation.ClockTimer

    @Test func repeatingTimerFiresOncePerIntervalEvenWhenTheClockJumps() {
        let clock = MediaClock()
        var times: [Double] = []
        let t = MTimer.scheduledTimer(withTimeInterval: 0.25, repeats: true, clock: clock) { _ in times.append(clock.currentTime) }
        clock.advance(to: 0.2)
        #expect(times == [])
        clock.advance(to: 1.1)
        #expect(times == [0.25, 0.5, 0.75, 1.0])
        #expect(clock.currentTime == 1.1)
        #expect(t.fireDate == 1.25)
        t.invalidate()
        clock.advance(to: 5)
        #expect(times.count == 4)
        #expect(!t.isValid)
    }

    @Test func oneShotTimerFiresOnce() {
        let clock = MediaClock(time: 10)
        var count = 0
        let t = MTimer.scheduledTimer(withTimeInterval: 1, repeats: false, clock: clock) { _ in count += 1 }
        clock.advance(to: 10.999)
        #expect(count == 0)
        clock.advance(to: 20)
        #expect(count == 1)
        #expect(!t.isValid)
    }

    @Test func timersInterleaveInTimeOrder() {
        let clock = MediaClock()
        var log: [String] = []
        _ = MTimer.scheduledTimer(withTimeInterval: 0.3, repeats: true, clock: clock) { _ in log.append("A\(clock.currentTime)") }
        _ = MTimer.scheduledTimer(withTimeInterval: 0.5, repeats: true, clock: clock) { _ in log.append("B\(clock.currentTime)") }
        clock.advance(to: 1.0)
        // 0.3·3 computed from the start is 0.8999999999999999 in binary; compare times numerically.
        #expect(log.map { $0.first! } == ["A", "B", "A", "A", "B"])
    }

    @Test func invalidateFromTheBlockAndBackwardsTime() {
        let clock = MediaClock()
        var count = 0
        _ = MTimer.scheduledTimer(withTimeInterval: 0.1, repeats: true, clock: clock) { timer in
            count += 1
            if count == 3 { timer.invalidate() }
        }
        clock.advance(to: 10)
        #expect(count == 3)
        // Going back fires nothing and is allowed.
        let c2 = MediaClock(time: 5)
        var fired = 0
        _ = MTimer.scheduledTimer(withTimeInterval: 1, repeats: true, clock: c2) { _ in fired += 1 }
        c2.advance(to: 2)
        #expect(c2.currentTime == 2)
        #expect(fired == 0)
        c2.advance(to: 6.5)
        #expect(fired == 1)   // the schedule (6, 7, …) is not rewound
    }

    @Test func nonPositiveIntervalAndManualFire() {
        let clock = MediaClock()
        var count = 0
        let t = MTimer.scheduledTimer(withTimeInterval: 0, repeats: false, clock: clock) { _ in count += 1 }
        #expect(t.timeInterval == 0.0001)
        t.fire()
        #expect(count == 1)
        #expect(!t.isValid)
        clock.advance(to: 1)
        #expect(count == 1)
    }

    @Test func advanceFromACallbackIsDeferred() {
        let clock = MediaClock()
        var times: [Double] = []
        _ = MTimer.scheduledTimer(withTimeInterval: 1, repeats: true, clock: clock) { _ in
            times.append(clock.currentTime)
            if times.count == 1 { clock.advance(to: 3.5) }
        }
        clock.advance(to: 1.5)
        #expect(times == [1, 2, 3])
        #expect(clock.currentTime == 3.5)
    }
}
