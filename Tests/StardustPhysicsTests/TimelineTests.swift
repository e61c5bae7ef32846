import Testing
import StardustPhysics

/// A state whose every step depends on all earlier ones, so any replay mistake shows.
private struct Chain: Sendable, Equatable { var value: UInt64 = 0x1234_5678; var steps = 0 }

private func makeTimeline(interval: Int = 7) -> Timeline<Chain> {
    Timeline(initial: Chain(), timeStep: 0.01, checkpointInterval: interval) { state, step in
        #expect(step == state.steps, "advance is called with the step it moves from")
        state.value = (state.value ^ UInt64(step)) &* 0x9E37_79B9_7F4A_7C15 &+ 1
        state.steps += 1
    }
}

@Suite("Timeline: a fixed-step simulation sampled at any time")
struct TimelineTests {
    @Test("a seek gives the state a sequential run reaches")
    func seekEqualsSequential() {
        let sequential = makeTimeline()
        var expected: [Chain] = []
        for n in 0...100 { expected.append(sequential.state(atStep: n)) }
        let seeking = makeTimeline()
        for n in [100, 3, 64, 0, 99, 50, 7, 14, 13] {
            #expect(seeking.state(atStep: n) == expected[n])
        }
        #expect(seeking.checkpointCount == 100 / 7 + 1)
    }

    @Test("a range of states, replayed once, equals the states sought one by one")
    func rangeEqualsSeeks() {
        let reference = makeTimeline()
        var seen: [(Int, Chain)] = []
        makeTimeline().forEachState(in: 30..<75) { seen.append(($0, $1)) }
        #expect(seen.map(\.0) == Array(30..<75))
        for (n, state) in seen { #expect(state == reference.state(atStep: n)) }
    }

    @Test("samples from concurrent tasks equal the sequential ones")
    func concurrentSamples() async {
        let reference = makeTimeline()
        let shared = makeTimeline(interval: 5)
        let results = await withTaskGroup(of: (Int, Chain).self) { group in
            for n in stride(from: 200, through: 0, by: -13) {
                group.addTask { (n, shared.state(atStep: n)) }
            }
            var all: [(Int, Chain)] = []
            for await r in group { all.append(r) }
            return all
        }
        for (n, state) in results { #expect(state == reference.state(atStep: n)) }
    }

    @Test("a time between steps gives both neighbours and the fraction")
    func interpolation() {
        let timeline = makeTimeline()
        let s = timeline.sample(at: 0.125)
        #expect(s.before.steps == 12 && s.after.steps == 13)
        #expect(abs(s.fraction - 0.5) < 1e-9)
        let exact = timeline.sample(at: 0.3)
        #expect(exact.before.steps == 30 && exact.fraction == 0)
    }
}
