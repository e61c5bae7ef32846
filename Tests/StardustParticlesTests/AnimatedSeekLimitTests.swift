import StardustAnimation
import StardustCore
import Foundation
import Testing
@testable import StardustParticles

/// A seek far into the history of an emitter with an animated property stays bounded:
/// the hook is sampled only over the last `animationSampleLimit` steps.
@Suite struct AnimatedSeekLimitTests {
    @Test("far seek with an animated property is bounded") func farSeekWithAnAnimatedPropertyIsBounded() {
        let e = EmitterLayer()
        let c = EmitterCell()
        c.name = "c"; c.birthRate = 10; c.lifetime = 2; c.velocity = 10
        e.emitterCells = [c]
        e.animationSampleLimit = 2_000
        var hookCalls = 0
        e.animatedValue = { keyPath, time in
            hookCalls += 1
            return keyPath == "emitterCells.c.velocity" ? .number(10 + sin(time)) : nil
        }
        let s = e.evaluate(at: 1_000_000, threads: 1)
        // Steady state: birthRate × lifetime live particles, as without the animation.
        #expect(abs((Double(s.count)) - 20) <= 2)
        // The hook was consulted on the bounded grid only (a few calls per sample and property).
        #expect(hookCalls < 2_001 * 64)
        #expect(hookCalls > 2_000)
    }
}
