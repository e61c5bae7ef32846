// The columns of a ParticleSnapshot as raw pointers, and the general path's write of one particle's
// closed-form state at an age into them (docs/PARTICLE-MODEL.md §2.5).

/// Raw pointers to a snapshot's columns, for writing from worker threads (each run writes its own range).
struct SnapshotColumns: @unchecked Sendable {
    let x, y, z, vx, vy, vz, scale, rotation, red, green, blue, alpha, age, lifetime: UnsafeMutablePointer<Float>
    let birth: UnsafeMutablePointer<Double>
    let cells: UnsafeMutablePointer<Int32>
    let ids: UnsafeMutablePointer<UInt64>

    init(_ s: ParticleSnapshot) {
        let f = s.floats
        x = f[0]; y = f[1]; z = f[2]; vx = f[3]; vy = f[4]; vz = f[5]; scale = f[6]; rotation = f[7]
        red = f[8]; green = f[9]; blue = f[10]; alpha = f[11]; age = f[12]; lifetime = f[13]
        birth = s.birth!; cells = s.cells!; ids = s.ids!
    }

    /// Writes the state at age `tau` of the particle born as `b` (of cell `cell`) at row `i`.
    @inline(__always)
    func write(_ b: ParticleBirth, age tau: Double, cell: Int32, at i: Int) {
        // Single precision from here: ages are small and positions bounded, so the closed form in
        // Float loses nothing visible and halves the vector work.
        let t = Float(tau), h = 0.5 * t * t
        let p0 = SIMD4<Float>(Float(b.position.x), Float(b.position.y), Float(b.position.z), 0)
        let v0 = SIMD4<Float>(Float(b.velocity.x), Float(b.velocity.y), Float(b.velocity.z), 0)
        let a = SIMD4<Float>(Float(b.acceleration.x), Float(b.acceleration.y), Float(b.acceleration.z), 0)
        let p = p0 + v0 * t + a * h, v = v0 + a * t
        let c = SIMD4<Float>(b.color) + SIMD4<Float>(b.colorSpeed) * t
        x[i] = p.x; y[i] = p.y; z[i] = p.z
        vx[i] = v.x; vy[i] = v.y; vz[i] = v.z
        scale[i] = Float(b.scaleFactor) * max(0, Float(b.scale) + Float(b.scaleSpeed) * t)
        rotation[i] = Float(b.spin) * t
        red[i] = c.x; green[i] = c.y; blue[i] = c.z; alpha[i] = c.w
        age[i] = t; lifetime[i] = Float(b.lifetime)
        birth[i] = b.birthTime; cells[i] = cell; ids[i] = b.id
    }
}
