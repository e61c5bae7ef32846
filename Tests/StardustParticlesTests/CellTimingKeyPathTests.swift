import StardustAnimation
import StardustCore
import Foundation
import Testing
@testable import StardustParticles

/// Cell media timing and filters are reachable through `emitterCells.NAME.PROPERTY`.
@Suite struct CellTimingKeyPathTests {
    @Test("timing and filter key paths read and write") func timingAndFilterKeyPathsReadAndWrite() {
        let e = EmitterLayer()
        let c = EmitterCell()
        c.name = "c"; c.birthRate = 10; c.lifetime = 100
        e.emitterCells = [c]
        #expect(e.value(forKeyPath: "emitterCells.c.beginTime") == .number(0))
        e.setValue(.number(2), forKeyPath: "emitterCells.c.beginTime")
        e.setValue(.number(1), forKeyPath: "emitterCells.c.duration")
        e.setValue(.string("nearest"), forKeyPath: "emitterCells.c.magnificationFilter")
        e.setValue(.string("forwards"), forKeyPath: "emitterCells.c.fillMode")
        #expect(c.timing.beginTime == 2)
        #expect(c.timing.duration == 1)
        #expect(c.magnificationFilter == .nearest)
        #expect(c.timing.fillMode == .forwards)
        #expect(e.value(forKeyPath: "emitterCells.c.magnificationFilter") == .string("nearest"))
        // The cell now emits only during [2, 3): 10 particles, all still alive later.
        #expect(e.evaluate(at: 1.9).count == 0)
        #expect(abs((Double(e.evaluate(at: 10).count)) - 10) <= 1)
        // A wrong kind is refused and changes nothing.
        e.setValue(.string("sideways"), forKeyPath: "emitterCells.c.fillMode")
        #expect(c.timing.fillMode == .forwards)
    }
}
