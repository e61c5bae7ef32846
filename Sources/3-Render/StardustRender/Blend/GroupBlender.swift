import StardustCore

/// Composites a group buffer onto its parent with a ``CompositingFilter`` (docs/DRAWING.md, Blend modes).
///
/// Per pixel, with `s` the group pixel × opacity and `d` the parent pixel, both premultiplied in 0…1:
/// `co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs)` and `αo = αs + αb·(1 − αs)` (W3C Compositing and
/// Blending Level 1, §5.8 and §9), `Cb = cb/αb`, `Cs = cs/αs` (straight colors). Normal is source-over,
/// additive the clamped sum. Fully transparent group pixels leave the parent as it is (true of every mode).
enum GroupBlender {
    /// Composites `rect` of `group` onto `parent`. Complexity: O(rect pixels).
    static func composite(_ group: RenderTarget, onto parent: RenderTarget, rect: PixelRect, opacity: Float,
                          filter: CompositingFilter) {
        if rect.isEmpty || opacity <= 0 { return }
        switch filter {
        case .normal: GroupCompositor.composite(group, onto: parent, rect: rect, opacity: opacity)
        case .additive: each(group, parent, rect) { s, p in Additive.blend(s * opacity, into: p) }
        case .multiply: blend(MultiplyBlend.self, group, parent, rect, opacity)
        case .screen: blend(ScreenBlend.self, group, parent, rect, opacity)
        case .overlay: blend(OverlayBlend.self, group, parent, rect, opacity)
        case .darken: blend(DarkenBlend.self, group, parent, rect, opacity)
        case .lighten: blend(LightenBlend.self, group, parent, rect, opacity)
        case .colorDodge: blend(ColorDodgeBlend.self, group, parent, rect, opacity)
        case .colorBurn: blend(ColorBurnBlend.self, group, parent, rect, opacity)
        case .hardLight: blend(HardLightBlend.self, group, parent, rect, opacity)
        case .softLight: blend(SoftLightBlend.self, group, parent, rect, opacity)
        case .difference: blend(DifferenceBlend.self, group, parent, rect, opacity)
        case .exclusion: blend(ExclusionBlend.self, group, parent, rect, opacity)
        case .hue: blend(HueBlend.self, group, parent, rect, opacity)
        case .saturation: blend(SaturationBlend.self, group, parent, rect, opacity)
        case .color: blend(ColorBlend.self, group, parent, rect, opacity)
        case .luminosity: blend(LuminosityBlend.self, group, parent, rect, opacity)
        }
    }

    /// Calls `body` with every non-transparent group pixel (floats 0…255) and its parent pixel.
    @inline(__always)
    static func each(_ group: RenderTarget, _ parent: RenderTarget, _ rect: PixelRect,
                     _ body: (SIMD4<Float>, UnsafeMutablePointer<UInt8>) -> Void) {
        for y in rect.y0..<rect.y1 {
            let src = group.row(y), dst = parent.row(y)
            for x in rect.x0..<rect.x1 {
                let p = src + 4 * x
                if p[3] == 0 && p[0] == 0 && p[1] == 0 && p[2] == 0 { continue }
                body(loadPixel(p), dst + 4 * x)
            }
        }
    }

    /// The W3C composite with blend function `B`, specialized per mode.
    static func blend<B: BlendFunction>(_: B.Type, _ group: RenderTarget, _ parent: RenderTarget, _ rect: PixelRect,
                                        _ opacity: Float) {
        let k = opacity / 255
        each(group, parent, rect) { g, q in
            let s = g * k, d = loadPixel(q) * (1 / 255)
            storePixel(mix(B.self, source: s, backdrop: d) * 255, q)
        }
    }

    /// One pixel of the W3C composite: premultiplied `source` over premultiplied `backdrop`, 0…1.
    @inline(__always)
    static func mix<B: BlendFunction>(_: B.Type, source s: SIMD4<Float>, backdrop d: SIMD4<Float>) -> SIMD4<Float> {
        let αs = s.w, αb = d.w
        let cs = αs > 0 ? s / αs : SIMD4<Float>(), cb = αb > 0 ? d / αb : SIMD4<Float>()
        let mixed = B.mix(cb, cs)
        var o = s * (1 - αb) + d * (1 - αs) + mixed * (αs * αb)
        o.w = αs + αb * (1 - αs)
        return o
    }
}
