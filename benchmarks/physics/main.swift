// Timing driver for the physics benchmarks (docs/BENCHMARKS.md physics-pyramid,
// physics-rain). Built by run.sh as a standalone release package from
// Sources/2-Model/StardustPhysics, with PhysicsWorkloads.swift (benchmarks/StardustWorkloads) copied in beside
// this file, so it needs no change to the main Package.swift.
// Prints one JSON object per line. Times only the step calls.

import StardustPhysics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Thread CPU time: the build machines are shared and often oversubscribed,
/// and CPU time keeps ratios against the anchors (timed the same way) fair.
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

func median(_ xs: [Double]) -> Double { let s = xs.sorted(); return s[s.count / 2] }

let args = CommandLine.arguments
let runs = args.count > 1 ? Int(args[1]) ?? 3 : 3
let which = args.count > 2 ? args[2] : "all"

if which == "all" || which == "hash" {
    var w = PhysicsWorkloads.mixedScene()
    for _ in 0..<300 { w.step(1.0 / 120) }
    print("{\"check\":\"golden-hash\",\"hash\":\(w.stateHash())}")
    var p = PhysicsWorkloads.pyramid(base: 12)
    p.run(steps: 120)
    print("{\"check\":\"golden-hash-pyramid-12\",\"hash\":\(p.world.stateHash())}")
    // Rain mid-fall and after the pile formed: broad phase, circles and contact churn.
    var r = PhysicsWorkloads.rain()
    for _ in 0..<250 { r.step(1.0 / 60) }
    print("{\"check\":\"rain-250\",\"hash\":\(r.stateHash())}")
    for _ in 0..<450 { r.step(1.0 / 60) }
    print("{\"check\":\"rain-700\",\"hash\":\(r.stateHash()),\"awake\":\(r.awakeBodyCount)}")
}

for base in [20, 100] where which == "all" || which == "pyramid" || which == "pyramid-\(base)" {
    var times: [Double] = []
    var disp = 0.0
    for _ in 0..<runs {
        var p = PhysicsWorkloads.pyramid(base: base)
        let t0 = now()
        p.run(steps: 500)
        times.append((now() - t0) * 1000 / 500)
        disp = p.topDisplacement
    }
    print("{\"benchmark\":\"physics-pyramid\",\"variant\":\"base-\(base)\",\"anchor\":\"stardust\",\"unit\":\"ms/step\",\"ms_per_step\":\(median(times)),\"min\":\(times.min()!),\"max\":\(times.max()!),\"runs\":\(runs),\"top_displacement\":\(disp),\"threads\":1,\"clock\":\"thread-cpu\"}")
}

if which == "all" || which == "rain" {
    var times: [Double] = []
    var awake = 0
    for _ in 0..<runs {
        var w = PhysicsWorkloads.rain()
        let t0 = now()
        for _ in 0..<1000 { w.step(1.0 / 60) }
        times.append((now() - t0) * 1000 / 1000)
        awake = w.awakeBodyCount
    }
    print("{\"benchmark\":\"physics-rain\",\"variant\":\"4000\",\"anchor\":\"stardust\",\"unit\":\"ms/step\",\"ms_per_step\":\(median(times)),\"min\":\(times.min()!),\"max\":\(times.max()!),\"runs\":\(runs),\"awake_after\":\(awake),\"threads\":1,\"clock\":\"thread-cpu\"}")
}
