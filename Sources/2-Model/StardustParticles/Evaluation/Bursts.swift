import StardustCore

// Bursts (``ParticleBurst``) in the birth plan: the cycles whose particles can be alive at the
// evaluated time, found in closed form from the burst's time, interval and cycle count
// (docs/PARTICLE-MODEL.md §2.7).

extension EmitterLayer {
    /// The random stream (or id) key of cycle `c` of burst `b` of an emitter instance whose key is `key`.
    @inline(__always) static func burstKey(_ key: UInt64, _ b: Int, _ c: Int64) -> UInt64 {
        SplitMix64.mix(SplitMix64.mix(key ^ 0xB5A7_C3E1_0F2D_4B69 &+ UInt64(b)) &+ UInt64(bitPattern: c) &* 0x9E37_79B9_7F4A_7C15)
    }

    /// The index of the parameter segment in effect at `time` (the last start ≤ time).
    static func segment(_ cell: CompiledCell, at time: Double) -> Int {
        let starts = cell.starts
        var j = 0, h = starts.count
        while j + 1 < h {
            let m = (j + h) / 2
            if starts[m] <= time { j = m } else { h = m }
        }
        return j
    }

    /// Calls `body(burst, cycle, time, segment, count)` for every cycle of `bursts` of an instance
    /// emitting in `[lo, hi)` whose time falls in `[from, to]`, burst by burst, cycles in order;
    /// `count` is the burst's count × the segment's ``BirthParameters/burstScale`` (rounded down,
    /// counts within 1e-9 of an integer snapped). Stops when `body` returns false.
    /// O(bursts + cycles in the range).
    static func forEachBurstCycle(_ cell: CompiledCell, _ bursts: [ParticleBurst], lo: Double, hi: Double,
                                  from: Double, to: Double, _ body: (Int, Int64, Double, Int, Int64) -> Bool) {
        for (bi, b) in bursts.enumerated() where b.count > 0 && b.cycles > 0 && b.time.isFinite {
            let t0 = lo + max(0, b.time)
            guard t0 < hi, t0 <= to else { continue }
            var first = 0.0, last = 0.0
            if b.cycles > 1, b.interval > 0, b.interval.isFinite {
                let w = b.interval
                last = min(Double(b.cycles - 1), ((to - t0) / w).rounded(.down) + 1)
                if hi.isFinite { last = min(last, ((hi - t0) / w).rounded(.up)) }
                first = max(0, ((from - t0) / w).rounded(.up) - 1)
                guard first <= last, last < 9.0e15 else { continue }
            }
            var c = Int64(first)
            let end = Int64(last)
            while c <= end {
                let tb = t0 + Double(c) * b.interval
                c += 1
                guard tb >= from, tb <= to, tb < hi else { continue }
                let seg = segment(cell, at: tb)
                let scale = cell.params[seg].burstScale
                var n = Int64(b.count)
                if scale != 1 {
                    let x = snap(Double(b.count) * scale).rounded(.down)
                    n = x.isFinite ? Int64(min(x, 1.0e15)) : 0
                }
                guard n > 0 else { continue }
                if !body(bi, c - 1, tb, seg, n) { return }
            }
        }
    }
}
