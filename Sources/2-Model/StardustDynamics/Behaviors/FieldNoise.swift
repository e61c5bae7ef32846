import StardustCore

/// The noise field's vector noise: smooth, keyed, counter-based (no stored random state).
///
/// Space is cut into square cells of ``cellSize(smoothness:)`` points and time into cells of one
/// unit of `time` (seconds × `animationSpeed`). Each lattice corner (x, y, t) draws a vector with
/// components uniform in −1…1 from ``CounterRandom`` keyed by the seed, the field's key and the
/// corner; between corners the vectors blend with smoothstep weights (value noise). The same
/// seed, key, place and time always give the same vector.
enum FieldNoise {
    /// Cell size in points: 10 pt at smoothness 0 (rough), 210 pt at smoothness 1 (smooth).
    static func cellSize(smoothness: Double) -> Double { 10 + 200 * min(max(smoothness, 0), 1) }

    /// The noise vector (components in −1…1) at world point `p` and noise time `time`.
    static func vector(at p: Vec2, time: Double, smoothness: Double, seed: UInt64, key: UInt64) -> Vec2 {
        let cell = cellSize(smoothness: smoothness)
        let fx = p.x / cell, fy = p.y / cell
        let x0 = fx.rounded(.down), y0 = fy.rounded(.down), t0 = time.rounded(.down)
        let wx = smooth(fx - x0), wy = smooth(fy - y0), wt = smooth(time - t0)
        let random = CounterRandom(seed: seed)
        let ix = Int64(max(min(x0, 1e15), -1e15)), iy = Int64(max(min(y0, 1e15), -1e15)), it = Int64(max(min(t0, 1e15), -1e15))
        var sum = Vec2.zero
        for corner in 0..<8 {
            let dx = Int64(corner & 1), dy = Int64((corner >> 1) & 1), dt = Int64(corner >> 2)
            let weight = (dx == 1 ? wx : 1 - wx) * (dy == 1 ? wy : 1 - wy) * (dt == 1 ? wt : 1 - wt)
            let a = UInt64(bitPattern: ix + dx), b = UInt64(bitPattern: iy + dy), c = UInt64(bitPattern: it + dt)
            let vx = 2 * random.unit(key, a, b, c << 1) - 1
            let vy = 2 * random.unit(key, a, b, c << 1 | 1) - 1
            sum += weight * Vec2(vx, vy)
        }
        return sum
    }

    private static func smooth(_ u: Double) -> Double { u * u * (3 - 2 * u) }
}
