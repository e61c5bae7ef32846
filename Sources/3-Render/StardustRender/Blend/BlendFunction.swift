import StardustCore

/// A W3C *Compositing and Blending Level 1* blend function `B(Cb, Cs)` on straight (not
/// premultiplied) colors in 0…1; the alpha lane is ignored. Used as a generic parameter so the
/// mode is chosen once per group, not per pixel.
protocol BlendFunction {
    static func mix(_ cb: SIMD4<Float>, _ cs: SIMD4<Float>) -> SIMD4<Float>
}

enum MultiplyBlend: BlendFunction {
    @inline(__always) static func mix(_ cb: SIMD4<Float>, _ cs: SIMD4<Float>) -> SIMD4<Float> { cb * cs }
}

enum ScreenBlend: BlendFunction {
    @inline(__always) static func mix(_ cb: SIMD4<Float>, _ cs: SIMD4<Float>) -> SIMD4<Float> { cb + cs - cb * cs }
}

/// `HardLight(Cs, Cb)`: hard light with the layers swapped.
enum OverlayBlend: BlendFunction {
    @inline(__always) static func mix(_ cb: SIMD4<Float>, _ cs: SIMD4<Float>) -> SIMD4<Float> { HardLightBlend.mix(cs, cb) }
}

enum DarkenBlend: BlendFunction {
    @inline(__always) static func mix(_ cb: SIMD4<Float>, _ cs: SIMD4<Float>) -> SIMD4<Float> { pointwiseMin(cb, cs) }
}

enum LightenBlend: BlendFunction {
    @inline(__always) static func mix(_ cb: SIMD4<Float>, _ cs: SIMD4<Float>) -> SIMD4<Float> { pointwiseMax(cb, cs) }
}

/// `0` where `Cb = 0`, `1` where `Cs = 1`, else `min(1, Cb / (1 − Cs))`.
enum ColorDodgeBlend: BlendFunction {
    @inline(__always) static func mix(_ cb: SIMD4<Float>, _ cs: SIMD4<Float>) -> SIMD4<Float> {
        var r = SIMD4<Float>()
        for i in 0..<3 {
            r[i] = cb[i] <= 0 ? 0 : (cs[i] >= 1 ? 1 : min(1, cb[i] / (1 - cs[i])))
        }
        return r
    }
}

/// `1` where `Cb = 1`, `0` where `Cs = 0`, else `1 − min(1, (1 − Cb) / Cs)`.
enum ColorBurnBlend: BlendFunction {
    @inline(__always) static func mix(_ cb: SIMD4<Float>, _ cs: SIMD4<Float>) -> SIMD4<Float> {
        var r = SIMD4<Float>()
        for i in 0..<3 {
            r[i] = cb[i] >= 1 ? 1 : (cs[i] <= 0 ? 0 : 1 - min(1, (1 - cb[i]) / cs[i]))
        }
        return r
    }
}

/// `Multiply(Cb, 2·Cs)` where `Cs ≤ ½`, else `Screen(Cb, 2·Cs − 1)`.
enum HardLightBlend: BlendFunction {
    @inline(__always) static func mix(_ cb: SIMD4<Float>, _ cs: SIMD4<Float>) -> SIMD4<Float> {
        let m = cb * (2 * cs)
        let s2 = 2 * cs - 1
        let sc = cb + s2 - cb * s2
        return m.replacing(with: sc, where: cs .> 0.5)
    }
}

/// The W3C soft light (the Pegtop-free formula with `D(Cb)`).
enum SoftLightBlend: BlendFunction {
    @inline(__always) static func mix(_ cb: SIMD4<Float>, _ cs: SIMD4<Float>) -> SIMD4<Float> {
        var r = SIMD4<Float>()
        for i in 0..<3 {
            let b = cb[i], s = cs[i]
            if s <= 0.5 {
                r[i] = b - (1 - 2 * s) * b * (1 - b)
            } else {
                let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
                r[i] = b + (2 * s - 1) * (d - b)
            }
        }
        return r
    }
}

enum DifferenceBlend: BlendFunction {
    @inline(__always) static func mix(_ cb: SIMD4<Float>, _ cs: SIMD4<Float>) -> SIMD4<Float> {
        pointwiseMax(cb, cs) - pointwiseMin(cb, cs)
    }
}

enum ExclusionBlend: BlendFunction {
    @inline(__always) static func mix(_ cb: SIMD4<Float>, _ cs: SIMD4<Float>) -> SIMD4<Float> { cb + cs - 2 * cb * cs }
}

/// `SetLum(SetSat(Cs, Sat(Cb)), Lum(Cb))`.
enum HueBlend: BlendFunction {
    @inline(__always) static func mix(_ cb: SIMD4<Float>, _ cs: SIMD4<Float>) -> SIMD4<Float> {
        NonSeparable.setLum(NonSeparable.setSat(cs, NonSeparable.sat(cb)), NonSeparable.lum(cb))
    }
}

/// `SetLum(SetSat(Cb, Sat(Cs)), Lum(Cb))`.
enum SaturationBlend: BlendFunction {
    @inline(__always) static func mix(_ cb: SIMD4<Float>, _ cs: SIMD4<Float>) -> SIMD4<Float> {
        NonSeparable.setLum(NonSeparable.setSat(cb, NonSeparable.sat(cs)), NonSeparable.lum(cb))
    }
}

/// `SetLum(Cs, Lum(Cb))`.
enum ColorBlend: BlendFunction {
    @inline(__always) static func mix(_ cb: SIMD4<Float>, _ cs: SIMD4<Float>) -> SIMD4<Float> {
        NonSeparable.setLum(cs, NonSeparable.lum(cb))
    }
}

/// `SetLum(Cb, Lum(Cs))`.
enum LuminosityBlend: BlendFunction {
    @inline(__always) static func mix(_ cb: SIMD4<Float>, _ cs: SIMD4<Float>) -> SIMD4<Float> {
        NonSeparable.setLum(cb, NonSeparable.lum(cs))
    }
}

/// The W3C helpers of the non-separable modes (`Lum`, `ClipColor`, `SetLum`, `Sat`, `SetSat`) on the RGB lanes.
enum NonSeparable {
    @inline(__always) static func lum(_ c: SIMD4<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    @inline(__always) static func clipColor(_ c: SIMD4<Float>) -> SIMD4<Float> {
        let l = lum(c)
        let n = min(c.x, c.y, c.z), x = max(c.x, c.y, c.z)
        var r = c
        if n < 0 { r = SIMD4(repeating: l) + (r - SIMD4(repeating: l)) * (l / (l - n)) }
        if x > 1 { r = SIMD4(repeating: l) + (r - SIMD4(repeating: l)) * ((1 - l) / (x - l)) }
        return r
    }

    @inline(__always) static func setLum(_ c: SIMD4<Float>, _ l: Float) -> SIMD4<Float> {
        clipColor(c + SIMD4(repeating: l - lum(c)))
    }

    @inline(__always) static func sat(_ c: SIMD4<Float>) -> Float { max(c.x, c.y, c.z) - min(c.x, c.y, c.z) }

    /// The W3C `SetSat`: the largest component becomes `s`, the smallest 0, the middle one scaled between.
    @inline(__always) static func setSat(_ c: SIMD4<Float>, _ s: Float) -> SIMD4<Float> {
        let n = min(c.x, c.y, c.z), x = max(c.x, c.y, c.z)
        guard x > n else { return SIMD4() }
        return (c - SIMD4(repeating: n)) * (s / (x - n))
    }
}
