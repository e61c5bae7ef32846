import StardustTestSupport
import Testing
@testable import StardustAnimation

@Suite struct AnimationGroupTests {
    @Test func childrenRunInGroupTimeAndAreClipped() {
        let x = BasicAnimation(keyPath: "x", from: .number(0), to: .number(10), timing: MediaTiming(duration: 2))
        let y = BasicAnimation(keyPath: "y", from: .number(0), to: .number(1), timing: MediaTiming(beginTime: 0.5, duration: 0.25))
        let g = AnimationGroup(animations: [x, y], timing: MediaTiming(beginTime: 2, duration: 1))
        #expect(g.animatedKeyPaths == ["x", "y"])
        #expect(g.value(forKeyPath: "x", on: .number(-1), at: 2.5)?.number == 2.5)
        #expect(abs(g.value(forKeyPath: "y", on: .number(-1), at: 2.6)!.number! - 0.4) <= 1e-12)
        // y has no effect outside its own interval inside the group; the base shows through.
        #expect(g.value(forKeyPath: "y", on: .number(-1), at: 2.2) == nil)
        #expect(g.value(forKeyPath: "z", on: .number(-1), at: 2.5) == nil)
        // The group's 1 s clips x's 2 s: removed after 3…
        #expect(g.value(forKeyPath: "x", on: .number(-1), at: 3.5) == nil)
        // …or, filling forwards, held at the group's end (x at its time 1 = 5), never reaching 10.
        g.timing.fillMode = .forwards
        x.timing.fillMode = .forwards
        #expect(g.value(forKeyPath: "x", on: .number(-1), at: 10)?.number == 5)
        #expect(g.endTime() == 3)
    }

    @Test func hostAppliesGroupAndStopsChildren() {
        let host = TestHost(["x": .number(0)])
        let x = BasicAnimation(keyPath: "x", from: .number(0), to: .number(10), timing: MediaTiming(duration: 1))
        var stopped: [Bool] = []
        x.completion = { stopped.append($0) }
        let g = AnimationGroup(animations: [x], timing: MediaTiming(duration: 1))
        host.add(g, forKey: "g")
        #expect(host.number("x", at: 0.5) == 5)
        g.didStop(finished: true)
        #expect(stopped == [true])
    }
}
