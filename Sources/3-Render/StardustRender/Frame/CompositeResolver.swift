import StardustCore

/// The end of a composite group in one band (docs/DRAWING.md): mask, tint and shadow applied to the
/// group's buffer, then the buffer composited onto its parent. Buffers cover only the group's device
/// bounds within the band.
enum CompositeResolver {
    /// Multiplies every pixel of `content` by the coverage of the matching `mask` pixel.
    static func applyMask(_ mode: MaskMode, mask: RenderTarget, to content: RenderTarget, rect: PixelRect) {
        if rect.isEmpty { return }
        switch mode {
        case .alpha: applyAlpha(mask, content, rect, inverted: false)
        case .alphaInverted: applyAlpha(mask, content, rect, inverted: true)
        case .luminance: apply(mask, content, rect) { luminance($0) }
        case .luminanceInverted: apply(mask, content, rect) { 255 - luminance($0) }
        }
    }

    /// Rec. 709 luminance of a premultiplied pixel (0…255): luma × alpha.
    @inline(__always) static func luminance(_ p: SIMD4<Float>) -> Float {
        min(255, 0.2126 * p.x + 0.7152 * p.y + 0.0722 * p.z)
    }

    /// `content·coverage(mask)/255` over `rect`, four pixels at a time (``PixelQuad``) where the four content pixels
    /// are not all transparent and the four coverages not all full; a lane whose pixel is transparent or whose
    /// coverage is full keeps its value, which storing gives back (whole numbers 0…255), as ``applyPixel`` leaves it.
    @inline(__always)
    static func apply(_ mask: RenderTarget, _ content: RenderTarget, _ rect: PixelRect, _ coverage: (SIMD4<Float>) -> Float) {
        for y in rect.y0..<rect.y1 {
            let m = mask.row(y), c = content.row(y)
            var x = rect.x0
            while x &+ 4 <= rect.x1 {
                let q = c + 4 &* x
                let words = UnsafeRawPointer(q).loadUnaligned(as: SIMD4<UInt32>.self)
                if words == .zero { x &+= 4; continue }
                let mq = PixelQuad(loading: m + 4 &* x)
                let cov = SIMD4<Float>(coverage(mq.p0), coverage(mq.p1), coverage(mq.p2), coverage(mq.p3))
                x &+= 4
                let keep = (cov .>= 255) .| (words .== 0)
                if all(keep) { continue }
                let k = cov * (1 / 255)
                let d = PixelQuad(loading: q)
                PixelQuad(keep[0] ? d.p0 : d.p0 * k[0], keep[1] ? d.p1 : d.p1 * k[1],
                          keep[2] ? d.p2 : d.p2 * k[2], keep[3] ? d.p3 : d.p3 * k[3]).store(q)
            }
            while x < rect.x1 {
                applyPixel(m + 4 &* x, c + 4 &* x, coverage)
                x &+= 1
            }
        }
    }

    /// ``apply(_:_:_:_:)`` for the alpha modes, whose coverage is the mask pixel's alpha byte `a` (`255 − a` inverted)
    /// (docs/RENDERER.md, "Alpha masks read as bytes"). The four mask pixels' alphas are read as integers, not by
    /// widening all sixteen mask bytes to floats, and two kinds of blocks end without floats: four full coverages keep
    /// every pixel (what the general loop's `keep` does), four coverages of 0 store zeros (each lane is either a
    /// transparent pixel, kept as zeros, or `d · (0 · (1/255))` = +0 for a byte `d` in 0…255, stored as 0). Any other
    /// block gets the general loop's floats: `Float(a)` is the widened alpha exactly (`255 − a` too), the same
    /// products and the same store.
    @inline(__always)
    static func applyAlpha(_ mask: RenderTarget, _ content: RenderTarget, _ rect: PixelRect, inverted: Bool) {
        #if _endian(little)
        // The alpha is each pixel's fourth byte, the top byte of its little-endian word.
        let full = SIMD4<UInt32>(repeating: inverted ? 0 : 255), none = SIMD4<UInt32>(repeating: inverted ? 255 : 0)
        for y in rect.y0..<rect.y1 {
            let m = mask.row(y), c = content.row(y)
            var x = rect.x0
            while x &+ 4 <= rect.x1 {
                let q = c + 4 &* x
                let words = UnsafeRawPointer(q).loadUnaligned(as: SIMD4<UInt32>.self)
                if words == .zero { x &+= 4; continue }
                let a = UnsafeRawPointer(m + 4 &* x).loadUnaligned(as: SIMD4<UInt32>.self) &>> 24
                x &+= 4
                if a == full { continue }
                if a == none { UnsafeMutableRawPointer(q).storeBytes(of: SIMD4<UInt32>.zero, as: SIMD4<UInt32>.self); continue }
                let fa = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: a))
                let cov = inverted ? 255 - fa : fa
                let keep = (cov .>= 255) .| (words .== 0)
                if all(keep) { continue }
                let k = cov * (1 / 255)
                let d = PixelQuad(loading: q)
                PixelQuad(keep[0] ? d.p0 : d.p0 * k[0], keep[1] ? d.p1 : d.p1 * k[1],
                          keep[2] ? d.p2 : d.p2 * k[2], keep[3] ? d.p3 : d.p3 * k[3]).store(q)
            }
            while x < rect.x1 {
                if inverted { applyPixel(m + 4 &* x, c + 4 &* x) { 255 - $0.w } } else { applyPixel(m + 4 &* x, c + 4 &* x) { $0.w } }
                x &+= 1
            }
        }
        #else
        if inverted { apply(mask, content, rect) { 255 - $0.w } } else { apply(mask, content, rect) { $0.w } }
        #endif
    }

    /// One pixel of ``apply(_:_:_:_:)``: a transparent content pixel or a full coverage leaves it as it is.
    @inline(__always)
    static func applyPixel(_ m: UnsafeMutablePointer<UInt8>, _ q: UnsafeMutablePointer<UInt8>, _ coverage: (SIMD4<Float>) -> Float) {
        if q[3] == 0 && q[0] == 0 && q[1] == 0 && q[2] == 0 { return }
        let cov = coverage(loadPixel(m))
        if cov >= 255 { return }
        storePixel(loadPixel(q) * (cov * (1 / 255)), q)
    }

    /// Multiplies every pixel by the premultiplied tint (0…1 per component).
    static func applyTint(_ tint: SIMD4<Float>, to content: RenderTarget, rect: PixelRect) {
        if rect.isEmpty { return }
        for y in rect.y0..<rect.y1 {
            let c = content.row(y)
            for x in rect.x0..<rect.x1 {
                let q = c + 4 * x
                if q[3] == 0 && q[0] == 0 && q[1] == 0 && q[2] == 0 { continue }
                storePixel(loadPixel(q) * tint, q)
            }
        }
    }

    /// Puts the shadow beneath the content (destination-over): `c + shadow·(1 − αc)`.
    static func applyShadow(_ shadow: ShadowMask, to content: RenderTarget, rect: PixelRect) {
        let r = rect.intersection(shadow.rect)
        if r.isEmpty { return }
        let sw = shadow.rect.x1 - shadow.rect.x0
        shadow.alpha.withUnsafeBufferPointer { a in
            for y in r.y0..<r.y1 {
                let c = content.row(y)
                let arow = a.baseAddress! + (y - shadow.rect.y0) * sw - shadow.rect.x0
                for x in r.x0..<r.x1 {
                    let cov = arow[x]
                    if cov <= 0 { continue }
                    let q = c + 4 * x
                    let d = loadPixel(q)
                    if d.w >= 255 { continue }
                    storePixel(d + shadow.color * (min(cov, 1) * (1 - d.w * (1 / 255))), q)
                }
            }
        }
    }
}
