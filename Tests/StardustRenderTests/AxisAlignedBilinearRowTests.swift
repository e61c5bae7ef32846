import Testing
@testable import StardustRender

/// `SelectiveBilinearSampler.blendAxisAlignedInterior` (an image drawn axis-aligned, bilinear) against its
/// arithmetic written channel by channel: the two rows blended once into a buffer, each pixel interpolated in it at
/// a 16.16 fixed-point position, transparent samples skipped, then source-over or additive with the store's
/// rounding. The row loop moved into a function of its own so that its SSE2 loads and stores are inlined
/// (docs/BENCHMARKS.md, "lottie", sixteenth round); the pixels must be the ones this reference gives.
struct AxisAlignedBilinearRowTests {
    /// A small deterministic generator (the test needs no particular distribution).
    struct Mixer {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Float { Float(next() >> 40) / Float(1 << 24) }
        mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    static func byte(_ c: Float) -> UInt8 { UInt8(Swift.min(Swift.max(c, 0), 255) + 0.5) }

    /// The row as the fast path computes it, or nil where the fast path's guard sends it to the general loop.
    static func reference(plane: TexelPlane, texels: [UInt8], dst: [UInt8], x0: Int, x1: Int, u: Float, v: Float,
                          du: Float, color: SIMD4<Float>, additive: Bool) -> [UInt8]? {
        let n = x1 - x0
        let fy = v * plane.scaleY - 0.5
        let iy = TexelPlane.floorIndex(fy)
        let ty = fy - Float(iy)
        let y0 = min(max(iy, plane.minY), plane.maxY), y1 = min(max(iy + 1, plane.minY), plane.maxY)
        let fa = u * plane.scaleX - 0.5, fb = (u + du * Float(n - 1)) * plane.scaleX - 0.5
        let lo = TexelPlane.floorIndex(min(fa, fb))
        let count = TexelPlane.floorIndex(max(fa, fb)) + 3 - lo
        let one = 65536.0
        let f0 = max(0, ((Double(fa) - Double(lo)) * one).rounded(.down)), step = (Double(du * plane.scaleX) * one).rounded()
        let f1 = f0 + step * Double(n - 1)
        guard count <= 4096, n >= 4, f1 >= 0, max(f0, f1) < Double(count - 1) * one else { return nil }
        func texel(_ x: Int, _ y: Int, _ c: Int) -> Float { Float(texels[y * plane.rowBytes + 4 * x + c]) }
        var tmp = [[Float]](repeating: [0, 0, 0, 0], count: count)
        for k in 0..<count {
            let x = min(max(lo + k, plane.minX), plane.maxX)
            for c in 0..<4 {
                let a = texel(x, y0, c), b = texel(x, y1, c)
                tmp[k][c] = a + (b - a) * ty
            }
        }
        var out = dst
        var f = Int(f0)
        for x in x0..<x1 {
            let i = f >> 16
            let tx = Float(f & 0xFFFF) * (1 / 65536)
            f += Int(step)
            var s: [Float] = [0, 0, 0, 0]
            for c in 0..<4 { s[c] = tmp[i][c] + (tmp[i + 1][c] - tmp[i][c]) * tx }
            if s == [0, 0, 0, 0] { continue }
            for c in 0..<4 { s[c] *= color[c] }
            let keep: Float = additive ? 1 : 1 - s[3] * (1 / 255)
            for c in 0..<4 {
                let d = Float(out[4 * x + c])
                out[4 * x + c] = byte(additive ? s[c] + d : s[c] + d * keep)
            }
        }
        return out
    }

    @Test func rowsMatchTheChannelByChannelArithmetic() {
        var g = Mixer(state: 16)
        var compared = 0
        for trial in 0..<600 {
            let tw = 1 + g.int(40), th = 1 + g.int(6)
            // Premultiplied texels, some transparent runs (the skipped samples).
            var texels = [UInt8](repeating: 0, count: 4 * tw * th)
            for p in 0..<(tw * th) where g.int(4) != 0 {
                let a = UInt8(g.int(256))
                texels[4 * p + 3] = a
                for c in 0..<3 { texels[4 * p + c] = UInt8(g.int(Int(a) + 1)) }
            }
            let width = 4 + g.int(60)
            let dst = (0..<(4 * width)).map { _ in UInt8(g.int(256)) }
            let x0 = g.int(width - 3), x1 = x0 + 4 + g.int(width - x0 - 3)
            let minX = g.int(tw), maxX = minX + g.int(tw - minX)
            let minY = g.int(th), maxY = minY + g.int(th - minY)
            let u = Float(g.int(tw * 2)) * 0.5 + g.unit() * 2 - 1
            let v = g.unit() * Float(th + 2) - 1
            // Magnified, minified and mirrored steps; opaque and translucent colors.
            let du = (g.unit() * 2 - 0.5) * Float(trial % 3 == 0 ? 1 : 0.25)
            let color = trial % 2 == 0 ? SIMD4<Float>(repeating: 1) : SIMD4(g.unit(), g.unit(), g.unit(), g.unit())
            let additive = trial % 5 == 0
            texels.withUnsafeBufferPointer { t in
                let plane = TexelPlane(base: t.baseAddress!, rowBytes: 4 * tw, scaleX: 1, scaleY: 1,
                                       minX: minX, maxX: maxX, minY: minY, maxY: maxY)
                guard let expected = Self.reference(plane: plane, texels: texels, dst: dst, x0: x0, x1: x1, u: u, v: v,
                                                    du: du, color: color, additive: additive) else { return }
                var got = dst
                got.withUnsafeMutableBufferPointer { row in
                    let sampler = BilinearSampler(plane: plane)
                    if additive {
                        sampler.blendAxisAlignedInterior(Additive.self, row: row.baseAddress!, x0: x0, x1: x1, u: u, v: v, du: du, color: color)
                    } else {
                        sampler.blendAxisAlignedInterior(SourceOver.self, row: row.baseAddress!, x0: x0, x1: x1, u: u, v: v, du: du, color: color)
                    }
                }
                #expect(got == expected, "trial \(trial)")
                compared += 1
            }
        }
        // Most trials take the fast path (the others go to the general loop, not this test's subject).
        #expect(compared > 300)
    }
}
