import Foundation
import StardustCore
#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// A `Paint` resolved for device pixels: a solid premultiplied color or a
/// gradient evaluated at pixel centers.
///
/// Gradients are evaluated in the path's local space: the device pixel
/// center is mapped back through the inverse of `deviceFromLocal`, its
/// gradient parameter `t` computed (projection on start→end for linear,
/// distance from the center over the radius for radial — per axis for an
/// elliptical one —, the angle from the start direction over a full turn for
/// conic), clamped to 0…1
/// (pad) and looked up in a 1024-entry ramp whose colors are interpolated
/// between stops in premultiplied space. Opacity is folded into every color.
/// A linear gradient with `start == end`, a radial one with a radius ≤ 0 or
/// a non-invertible transform paints the last stop everywhere.
///
/// Precision (docs/DRAWING.md, "Gradients"): no dithering; colors
/// stay in Float until the compositor rounds to the nearest 8-bit value, and the
/// ramp's resolution (1/1023) moves a two-stop full-range gradient by at most 1/8 of
/// an 8-bit level, so an 8-bit output steps by one level at a time in bands as wide
/// as the gradient's slope allows (± about one ramp entry).
/// Shading costs O(1) per pixel; building the ramp O(1024 + stops), once per stops and opacity while
/// ``GradientRampCache`` holds it.
public struct PaintShader: Sendable {
    enum Kind: Sendable { case solid, linear, radial, conic }
    let kind: Kind
    /// The premultiplied color (with opacity) of a solid paint.
    public let solidColor: SIMD4<Float>
    let ramp: [SIMD4<Float>]
    // t (linear) or the gradient-space point (radial) as an affine function of the device pixel center.
    let ax: Double, ay: Double, a0: Double
    let bx: Double, by: Double, b0: Double

    /// Whether every color the shader produces has alpha exactly 1 (so source-over at full
    /// coverage replaces the pixel: see ``shadeOpaquePixels(y:x0:count:into:)``).
    public let isOpaque: Bool
    /// The ramp (or the solid color) as packed RGBA8 bytes, filled only when ``isOpaque``.
    let rampPixels: [UInt32]
    let solidPixel: UInt32
    /// A translucent ramp's source-over at full coverage, per entry (``FullCoverageRamp``); empty otherwise.
    let rampAtFullCoverage: FullCoverageRamp
    /// For a gradient, its ramp's ``GradientRamp/transparentSquaredRadius(_:)`` (a radial gradient's span kernel reads
    /// it); 1 otherwise.
    let rampTransparentSquaredRadius: Double

    /// The number of ramp entries.
    public static let rampSize = 1024

    /// Whether every pixel gets ``solidColor``.
    public var isSolid: Bool { kind == .solid }

    /// Resolves `paint` (defined in a path's local space) for device pixels.
    /// - Parameters:
    ///   - paint: the color or gradient to resolve; gradient geometry is in the path's local space.
    ///   - opacity: multiplies every color; clamped to 0…1.
    ///   - deviceFromLocal: maps the path's local space to device pixels (gradients are inverted through it).
    public init(paint: Paint, opacity: Double = 1, deviceFromLocal: Transform2D = .identity) {
        let op = Float(opacity.isNaN ? 0 : min(max(opacity, 0), 1))
        var ax = 0.0, ay = 0.0, a0 = 0.0, bx = 0.0, by = 0.0, b0 = 0.0
        // A gradient's ramp, its opacity and packed bytes come from the cache (docs/RENDERER.md, "Gradient ramp cache").
        var gradient: GradientRamp? = nil
        switch paint {
        case .color(let c):
            kind = .solid; solidColor = PaintShader.finite(c) * op; ramp = []
        case .linearGradient(let start, let end, let stops):
            let v = end - start, len2 = v.dot(v)
            guard let inv = deviceFromLocal.inverted(), len2 > 0, len2.isFinite, !stops.isEmpty else {
                kind = .solid; solidColor = PaintShader.lastColor(stops) * op; ramp = []; break
            }
            // t = ((inv·p) − start)·v / |v|²
            ax = (inv.a * v.x + inv.b * v.y) / len2
            ay = (inv.c * v.x + inv.d * v.y) / len2
            a0 = ((inv.tx - start.x) * v.x + (inv.ty - start.y) * v.y) / len2
            kind = .linear; solidColor = .zero; gradient = GradientRampCache.shared.ramp(stops, opacity: op); ramp = gradient!.colors
        case .radialGradient(let center, let radius, let stops):
            guard let inv = deviceFromLocal.inverted(), radius > 0, radius.isFinite, !stops.isEmpty else {
                kind = .solid; solidColor = PaintShader.lastColor(stops) * op; ramp = []; break
            }
            // q = ((inv·p) − center) / radius; t = |q|
            let k = 1 / radius
            ax = inv.a * k; ay = inv.c * k; a0 = (inv.tx - center.x) * k
            bx = inv.b * k; by = inv.d * k; b0 = (inv.ty - center.y) * k
            kind = .radial; solidColor = .zero; gradient = GradientRampCache.shared.ramp(stops, opacity: op); ramp = gradient!.colors
        case .ellipticalGradient(let center, let rx, let ry, let stops):
            guard let inv = deviceFromLocal.inverted(), rx > 0, ry > 0, rx.isFinite, ry.isFinite, !stops.isEmpty else {
                kind = .solid; solidColor = PaintShader.lastColor(stops) * op; ramp = []; break
            }
            // q = (((inv·p) − center).x / rx, ((inv·p) − center).y / ry); t = |q|
            let kx = 1 / rx, ky = 1 / ry
            ax = inv.a * kx; ay = inv.c * kx; a0 = (inv.tx - center.x) * kx
            bx = inv.b * ky; by = inv.d * ky; b0 = (inv.ty - center.y) * ky
            kind = .radial; solidColor = .zero; gradient = GradientRampCache.shared.ramp(stops, opacity: op); ramp = gradient!.colors
        case .conicGradient(let center, let startAngle, let stops):
            guard let inv = deviceFromLocal.inverted(), startAngle.isFinite, !stops.isEmpty else {
                kind = .solid; solidColor = PaintShader.lastColor(stops) * op; ramp = []; break
            }
            // q = R(−startAngle)·((inv·p) − center); t = atan2(q.y, q.x) / 2π, wrapped into [0, 1)
            let c = cos(startAngle), s = sin(startAngle)
            let ux = inv.a, uy = inv.c, u0 = inv.tx - center.x
            let vx = inv.b, vy = inv.d, v0 = inv.ty - center.y
            ax = c * ux + s * vx; ay = c * uy + s * vy; a0 = c * u0 + s * v0
            bx = c * vx - s * ux; by = c * vy - s * uy; b0 = c * v0 - s * u0
            kind = .conic; solidColor = .zero; gradient = GradientRampCache.shared.ramp(stops, opacity: op); ramp = gradient!.colors
        }
        self.ax = ax; self.ay = ay; self.a0 = a0; self.bx = bx; self.by = by; self.b0 = b0
        isOpaque = gradient?.isOpaque ?? (solidColor.w == 1)
        solidPixel = PaintShader.pack(solidColor)
        rampPixels = gradient?.pixels ?? []
        rampAtFullCoverage = gradient?.fullCoverage ?? FullCoverageRamp()
        rampTransparentSquaredRadius = gradient?.transparentSquaredRadius ?? 1
    }

    /// Premultiplied 0…1 color → RGBA8 bytes in memory order, rounded exactly as
    /// `SpanCompositor` rounds an opaque source at full coverage.
    @inline(__always) static func pack(_ c: SIMD4<Float>) -> UInt32 {
        let r = (c * 255).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255)) + 0.5
        let v = UInt32(UInt8(r.x)) | UInt32(UInt8(r.y)) << 8 | UInt32(UInt8(r.z)) << 16 | UInt32(UInt8(r.w)) << 24
        return v.littleEndian
    }

    /// For an opaque shader (``isOpaque``), writes the final RGBA8 bytes of pixels
    /// `x0 ..< x0 + count` of row `y` at full coverage: what source-over would
    /// produce over any background, bit for bit. `out` is the first pixel's byte.
    /// A vertical linear gradient or a solid color fills the span with one value.
    public func shadeOpaquePixels(y: Int, x0: Int, count: Int, into out: UnsafeMutableRawPointer) {
        shadeOpaquePixels(y: y, x0: x0, count: count, into: out, kernel: true)
    }

    /// ``shadeOpaquePixels(y:x0:count:into:)``; with `kernel` false, without the AVX2 kernel (for the tests).
    func shadeOpaquePixels(y: Int, x0: Int, count: Int, into out: UnsafeMutableRawPointer, kernel: Bool) {
        guard count > 0 else { return }
        let last = Double(PaintShader.rampSize - 1)
        let py = Double(y) + 0.5
        switch kind {
        case .solid:
            let v = solidPixel
            for i in 0..<count { out.storeBytes(of: v, toByteOffset: 4 * i, as: UInt32.self) }
        case .linear, .radial:
            rampPixels.withUnsafeBufferPointer { r in
                if kind == .linear && ax == 0 {  // a vertical gradient: one value per row
                    let v = r[PaintShader.linearIndex(0, 0, ay * py + a0)]
                    for i in 0..<count { out.storeBytes(of: v, toByteOffset: 4 * i, as: UInt32.self) }
                    return
                }
                // Whole blocks of eight to the AVX2 kernel first where it is chosen (docs/RENDERER.md, "Eight-pixel AVX2
                // span kernels"): each pixel's entry comes from its own centre by the same operations, so the loop
                // gives the pixels it leaves the bytes it would give them anyway.
                let done = kernel && r.count == PaintShader.rampSize
                    ? OpaqueRampKernel.run(out, x0: x0, count: count, packed: r.baseAddress!, radial: kind == .radial,
                                           ax, ay * py + a0, bx, by * py + b0) : 0
                let rest = out + 4 &* done
                forEachRampIndex(y: y, x0: x0 &+ done, count: count &- done,
                                 four: { i, k in PaintShader.store(k, r, rest + 4 &* i) },
                                 one: { i, k in rest.storeBytes(of: r[k], toByteOffset: 4 &* i, as: UInt32.self) })
            }
        case .conic:
            let rowA = ay * py + a0, rowB = by * py + b0
            rampPixels.withUnsafeBufferPointer { r in
                for i in 0..<count {
                    let pxc = Double(x0 + i) + 0.5
                    let t = PaintShader.turn(ax * pxc + rowA, bx * pxc + rowB)
                    out.storeBytes(of: r[Int(t * last + 0.5)], toByteOffset: 4 * i, as: UInt32.self)
                }
            }
        }
    }

    /// The angle of (x, y) from the +x axis towards +y as a fraction of a turn in [0, 1] (NaN becomes 0),
    /// by ``TurnApproximation`` (a polynomial within 4·10⁻⁸ of a turn, instead of `atan2`).
    @inline(__always) static func turn(_ x: Double, _ y: Double) -> Double {
        TurnApproximation.turn(x, y)
    }

    /// Writes the colors of pixels `x0 ..< x0 + count` of row `y` (premultiplied, 0…1).
    /// Each value depends only on `(x, y)`, never on the span, so bands agree bit for bit.
    public func shade(y: Int, x0: Int, count: Int, into out: UnsafeMutablePointer<SIMD4<Float>>) {
        guard count > 0 else { return }
        let py = Double(y) + 0.5
        switch kind {
        case .solid:
            out.update(repeating: solidColor, count: count)
        case .linear, .radial:
            ramp.withUnsafeBufferPointer { r in
                forEachRampIndex(y: y, x0: x0, count: count,
                                 four: { i, k in out[i] = r[k.0]; out[i &+ 1] = r[k.1]; out[i &+ 2] = r[k.2]; out[i &+ 3] = r[k.3] },
                                 one: { i, k in out[i] = r[k] })
            }
        case .conic:
            let rowA = ay * py + a0, rowB = by * py + b0
            let last = Double(PaintShader.rampSize - 1)
            ramp.withUnsafeBufferPointer { r in
                for i in 0..<count {
                    let px = Double(x0 + i) + 0.5
                    out[i] = r[Int(PaintShader.turn(ax * px + rowA, bx * px + rowB) * last + 0.5)]
                }
            }
        }
    }

    /// Visits the ramp indices of pixels `x0 ..< x0 + count` of row `y` of a linear or radial shader: `four(i, k)`
    /// for each block of four pixels from `i` (``shadeLinear(_:_:_:)``, ``shadeRadial(_:_:_:_:_:)``), then `one(i, k)`
    /// for each pixel left (``linearIndex(_:_:_:)``, ``radialIndex(_:_:_:_:_:)``: the same arithmetic one lane at a
    /// time). ``shade(y:x0:count:into:)`` and ``shadeOpaquePixels(y:x0:count:into:)`` differ only in what they write.
    @inline(__always) func forEachRampIndex(y: Int, x0: Int, count: Int, four: (Int, (Int, Int, Int, Int)) -> Void,
                                            one: (Int, Int) -> Void) {
        let py = Double(y) + 0.5
        let rowA = ay * py + a0, rowB = by * py + b0
        // One loop per kind, chosen once per span rather than per block.
        if kind == .radial {
            let ax = ax, bx = bx
            PaintShader.walk(x0: x0, count: count, four: { PaintShader.shadeRadial($0, ax, rowA, bx, rowB) },
                             one: { PaintShader.radialIndex($0, ax, rowA, bx, rowB) }, visitFour: four, visitOne: one)
        } else {
            let ax = ax
            PaintShader.walk(x0: x0, count: count, four: { PaintShader.shadeLinear($0, ax, rowA) },
                             one: { PaintShader.linearIndex($0, ax, rowA) }, visitFour: four, visitOne: one)
        }
    }

    /// The pixels `x0 ..< x0 + count` four at a time (`four` maps their centers to ramp indices), then one at a
    /// time (`one`), each block or pixel handed to `visitFour` or `visitOne` with its offset from `x0`.
    @inline(__always) static func walk(x0: Int, count: Int, four: (SIMD4<Double>) -> (Int, Int, Int, Int),
                                       one: (Double) -> Int, visitFour: (Int, (Int, Int, Int, Int)) -> Void,
                                       visitOne: (Int, Int) -> Void) {
        var i = 0
        while i &+ 4 <= count {
            visitFour(i, four(SIMD4<Double>(repeating: Double(x0 &+ i)) + centers))
            i &+= 4
        }
        while i < count {
            visitOne(i, one(Double(x0 + i) + 0.5))
            i &+= 1
        }
    }

    /// The ramp index of one pixel center `px` of a linear gradient's row: `t = ax·px + rowA` clamped to 0…1 (NaN
    /// to 0), then `Int(t·1023 + ½)`.
    @inline(__always) static func linearIndex(_ px: Double, _ ax: Double, _ rowA: Double) -> Int {
        let t = ax * px + rowA
        let c = t > 0 ? (t < 1 ? t : 1) : 0
        return Int(c * Double(rampSize - 1) + 0.5)
    }

    /// The ramp index of one pixel center `px` of a radial gradient's row: `t = √(qx² + qy²)` with
    /// `q = (ax·px + rowA, bx·px + rowB)`, `t` if below 1, else 1 if at least 1, else (NaN) 0, then `Int(t·1023 + ½)`.
    @inline(__always) static func radialIndex(_ px: Double, _ ax: Double, _ rowA: Double, _ bx: Double, _ rowB: Double) -> Int {
        let qx = ax * px + rowA, qy = bx * px + rowB
        let t = (qx * qx + qy * qy).squareRoot()
        let c = t < 1 ? t : (t >= 1 ? 1 : 0)
        return Int(c * Double(rampSize - 1) + 0.5)
    }

    /// The offsets of four consecutive pixel centers from the first pixel's left edge. `Double(x) + (k + ½)` is
    /// `Double(x + k) + ½` exactly for pixel columns (integers far below 2⁵²). A computed constant, not a stored
    /// `static let`: the stored one was a lazily initialized global, and every block of four pixels called
    /// `swift_once` to read it.
    @inline(__always) static var centers: SIMD4<Double> { SIMD4<Double>(0.5, 1.5, 2.5, 3.5) }

    /// The ramp indices of four pixel centers `px` of a linear gradient's row: per lane `t = ax·px + rowA`, clamped
    /// to 0…1 (NaN to 0), then `Int(t·1023 + ½)`, the scalar loop's operations in the same order, so the same doubles
    /// (IEEE multiplications, additions and square roots are exact per lane). The index lies in 0…1023, so the
    /// unchecked truncation (``FastConversions``) gives what `Int(_:)` gives.
    ///
    /// On x86-64 the clamps are SSE2 `minpd` (the second operand, 1, where `t` is not below it or is NaN) and a
    /// mask of `t > 0` (false for NaN): the same doubles without the per-lane branches the compiler makes of
    /// `replacing(with:where:)` (docs/BENCHMARKS.md, "lottie", fifteenth round).
    @inline(__always) static func shadeLinear(_ px: SIMD4<Double>, _ ax: Double, _ rowA: Double) -> (Int, Int, Int, Int) {
        let t = ax * px + rowA
        #if arch(x86_64)
        let one = _mm_set1_pd(1), zero = _mm_setzero_pd()
        let lo = t.lowHalf, hi = t.highHalf
        let cl = _mm_and_pd(_mm_min_pd(lo, one), _mm_cmpgt_pd(lo, zero))
        let ch = _mm_and_pd(_mm_min_pd(hi, one), _mm_cmpgt_pd(hi, zero))
        return indices(SIMD4(lowHalf: cl, highHalf: ch))
        #else
        var c = t.replacing(with: 1, where: .!(t .< 1))
        c.replace(with: 0, where: .!(t .> 0))
        return indices(c)
        #endif
    }

    /// The ramp indices of four pixel centers `px` of a radial gradient's row: per lane `q = (ax·px + rowA,
    /// bx·px + rowB)`, `t = √(qx² + qy²)`, `t` if below 1, else 1 if at least 1, else (NaN) 0, then `Int(t·1023 + ½)`,
    /// as the scalar loop computes them. On x86-64: `minpd` (1 where `t` is at least 1 or NaN), then NaN lanes
    /// cleared by the mask of ordered lanes (`cmpordpd`), branch-free as in ``shadeLinear(_:_:_:)``.
    @inline(__always) static func shadeRadial(_ px: SIMD4<Double>, _ ax: Double, _ rowA: Double,
                                              _ bx: Double, _ rowB: Double) -> (Int, Int, Int, Int) {
        let qx = ax * px + rowA, qy = bx * px + rowB
        let t = (qx * qx + qy * qy).squareRoot()
        #if arch(x86_64)
        let one = _mm_set1_pd(1)
        let lo = t.lowHalf, hi = t.highHalf
        let cl = _mm_and_pd(_mm_min_pd(lo, one), _mm_cmpord_pd(lo, lo))
        let ch = _mm_and_pd(_mm_min_pd(hi, one), _mm_cmpord_pd(hi, hi))
        return indices(SIMD4(lowHalf: cl, highHalf: ch))
        #else
        var c = t.replacing(with: 1, where: t .>= 1)
        c.replace(with: 0, where: .!(t .< 1) .& .!(t .>= 1))
        return indices(c)
        #endif
    }

    /// Writes the packed ramp entries `k` of four pixels to `out` (their first byte).
    @inline(__always) static func store(_ k: (Int, Int, Int, Int), _ r: UnsafeBufferPointer<UInt32>, _ out: UnsafeMutableRawPointer) {
        out.storeBytes(of: r[k.0], toByteOffset: 0, as: UInt32.self)
        out.storeBytes(of: r[k.1], toByteOffset: 4, as: UInt32.self)
        out.storeBytes(of: r[k.2], toByteOffset: 8, as: UInt32.self)
        out.storeBytes(of: r[k.3], toByteOffset: 12, as: UInt32.self)
    }

    /// `Int(c·1023 + ½)` per lane for `c` in 0…1.
    @inline(__always) static func indices(_ c: SIMD4<Double>) -> (Int, Int, Int, Int) {
        let v = c * Double(rampSize - 1) + 0.5
        return (FastConversions.truncate(v[0]), FastConversions.truncate(v[1]),
                FastConversions.truncate(v[2]), FastConversions.truncate(v[3]))
    }

    /// The premultiplied color with NaN components (from bad input) replaced by 0, so that nothing downstream traps.
    static func finite(_ c: Color) -> SIMD4<Float> {
        let p = c.premultiplied
        return p.replacing(with: 0, where: p .!= p)
    }

    static func lastColor(_ stops: [GradientStop]) -> SIMD4<Float> {
        sortedStops(stops).last.map { finite($0.color) } ?? .zero
    }

    static func sortedStops(_ stops: [GradientStop]) -> [GradientStop] {
        stops.map { GradientStop($0.location.isNaN ? 0 : min(max($0.location, 0), 1), $0.color) }
            .enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
    }

    /// The premultiplied colors at t = i / (rampSize − 1), with opacity.
    static func makeRamp(_ stops0: [GradientStop], opacity: Float) -> [SIMD4<Float>] {
        let stops = sortedStops(stops0)
        let colors = stops.map { finite($0.color) }
        let n = rampSize
        var ramp = [SIMD4<Float>](repeating: .zero, count: n)
        var k = 0
        for i in 0..<n {
            let t = Double(i) / Double(n - 1)
            var c: SIMD4<Float>
            if t <= stops[0].location { c = colors[0] } else if t >= stops[stops.count - 1].location { c = colors[stops.count - 1] } else {
                while k + 1 < stops.count && stops[k + 1].location <= t { k += 1 }
                let l0 = stops[k].location, l1 = stops[k + 1].location
                let f = Float((t - l0) / (l1 - l0))
                c = colors[k] + (colors[k + 1] - colors[k]) * f
            }
            ramp[i] = c * opacity
        }
        return ramp
    }
}

/// The ramp indices of a gradient's pixels on one row, for ``SpanCompositor``'s fused gradient loop: `four` for a block
/// of four pixel centers, `one` for a single center, each exactly what ``PaintShader/shade(y:x0:count:into:)`` uses
/// for the same pixels (a generic parameter, specialized: no existential per pixel).
protocol RampIndexer {
    func four(_ px: SIMD4<Double>) -> (Int, Int, Int, Int)
    func one(_ px: Double) -> Int
}

/// A linear gradient's row: ``PaintShader/shadeLinear(_:_:_:)`` and ``PaintShader/linearIndex(_:_:_:)``.
struct LinearRampIndexer: RampIndexer {
    let ax: Double, rowA: Double
    @inline(__always) func four(_ px: SIMD4<Double>) -> (Int, Int, Int, Int) { PaintShader.shadeLinear(px, ax, rowA) }
    @inline(__always) func one(_ px: Double) -> Int { PaintShader.linearIndex(px, ax, rowA) }
}

/// A radial or elliptical gradient's row: ``PaintShader/shadeRadial(_:_:_:_:_:)`` and ``PaintShader/radialIndex(_:_:_:_:_:)``.
struct RadialRampIndexer: RampIndexer {
    let ax: Double, rowA: Double, bx: Double, rowB: Double
    @inline(__always) func four(_ px: SIMD4<Double>) -> (Int, Int, Int, Int) { PaintShader.shadeRadial(px, ax, rowA, bx, rowB) }
    @inline(__always) func one(_ px: Double) -> Int { PaintShader.radialIndex(px, ax, rowA, bx, rowB) }
}

/// A conic gradient's row: one pixel at a time, as ``PaintShader/shade(y:x0:count:into:)`` shades it.
struct ConicRampIndexer: RampIndexer {
    let ax: Double, rowA: Double, bx: Double, rowB: Double
    @inline(__always) func four(_ px: SIMD4<Double>) -> (Int, Int, Int, Int) { (one(px[0]), one(px[1]), one(px[2]), one(px[3])) }
    @inline(__always) func one(_ px: Double) -> Int {
        Int(PaintShader.turn(ax * px + rowA, bx * px + rowB) * Double(PaintShader.rampSize - 1) + 0.5)
    }
}
