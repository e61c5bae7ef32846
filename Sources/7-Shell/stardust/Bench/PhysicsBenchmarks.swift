import Foundation
import StardustWorkloads
import StardustPhysics

/// `physics-pyramid` and `physics-rain` (docs/BENCHMARKS.md): the engine's default solver settings
/// (soft step, 4 sub-steps, sleeping on), single-threaded, time step 1/60 s, timed from the first step.
extension Benchmarks {
    /// Rows of `base`, `base − 1`, … 1 boxes; 500 steps per run; ms/step and the top box's displacement.
    static func physicsPyramid(runs: Int) -> [BenchResult] {
        [20, 100].map { base in
            var displacement = 0.0
            let samples = (0..<runs).map { _ -> Double in
                var p = PhysicsWorkloads.pyramid(base: base)
                let ms = measureMilliseconds { p.run(steps: 500) } / 500
                displacement = p.topDisplacement
                return ms
            }
            var r = BenchResult(benchmark: "physics-pyramid", variant: "base-\(base)", unit: "ms/step", samples: samples, threads: 1)
            r.extra = [("bodies", "\(base * (base + 1) / 2)"), ("topDisplacement", String(format: "%.4f", displacement))]
            return r
        }
    }

    /// 2000 circles and 2000 boxes dropped into an open box; 1000 steps per run; ms/step.
    static func physicsRain(runs: Int) -> [BenchResult] {
        let samples = (0..<runs).map { _ -> Double in
            var world = PhysicsWorkloads.rain()
            return measureMilliseconds { for _ in 0..<1000 { world.step(1.0 / 60) } } / 1000
        }
        var r = BenchResult(benchmark: "physics-rain", variant: "4000-bodies", unit: "ms/step", samples: samples, threads: 1)
        r.extra = [("bodies", "4000")]
        return [r]
    }
}
