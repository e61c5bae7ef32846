import Stardust

/// One variant of `particles-eval` being played: its emitter, the snapshot it evaluates into, and what each
/// run measured (docs/BENCHMARKS.md, `particles-extended`). The benchmark plays the variants' runs in turn.
struct EvalPlay {
    let variant: String
    let emitter: EmitterLayer
    /// Whether run r continues the playback (frames 30r … 30r + 29) instead of starting again at frame 0.
    let continues: Bool
    let snapshot = ParticleSnapshot()
    var firstMs = 0.0
    /// Per run: particle-frames per wall second and per CPU second of the calling thread, in millions.
    var samples: [Double] = [], cpu: [Double] = []
    /// Live particles at the last frame played.
    var live = 0

    /// The evaluation at t = 20 s before the runs (for `1M-live-turbulence` a seek integrating every particle from
    /// its birth), timed as `firstMs`.
    mutating func evaluateFirst(threads: Int) {
        let (emitter, snapshot) = (self.emitter, self.snapshot)
        firstMs = measureMilliseconds { emitter.evaluate(at: 20, into: snapshot, threads: threads) }
    }

    /// Plays run `run`: 30 frames at 60 frames/s from t = 20 s (+ 0.5 s per earlier run if `continues`).
    mutating func play(run: Int, threads: Int) {
        var particleFrames = 0
        let n0 = continues ? 30 * run : 0
        let (emitter, snapshot) = (self.emitter, self.snapshot)
        let cpu0 = threadCPUMilliseconds()
        let ms = measureMilliseconds {
            for f in n0..<(n0 + 30) {
                emitter.evaluate(at: 20 + Double(f) / 60, into: snapshot, threads: threads)
                particleFrames += snapshot.count
            }
        }
        let cpuMs = threadCPUMilliseconds() - cpu0
        live = snapshot.count
        samples.append(Double(particleFrames) / (ms / 1000) / 1e6)
        cpu.append(Double(particleFrames) / (cpuMs / 1000) / 1e6)
    }
}
