import StardustCore

/// The prepare phase's end of a composite group: its device bounds and its shadow's coverage
/// (docs/DRAWING.md). The shadow's source is drawn once here, offscreen, into a buffer of the
/// source's device bounds only (clipped to what can reach the frame), then blurred.
enum CompositePreparer {
    /// The group opened at `out[begin]`, its content `out[begin + 1 ..< maskStart ?? out.count]`.
    static func finish(_ g: CompositeGroup, out: [PreparedCommand], begin: Int, maskStart: Int?, clip: PixelRect,
                       scale: Double, layout: BandLayout) -> PreparedComposite {
        var p = PreparedComposite(g)
        p.bounds = contentBounds(out[(begin + 1)..<(maskStart ?? out.count)]).intersection(clip)
        if let m = maskStart, g.mask == .alpha || g.mask == .luminance {
            p.maskBounds = contentBounds(out[(m + 1)...])
            p.drawsInsideMask = drawsPixelwise(out[(begin + 1)...])
        }
        guard let s = g.shadow else { return p }
        let sigma = s.sigma * scale, ox = s.offset.x * scale, oy = s.offset.y * scale
        let color = s.color.premultiplied * 255
        guard sigma.isFinite, ox.isFinite, oy.isFinite, color.w > 0, abs(ox) < 1e7, abs(oy) < 1e7 else { return p }
        let sigmaD = min(max(sigma, 0), ShadowMask.maxSigma)

        // What casts the shadow: the shadow path, or the group itself (masked and tinted, opaque, source-over).
        var source: [PreparedCommand]
        var sourceBounds: PixelRect
        if let path = s.path {
            var d = path
            d.paint = .color(.white); d.opacity = 1; d.blend = .normal
            let prepared = PathPainter.prepare(d, scale: scale)
            source = [.path(prepared)]
            sourceBounds = prepared.bounds
        } else {
            var plain = p
            plain.opacity = 1; plain.filter = .normal; plain.shadow = nil
            source = [.beginComposite(plain)]
            source.append(contentsOf: out[(begin + 1)...])
            source.append(.endComposite)
            sourceBounds = p.bounds
        }
        // Only the source pixels whose shadow can land inside the clip are drawn.
        let reach = Int((3 * sigmaD).rounded(.up)) + 2
        let dx = Int(ox.rounded(.down)), dy = Int(oy.rounded(.down))
        let needed = PixelRect(x0: clip.x0 - dx - reach, y0: clip.y0 - dy - reach, x1: clip.x1 - dx + reach, y1: clip.y1 - dy + reach)
        let frame = PixelRect(x0: 0, y0: 0, x1: layout.width, y1: layout.height)
        let r = sourceBounds.intersection(needed).intersection(frame)
        guard !r.isEmpty else { return p }
        let alpha = drawAlpha(source, rect: r, layout: layout)
        guard let mask = ShadowMask.blurred(alpha, sourceRect: r, offset: SIMD2(ox, oy), sigma: sigmaD, color: color,
                                            limit: clip) else { return p }
        p.shadow = mask
        p.bounds = p.bounds.union(mask.rect.intersection(clip))
        return p
    }

    /// The union of the device bounds of `commands` (nested groups included).
    static func contentBounds(_ commands: ArraySlice<PreparedCommand>) -> PixelRect {
        var b = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        for c in commands {
            switch c {
            case .image(let p): b = b.union(p.bounds)
            case .maskedImage(let p): b = b.union(p.bounds)
            case .sprites(let p): b = b.union(p.bounds)
            case .path(let p): b = b.union(p.bounds)
            case .text(let t): b = b.union(t.bounds)
            case .beginComposite(let p): b = b.union(p.bounds)
            case .pushClip, .popClip, .beginGroup, .endGroup, .beginGroupMask, .endComposite: break
            }
        }
        return b
    }

    /// Whether every one of `commands` gives each pixel it draws the same bytes whatever clip it is drawn under, so that
    /// drawing them under a smaller clip changes only which pixels are written: paths (their coverage is computed over
    /// their own bounds' columns, rows are independent, and every span kernel computes a pixel from its own column,
    /// coverage and destination), clips (a rotated one resolves pixel by pixel), groups and composite groups (cleared,
    /// masked, tinted, shadowed and composited pixel by pixel). Not images, masked images, sprites or text: an image's
    /// bytes can depend on where its clipped span starts (its fixed-point texel stepping; docs/RENDERER.md, "Group
    /// bounds", where narrowing an image by its mask's bounds changed 241 pixels of a Lottie file).
    static func drawsPixelwise(_ commands: ArraySlice<PreparedCommand>) -> Bool {
        for c in commands {
            switch c {
            case .path, .pushClip, .popClip, .beginGroup, .endGroup, .beginComposite, .beginGroupMask, .endComposite:
                continue
            case .image, .maskedImage, .sprites, .text:
                return false
            }
        }
        return true
    }

    /// Draws `commands` onto transparent pixels over `rect` (band by band, so sprites binned to bands
    /// draw as in the frame) and returns the alpha, 0…1, row-major. Allocates `rect`'s pixels only.
    static func drawAlpha(_ commands: [PreparedCommand], rect r: PixelRect, layout: BandLayout) -> [Float] {
        let w = r.x1 - r.x0, h = r.y1 - r.y0
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 4 * w * h)
        defer { buffer.deallocate() }
        buffer.initialize(repeating: 0, count: 4 * w * h)
        let firstBand = r.y0 / layout.bandHeight, lastBand = (r.y1 - 1) / layout.bandHeight
        for b in firstBand...lastBand {
            let (y0, y1) = layout.rows(b)
            let clip = r.intersection(PixelRect(x0: r.x0, y0: y0, x1: r.x1, y1: y1))
            if clip.isEmpty { continue }
            let target = RenderTarget(base: buffer - 4 * r.x0, originY: r.y0, stride: 4 * w, width: layout.width, clip: clip)
            BandDrawer.run(commands[...], band: b, target: target)
        }
        var alpha = [Float](repeating: 0, count: w * h)
        for i in 0..<(w * h) { alpha[i] = Float(buffer[4 * i + 3]) * (1 / 255) }
        return alpha
    }
}
