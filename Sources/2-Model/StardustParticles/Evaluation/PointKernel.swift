import StardustCore

// The SIMD point kernel: the general path (``ParticleBirth/make`` then ``SnapshotColumns/write``)
// for top-level cells of point emitters, four particles at a time. It is a second copy of that
// formula, kept equal to it bit for bit: `PointKernelTests` compares the two on random cells and
// times (docs/PARTICLES-PERFORMANCE.md).

extension EmitterLayer {
    /// Stores four floats at `p` (unaligned).
    @inline(__always) static func store(_ v: SIMD4<Float>, _ p: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD4<Float>.self)
    }

    /// Births examined per batch of ``writePoint(_:_:_:_:_:_:)``.
    static let batch = 64

    /// ``write(_:_:_:_:_:_:_:)`` for a top-level cell on a `point` emitter, in batches: the live
    /// births of a batch and their random uniforms first (scalar integer work), then their birth
    /// values and columns four particles at a time in vector registers. Every value is computed
    /// with exactly the same operations as ``ParticleBirth/make(_:shape:mode:rng:id:birthTime:life:angleU:)``
    /// followed by ``SnapshotColumns/write(_:age:cell:at:)`` (the same roundings, in the same
    /// order, lane by lane), so the bytes are the same as the general path's. The general path's
    /// products by a top-level cell's inherited factors (color × 1, scale × 1) are exact identities
    /// and are left out here.
    static func writePoint(_ run: BirthRun, _ p: BirthParameters, _ inst: EmitterInstance, _ t: Double,
                           _ out: SnapshotColumns, _ offset: Int) -> Int {
        let n = batch
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 11 * n) { dbl in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * n) { ints in
                let d = dbl.baseAddress!
                let ages = d, lives = d + n, births = d + 2 * n
                let uAngle = d + 3 * n, uSpeed = d + 4 * n, uScale = d + 5 * n, uSpin = d + 6 * n
                let uR = d + 7 * n, uG = d + 8 * n, uB = d + 9 * n, uA = d + 10 * n
                let ks = ints.baseAddress!, keys = ks + n
                let invRate = 1 / p.rate
                let p0 = SIMD4<Float>(Float(p.center.x), Float(p.center.y), Float(p.center.z), 0)
                let acc = SIMD4<Float>(Float(p.accel.x), Float(p.accel.y), Float(p.accel.z), 0)
                let cs = SIMD4<Float>(p.colorSpeed)
                let scaleSpeed = Float(p.scaleSpeed)
                let cell = run.cell
                var written = 0
                var k = run.k0
                while k < run.k1 {
                    // 1. The live births of the next `n` (the same test as `write`), without branches:
                    // near the end of the lifetimes whether a birth is alive is a coin flip.
                    var m = 0
                    let end = min(run.k1, k + Int64(n))
                    while k < end {
                        let tb = run.start + (Double(k) - run.count0) * invRate
                        let age = t - tb
                        let rng = ParticleRandom(instance: inst.stream, index: UInt64(bitPattern: k))
                        let (life, _) = ParticleBirth.life(p, rng)
                        ages[m] = age; lives[m] = life; births[m] = tb; ks[m] = UInt64(bitPattern: k); keys[m] = rng.key
                        m &+= (age >= 0) && (age < life) ? 1 : 0
                        k += 1
                    }
                    // The uniforms of the live ones.
                    for j in 0..<m {
                        let rng = ParticleRandom(key: keys[j])
                        let (_, au, us) = rng.triple(ParticleAttribute.lifeAngleSpeed)
                        let (u0, u1, u2) = rng.triple(ParticleAttribute.scaleSpinRed)
                        let (u3, u4, u5) = rng.triple(ParticleAttribute.greenBlueAlpha)
                        uAngle[j] = au; uSpeed[j] = us; uScale[j] = u0; uSpin[j] = u1
                        uR[j] = u2; uG[j] = u3; uB[j] = u4; uA[j] = u5
                    }
                    guard m > 0 else { continue }
                    for j in m..<((m + 3) & ~3) {
                        ages[j] = 0; uAngle[j] = 0; uSpeed[j] = 0; uScale[j] = 0; uSpin[j] = 0
                        uR[j] = 0; uG[j] = 0; uB[j] = 0; uA[j] = 0
                    }
                    // 2. Birth values and columns, four at a time (lanes past `m` are computed, not stored).
                    let o = offset + written
                    var j = 0
                    while j < m {
                        let theta = p.longitude + p.longitudeRange * (2 * Self.load(uAngle + j) - 1)
                        let speed = p.speed + p.speedRange * (2 * Self.load(uSpeed + j) - 1)
                        let (sinT, cosT) = FastTrig.sincos4(theta)
                        let vx0 = SIMD4<Float>((p.cosLat * cosT) * speed)
                        let vy0 = SIMD4<Float>((p.cosLat * sinT) * speed)
                        let vz0 = SIMD4<Float>(p.sinLat * speed)
                        let r0 = SIMD4<Float>(p.color.x + p.colorRange.x * (2 * Self.load(uR + j) - 1))
                        let g0 = SIMD4<Float>(p.color.y + p.colorRange.y * (2 * Self.load(uG + j) - 1))
                        let b0 = SIMD4<Float>(p.color.z + p.colorRange.z * (2 * Self.load(uB + j) - 1))
                        let a0 = SIMD4<Float>(p.color.w + p.colorRange.w * (2 * Self.load(uA + j) - 1))
                        let s0 = SIMD4<Float>(p.scale + p.scaleRange * (2 * Self.load(uScale + j) - 1))
                        let spin = SIMD4<Float>(p.spin + p.spinRange * (2 * Self.load(uSpin + j) - 1))
                        let tt = SIMD4<Float>(Self.load(ages + j))
                        let h = 0.5 * tt * tt
                        let x = p0.x + vx0 * tt + acc.x * h, y = p0.y + vy0 * tt + acc.y * h
                        let z = p0.z + vz0 * tt + acc.z * h
                        let vx = vx0 + acc.x * tt, vy = vy0 + acc.y * tt, vz = vz0 + acc.z * tt
                        var sc = s0 + scaleSpeed * tt
                        sc.replace(with: 0, where: .!(sc .>= 0))  // max(0, sc)
                        let rot = spin * tt
                        let r = r0 + cs.x * tt, g = g0 + cs.y * tt, b = b0 + cs.z * tt, a = a0 + cs.w * tt
                        let c = min(4, m - j), i = o + j
                        if c == 4 {
                            Self.store(x, out.x + i); Self.store(y, out.y + i); Self.store(z, out.z + i)
                            Self.store(vx, out.vx + i); Self.store(vy, out.vy + i); Self.store(vz, out.vz + i)
                            Self.store(sc, out.scale + i); Self.store(rot, out.rotation + i)
                            Self.store(r, out.red + i); Self.store(g, out.green + i); Self.store(b, out.blue + i)
                            Self.store(a, out.alpha + i); Self.store(tt, out.age + i)
                        } else {
                            for l in 0..<c {
                                out.x[i + l] = x[l]; out.y[i + l] = y[l]; out.z[i + l] = z[l]
                                out.vx[i + l] = vx[l]; out.vy[i + l] = vy[l]; out.vz[i + l] = vz[l]
                                out.scale[i + l] = sc[l]; out.rotation[i + l] = rot[l]
                                out.red[i + l] = r[l]; out.green[i + l] = g[l]; out.blue[i + l] = b[l]
                                out.alpha[i + l] = a[l]; out.age[i + l] = tt[l]
                            }
                        }
                        j += 4
                    }
                    for j in 0..<m {
                        let i = o + j
                        out.lifetime[i] = Float(lives[j])
                        out.birth[i] = births[j]
                        out.cells[i] = cell
                        out.ids[i] = inst.idKey &+ ks[j]
                    }
                    written += m
                }
                return written
            }
        }
    }

    @inline(__always) static func load(_ p: UnsafeMutablePointer<Double>) -> SIMD4<Double> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Double>.self)
    }
}
