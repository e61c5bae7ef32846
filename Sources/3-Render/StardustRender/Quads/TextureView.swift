import StardustCore
#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// One mip level of a texture as raw premultiplied RGBA8 rows.
struct TexelLevel {
    let base: UnsafePointer<UInt8>
    let width: Int
    let height: Int
}

/// A texture's mip chain as raw pointers, valid while the texture lives.
///
/// ``Texture`` is immutable (its `levels` is a `let` of never-mutated
/// arrays), so the storage addresses are stable for the texture's lifetime;
/// the view keeps the texture alive. Built once per command in the prepare
/// phase, read by every band.
struct TextureView: @unchecked Sendable {
    let texture: Texture
    let levels: [TexelLevel]

    /// `nil` for an empty (0-pixel) texture, which draws nothing.
    init?(_ texture: Texture) {
        guard texture.width > 0, texture.height > 0 else { return nil }
        self.texture = texture
        levels = texture.levels.map { img in
            TexelLevel(base: img.pixels.withUnsafeBufferPointer { $0.baseAddress! }, width: img.width, height: img.height)
        }
    }

    var width: Int { levels[0].width }
    var height: Int { levels[0].height }

    /// The texel-clamped plane of level `k` restricted to `contentsRect` (a unit rectangle).
    func plane(_ k: Int, contentsRect cr: Rect) -> TexelPlane {
        let l = levels[k]
        func span(_ lo: Double, _ hi: Double, _ n: Int) -> (Int, Int) {
            let a = Int(max(0, min(Double(n - 1), (lo * Double(n)).rounded(.down))))
            let b = Int(max(Double(a), min(Double(n - 1), (hi * Double(n)).rounded(.up) - 1)))
            return (a, b)
        }
        let (x0, x1) = span(cr.minX, cr.maxX, l.width)
        let (y0, y1) = span(cr.minY, cr.maxY, l.height)
        return TexelPlane(base: l.base, rowBytes: 4 * l.width,
                          scaleX: Float(l.width) / Float(width), scaleY: Float(l.height) / Float(height),
                          minX: x0, maxX: x1, minY: y0, maxY: y1)
    }
}

/// A mip level ready for sampling: level-0 texel coordinates are scaled by
/// `scaleX`, `scaleY` into the level, and texel indices clamp to
/// `minX…maxX`, `minY…maxY` (the `contentsRect` region, clamp-to-edge).
struct TexelPlane {
    let base: UnsafePointer<UInt8>
    let rowBytes: Int
    let scaleX: Float, scaleY: Float
    let minX: Int, maxX: Int, minY: Int, maxY: Int

    /// The texel at `(x, y)` as floats 0…255 (premultiplied).
    /// `(x, y)` is a texel of the level (callers clamp to the region), so the offset cannot
    /// overflow: wrapping arithmetic keeps overflow checks out of the sampling loops.
    @inline(__always) func texel(_ x: Int, _ y: Int) -> SIMD4<Float> {
        let p = base + (y &* rowBytes &+ 4 &* x)
        return SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
    }

    /// `⌊c⌋` for `c` clamped to `-4…1e7` (a safe range for integer conversion).
    /// Truncation of the shifted, non-negative value avoids a `floorf` call.
    /// A NaN `c` gives −4 (callers clamp indices to the region).
    @inline(__always) static func floorIndex(_ c: Float) -> Int {
        truncatedIndex(clamp(c, -4, 1.0e7) + 4) &- 4
    }

    /// `min(max(x, lo), hi)`, with a NaN `x` giving `lo` (on x86-64: `maxss`, then `minss`).
    @inline(__always) static func clamp(_ x: Float, _ lo: Float, _ hi: Float) -> Float {
        #if arch(x86_64)
        // `maxss` returns its second operand when the first is NaN.
        return _mm_cvtss_f32(_mm_min_ss(_mm_max_ss(_mm_set_ss(x), _mm_set_ss(lo)), _mm_set_ss(hi)))
        #else
        return x >= lo ? Swift.min(x, hi) : lo
        #endif
    }

    /// `Int(x)` for `x` in `[0, 2³¹)` — a texel position already clamped with ``clamp(_:_:_:)`` —
    /// without the checked conversion's range and NaN tests (on x86-64 one `cvttss2si`, as the
    /// former `-Ounchecked` build emitted).
    @inline(__always) static func truncatedIndex(_ x: Float) -> Int {
        #if arch(x86_64)
        return Int(_mm_cvttss_si32(_mm_set_ss(x)))
        #else
        return Int(x)
        #endif
    }
}
