import StardustCore

/// Composites a band-local group buffer onto its parent.
enum GroupCompositor {
    /// For every pixel of `rect`: `dst = g·opacity + dst·(1 − αg·opacity)` (source-over).
    /// Fully transparent group pixels are skipped. Complexity: O(rect pixels).
    ///
    /// Four pixels at a time (``compositeRow(_:onto:count:opacity:)``); each pixel gets the numbers of
    /// ``compositePixel(_:onto:opacity:)``, the one-pixel loop this replaced (checked by `GroupCompositorTests`).
    static func composite(_ group: RenderTarget, onto parent: RenderTarget, rect: PixelRect, opacity: Float) {
        if rect.isEmpty || opacity <= 0 { return }
        for y in rect.y0..<rect.y1 {
            compositeRow(group.row(y) + 4 * rect.x0, onto: parent.row(y) + 4 * rect.x0, count: rect.x1 - rect.x0, opacity: opacity)
        }
    }

    /// One pixel: skipped when all four bytes are 0, else `SourceOver.blend(g·opacity)`.
    @inline(__always) static func compositePixel(_ p: UnsafeMutablePointer<UInt8>, onto q: UnsafeMutablePointer<UInt8>, opacity: Float) {
        if p[3] == 0 && p[0] == 0 && p[1] == 0 && p[2] == 0 { return }
        SourceOver.blend(loadPixel(p) * opacity, into: q)
    }

    /// `count` pixels from `src` over `dst`, as ``compositePixel(_:onto:opacity:)`` does each: eight at a time by the
    /// AVX2 kernel where it is chosen (``GroupRowKernel``, for an opacity in (0, 1]), then ``compositeQuads(_:onto:from:count:opacity:)``
    /// for the pixels it leaves (each pixel's bytes depend on its own pixels and the opacity alone, whichever block holds it).
    @inline(__always) static func compositeRow(_ src: UnsafeMutablePointer<UInt8>, onto dst: UnsafeMutablePointer<UInt8>,
                                               count: Int, opacity: Float) {
        let done = opacity > 0 && opacity <= 1 ? GroupRowKernel.sourceOver(src, onto: dst, count: count, opacity: opacity) : 0
        compositeQuads(src, onto: dst, from: done, count: count, opacity: opacity)
    }

    /// Pixels `from ..< count` from `src` over `dst`, as ``compositePixel(_:onto:opacity:)`` does each, four at a time:
    /// - four transparent pixels (16 zero bytes) are skipped;
    /// - at opacity 1, four opaque pixels (alpha 255) are copied: source-over then keeps `1 − 255·(1/255)` of the
    ///   destination, a factor within 2⁻²³ of 0, so the sum stays within 255·2⁻²³ of the source's integer and rounds
    ///   to it;
    /// - otherwise the four are blended together (``PixelQuad``): a transparent one among them gets `0 + d·1`,
    ///   which rounds back to `d`, what skipping it leaves.
    @inline(__always) static func compositeQuads(_ src: UnsafeMutablePointer<UInt8>, onto dst: UnsafeMutablePointer<UInt8>,
                                                 from: Int, count: Int, opacity: Float) {
        let alpha = UInt32(0xFF00_0000).littleEndian  // byte 3 of each pixel
        var i = from
        while i &+ 4 <= count {
            let p = src + 4 &* i, q = dst + 4 &* i
            let words = UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt32>.self)
            i &+= 4
            if words == .zero { continue }
            if opacity == 1 && laneBits((words & alpha) .== alpha) == 15 {
                UnsafeMutableRawPointer(q).storeBytes(of: words, as: SIMD4<UInt32>.self)
                continue
            }
            let s = PixelQuad(loading: p), d = PixelQuad(loading: q)
            PixelQuad(SourceOver.combine(s.p0 * opacity, over: d.p0), SourceOver.combine(s.p1 * opacity, over: d.p1),
                      SourceOver.combine(s.p2 * opacity, over: d.p2), SourceOver.combine(s.p3 * opacity, over: d.p3)).store(q)
        }
        while i < count {
            compositePixel(src + 4 &* i, onto: dst + 4 &* i, opacity: opacity)
            i &+= 1
        }
    }

    /// Sets the pixels of `rect` in `target` to transparent.
    static func clear(_ target: RenderTarget, rect: PixelRect) {
        if rect.isEmpty { return }
        for y in rect.y0..<rect.y1 {
            (target.row(y) + 4 * rect.x0).update(repeating: 0, count: 4 * (rect.x1 - rect.x0))
        }
    }
}
