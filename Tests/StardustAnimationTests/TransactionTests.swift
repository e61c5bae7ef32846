import StardustTestSupport
import Testing
@testable import StardustAnimation

@Suite struct TransactionTests {
    @Test func changesInsideABlockAnimateFromOldToNew() {
        let clock = MediaClock(time: 2)
        let host = TestHost(["x": .number(0), "y": .number(5)])
        Transaction.animate(duration: 1, timingFunction: .linear, clock: clock) {
            host.setValue(.number(10), forKeyPath: "x")
            host.setValue(.number(5), forKeyPath: "y")     // unchanged: no animation
        }
        #expect(host.model("x") == 10)                // the model changes at once
        #expect(host.animations.count == 1)
        let a = host.animations[0].animation as! BasicAnimation
        #expect(host.animations[0].key == "x")
        #expect(a.keyPath == "x")
        #expect(a.fromValue == .number(0)); #expect(a.toValue == .number(10))
        #expect(a.timing.beginTime == 2); #expect(a.timing.duration == 1)
        #expect(host.number("x", at: 2.5) == 5)
        #expect(host.number("x", at: 3.5) == 10)      // removed after: the model shows
    }

    @Test func outsideABlockNothingAnimates() {
        let host = TestHost(["x": .number(0)])
        host.setValue(.number(10), forKeyPath: "x")
        #expect(host.animations.isEmpty)
        #expect(!Transaction.isAnimating)
        Transaction.animate(clock: MediaClock()) {
            #expect(Transaction.isAnimating)
            Transaction.performWithoutAnimation {
                #expect(!Transaction.isAnimating)
                host.setValue(.number(20), forKeyPath: "x")
            }
        }
        #expect(host.animations.isEmpty)
        #expect(host.model("x") == 20)
    }

    @Test func defaultsAndCompletion() {
        let host = TestHost(["x": .number(0), "o": .number(1)])
        var done = 0
        Transaction.animate(clock: MediaClock(), changes: {
            host.setValue(.number(1), forKeyPath: "x")
            host.setValue(.number(0), forKeyPath: "o")
        }, completion: { done += 1 })
        let a = host.animations[0].animation
        #expect(abs(a.endTime() - 0.25) <= 1e-12)
        #expect(a.timingFunction == .default)
        a.didStop(finished: true)
        #expect(done == 0)                            // waits for both
        host.animations[1].animation.didStop(finished: false)
        #expect(done == 1)
        var immediate = 0
        Transaction.animate(changes: {}, completion: { immediate += 1 })
        #expect(immediate == 1)
    }
}
