import StardustCore

/// Which texels of a plane a sampler sees: every one (an image, ``AllTexels``), or only those of one
/// dust layer (``LayerMask``), the others read as transparent. The samplers are generic over it so
/// that a masked layer is filtered by the very code that filters an image holding just its texels
/// (the same bytes); for ``AllTexels`` the test folds away.
protocol TexelSelection {
    /// Whether texel `(x, y)` of level 0 (in range) is seen.
    func keeps(_ x: Int, _ y: Int) -> Bool
}

/// Every texel: a plain image.
struct AllTexels: TexelSelection {
    @inline(__always) func keeps(_ x: Int, _ y: Int) -> Bool { true }
}

extension TexelPlane {
    /// The texel at `(x, y)` when `selection` keeps it, else transparent.
    @inline(__always) func texel<S: TexelSelection>(_ x: Int, _ y: Int, _ selection: S) -> SIMD4<Float> {
        selection.keeps(x, y) ? texel(x, y) : .zero
    }
}

/// Nearest sampling of an image.
typealias NearestSampler = SelectiveNearestSampler<AllTexels>
/// Bilinear sampling of an image.
typealias BilinearSampler = SelectiveBilinearSampler<AllTexels>

extension SelectiveNearestSampler where Selection == AllTexels {
    init(plane: TexelPlane) { self.init(plane: plane, selection: AllTexels()) }
}

extension SelectiveBilinearSampler where Selection == AllTexels {
    init(plane: TexelPlane) { self.init(plane: plane, selection: AllTexels()) }
}

/// The texel containing the point (transparent when not selected).
struct SelectiveNearestSampler<Selection: TexelSelection>: TexelSampler {
    let plane: TexelPlane
    let selection: Selection
    @inline(__always) func sample(_ u: Float, _ v: Float) -> SIMD4<Float> {
        let x = min(max(TexelPlane.floorIndex(u * plane.scaleX), plane.minX), plane.maxX)
        let y = min(max(TexelPlane.floorIndex(v * plane.scaleY), plane.minY), plane.maxY)
        return plane.texel(x, y, selection)
    }
}

/// Bilinear interpolation between the four texel centers around the point, clamped to the region's edge texels
/// (texels not selected count as transparent).
struct SelectiveBilinearSampler<Selection: TexelSelection>: TexelSampler {
    let plane: TexelPlane
    let selection: Selection
    @inline(__always) func sample(_ u: Float, _ v: Float) -> SIMD4<Float> {
        let fx = u * plane.scaleX - 0.5, fy = v * plane.scaleY - 0.5
        let ix = TexelPlane.floorIndex(fx), iy = TexelPlane.floorIndex(fy)
        let tx = fx - Float(ix), ty = fy - Float(iy)
        let x0 = min(max(ix, plane.minX), plane.maxX), x1 = min(max(ix + 1, plane.minX), plane.maxX)
        let y0 = min(max(iy, plane.minY), plane.maxY), y1 = min(max(iy + 1, plane.minY), plane.maxY)
        let p00 = plane.texel(x0, y0, selection), p10 = plane.texel(x1, y0, selection)
        let p01 = plane.texel(x0, y1, selection), p11 = plane.texel(x1, y1, selection)
        let top = p00 + (p10 - p00) * tx
        let bottom = p01 + (p11 - p01) * tx
        return top + (bottom - top) * ty
    }

    /// Interior spans: where both neighbouring texel columns and rows lie inside the region
    /// no clamp is needed, so the middle of the span steps `(u, v)` in 16.16 fixed point
    /// and indexes the bytes directly; its ends (near the region's edge) sample with clamps.
    @inline(__always)
    func blendInterior<B: PixelBlend>(_ blend: B.Type, row: UnsafeMutablePointer<UInt8>, x0: Int, x1: Int,
                                      u: Float, v: Float, du: Float, dv: Float, color: SIMD4<Float>) {
        let n = x1 - x0
        if n <= 0 { return }
        // Level texel position minus ½ at pixel x0 + k: a + b·k.
        let ax = u * plane.scaleX - 0.5, bx = du * plane.scaleX
        let ay = v * plane.scaleY - 0.5, by = dv * plane.scaleY
        var klo: Float = 0, khi = Float(n)
        QuadRasterizer.narrow(&klo, &khi, ax, QuadRasterizer.reciprocal(bx), Float(plane.minX), Float(plane.maxX))
        QuadRasterizer.narrow(&klo, &khi, ay, QuadRasterizer.reciprocal(by), Float(plane.minY), Float(plane.maxY))
        var ks = n, ke = n
        if klo < khi {
            ks = min(n, max(0, Int(klo.rounded(.down)) + 1))
            ke = max(ks, min(n, Int(khi.rounded(.down))))
        }
        let one = 65536.0
        let fx0 = ((Double(ax) + Double(bx) * Double(ks)) * one).rounded(.down), sx = (Double(bx) * one).rounded()
        let fy0 = ((Double(ay) + Double(by) * Double(ks)) * one).rounded(.down), sy = (Double(by) * one).rounded()
        let m = Double(max(0, ke - ks - 1))
        let lox = Double(plane.minX) * one, hix = Double(plane.maxX) * one, loy = Double(plane.minY) * one, hiy = Double(plane.maxY) * one
        if ke > ks && min(fx0, fx0 + sx * m) >= lox && max(fx0, fx0 + sx * m) < hix
            && min(fy0, fy0 + sy * m) >= loy && max(fy0, fy0 + sy * m) < hiy {
            clampedSpan(blend, row: row, x0: x0, from: 0, to: ks, u: u, v: v, du: du, dv: dv, color: color)
            // Positions are proven inside the region above: wrapping index math, no per-pixel overflow checks.
            var f = FastConversions.truncate(fx0), g = FastConversions.truncate(fy0)
            let df = FastConversions.truncate(sx), dg = FastConversions.truncate(sy)
            let rb = plane.rowBytes
            for k in ks..<ke {
                let ix = f >> 16, iy = g >> 16
                let p = plane.base + (iy &* rb &+ 4 &* ix)
                let tx = Float(f & 0xFFFF) * (1 / 65536), ty = Float(g & 0xFFFF) * (1 / 65536)
                f &+= df; g &+= dg
                var p00 = SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
                var p10 = SIMD4<Float>(Float(p[4]), Float(p[5]), Float(p[6]), Float(p[7]))
                let q = p + rb
                var p01 = SIMD4<Float>(Float(q[0]), Float(q[1]), Float(q[2]), Float(q[3]))
                var p11 = SIMD4<Float>(Float(q[4]), Float(q[5]), Float(q[6]), Float(q[7]))
                if !selection.keeps(ix, iy) { p00 = .zero }
                if !selection.keeps(ix &+ 1, iy) { p10 = .zero }
                if !selection.keeps(ix, iy &+ 1) { p01 = .zero }
                if !selection.keeps(ix &+ 1, iy &+ 1) { p11 = .zero }
                let top = p00 + (p10 - p00) * tx
                let bottom = p01 + (p11 - p01) * tx
                let s = top + (bottom - top) * ty
                if QuadRasterizer.isZero(s) { continue }
                B.blend(s * color, into: row + 4 &* (x0 &+ k))
            }
            clampedSpan(blend, row: row, x0: x0, from: ke, to: n, u: u, v: v, du: du, dv: dv, color: color)
        } else {
            clampedSpan(blend, row: row, x0: x0, from: 0, to: n, u: u, v: v, du: du, dv: dv, color: color)
        }
    }

    /// Pixels `x0 + k` for `k` in `from ..< to`, sampled with clamping.
    @inline(__always)
    private func clampedSpan<B: PixelBlend>(_ blend: B.Type, row: UnsafeMutablePointer<UInt8>, x0: Int, from: Int, to: Int,
                                            u: Float, v: Float, du: Float, dv: Float, color: SIMD4<Float>) {
        for k in from..<to {
            let s = sample(u + du * Float(k), v + dv * Float(k))
            if QuadRasterizer.isZero(s) { continue }
            B.blend(s * color, into: row + 4 &* (x0 &+ k))
        }
    }

    /// For an axis-aligned row the vertical interpolation is the same for every pixel: the
    /// two source rows are blended once over the texel columns the row needs (a small stack
    /// buffer), then each pixel interpolates horizontally in that blended row. Same result
    /// as ``sample(_:_:)`` up to float rounding (the two lerps are applied in the other order).
    @inline(__always)
    func blendAxisAlignedInterior<B: PixelBlend>(_ blend: B.Type, row: UnsafeMutablePointer<UInt8>, x0: Int, x1: Int,
                                                 u: Float, v: Float, du: Float, color: SIMD4<Float>) {
        let n = x1 - x0
        if n <= 0 { return }
        let fy = v * plane.scaleY - 0.5
        let iy = TexelPlane.floorIndex(fy)
        let ty = fy - Float(iy)
        let y0 = min(max(iy, plane.minY), plane.maxY), y1 = min(max(iy + 1, plane.minY), plane.maxY)
        let fa = u * plane.scaleX - 0.5, fb = (u + du * Float(n - 1)) * plane.scaleX - 0.5
        // Texel columns lo ... lo + count − 1 (unclamped indices, clamped texels), one spare for rounding.
        let lo = TexelPlane.floorIndex(min(fa, fb))
        let count = TexelPlane.floorIndex(max(fa, fb)) + 3 - lo
        // 16.16 fixed-point position in the blended row and its step.
        let one = 65536.0
        let f0 = max(0, ((Double(fa) - Double(lo)) * one).rounded(.down)), step = (Double(du * plane.scaleX) * one).rounded()
        let f1 = f0 + step * Double(n - 1)
        // Rows needing more than 4096 texels (a minified huge image) take the general loop.
        guard count <= 4096, n >= 4, f1 >= 0, max(f0, f1) < Double(count - 1) * one else {
            blendInterior(blend, row: row, x0: x0, x1: x1, u: u, v: v, du: du, dv: 0, color: color)
            return
        }
        withUnsafeTemporaryAllocation(of: SIMD4<Float>.self, capacity: count) { tmp in
            blendRow(blend, through: tmp.baseAddress!, row: row, x0: x0, x1: x1, lo: lo, count: count, y0: y0, y1: y1,
                     ty: ty, f: Int(f0), df: Int(step), color: color)
        }
    }

    /// The body of ``blendAxisAlignedInterior(_:row:x0:x1:u:v:du:color:)`` with its stack buffer `t` (`count`
    /// texels): the two rows blended into `t`, then each pixel interpolated in it and blended.
    ///
    /// A function of its own, not inlined into the buffer's closure: the SSE2 intrinsics of the pixel loads and
    /// stores (``pixelFloats(_:)``, ``pixelBytes(_:)``) were not inlined into that closure's specializations, and
    /// each pixel made nine calls (docs/BENCHMARKS.md, "lottie", sixteenth round). Here they are inlined.
    @inline(never)
    private func blendRow<B: PixelBlend>(_ blend: B.Type, through t: UnsafeMutablePointer<SIMD4<Float>>,
                                         row: UnsafeMutablePointer<UInt8>, x0: Int, x1: Int, lo: Int, count: Int,
                                         y0: Int, y1: Int, ty: Float, f: Int, df: Int, color: SIMD4<Float>) {
        for k in 0..<count {
            let x = min(max(lo + k, plane.minX), plane.maxX)
            let a = plane.texel(x, y0, selection), c = plane.texel(x, y1, selection)
            t[k] = a + (c - a) * ty
        }
        var f = f
        for x in x0..<x1 {
            let i = f >> 16
            let tx = Float(f & 0xFFFF) * (1 / 65536)
            f &+= df
            let a = t[i], c = t[i + 1]
            let s = a + (c - a) * tx
            if QuadRasterizer.isZero(s) { continue }
            B.blend(s * color, into: row + 4 &* x)
        }
    }
}

/// Bilinear in two adjacent mip levels, blended by `weight` (0 = `fine` only).
struct TrilinearSampler: TexelSampler {
    let fine: BilinearSampler
    let coarse: BilinearSampler
    let weight: Float
    @inline(__always) func sample(_ u: Float, _ v: Float) -> SIMD4<Float> {
        let a = fine.sample(u, v), b = coarse.sample(u, v)
        return a + (b - a) * weight
    }
}
