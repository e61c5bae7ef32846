import StardustCore

/// The draw phase for one band: clears its rows, then runs every prepared
/// command clipped to them, with band-local buffers for groups and masked clips.
///
/// Nothing here depends on where the band starts except which rows are
/// written, so every pixel gets the same value for any band split.
enum BandDrawer {
    static func draw(band: Int, commands: [PreparedCommand], layout: BandLayout,
                     frame: UnsafeMutablePointer<UInt8>, background: PremultipliedPixel) {
        let (y0, y1) = layout.rows(band)
        let stride = 4 * layout.width
        let bandRect = PixelRect(x0: 0, y0: y0, x1: layout.width, y1: y1)
        let target = RenderTarget(base: frame + y0 * stride, originY: y0, stride: stride, width: layout.width, clip: bandRect)
        fill(target, rect: bandRect, with: background)
        run(commands[...], band: band, target: target)
    }

    /// Runs `commands` into `target` (its clip lies within band `band`'s rows): the frame's band, or an
    /// offscreen buffer of the prepare phase (a shadow's source). Group buffers cover the clip's rows.
    static func run(_ commands: ArraySlice<PreparedCommand>, band: Int, target start: RenderTarget) {
        var target = start
        let bandRect = start.clip
        let y0 = bandRect.y0, y1 = bandRect.y1
        let stride = 4 * start.width
        enum Saved {
            case clip(PixelRect), group(RenderTarget, Float), maskedClip(RenderTarget, ClipMask, PixelRect)
            case composite(parent: RenderTarget, PreparedComposite, region: PixelRect, content: RenderTarget?)
        }
        var saved: [Saved] = []
        var depth = 0
        // The buffers of groups, clips and composites and the path rasterizer's storage, kept from band to band and
        // frame to frame (BandStorage: allocating them per band cost page faults on every frame).
        let storage = BandStorage.take()
        defer { BandStorage.give(storage) }
        let scratch = storage.scratch

        /// A cleared buffer over `region` only: row `y`, column `x` at `(y − y0)·4w + 4(x − x0)`.
        func regionTarget(_ region: PixelRect) -> RenderTarget {
            let w = max(1, region.x1 - region.x0), h = max(1, region.y1 - region.y0)
            let b = storage.pushRegion(count: 4 * w * h)
            return RenderTarget(base: b - 4 * region.x0, originY: region.y0, stride: 4 * w, width: start.width, clip: region)
        }

        for command in commands {
            switch command {
            case .image(let p):
                if !p.bounds.intersection(target.clip).isEmpty { p.draw(into: target) }
            case .maskedImage(let p):
                if !p.bounds.intersection(target.clip).isEmpty { p.draw(into: target) }
            case .sprites(let p):
                if !target.clip.isEmpty { p.draw(band: band, into: target) }
            case .path(let p):
                if !p.bounds.intersection(target.clip).isEmpty { PathPainter.draw(p, into: target, scratch: scratch) }
            case .text(let t):
                if !t.bounds.intersection(target.clip).isEmpty { TextPainter.draw(t, into: target) }
            case .pushClip(let rect, nil):
                saved.append(.clip(target.clip))
                target.clip = rect.intersection(target.clip)
            case .pushClip(let rect, let mask?):
                // Draw into a copy of the destination, resolved through the mask at popClip.
                let region = rect.intersection(target.clip)
                saved.append(.maskedClip(target, mask, region))
                let copy = RenderTarget(base: storage.bandBuffer(depth: depth, count: max(1, (y1 - y0) * stride)), originY: y0, stride: stride, width: start.width, clip: region)
                depth += 1
                ClipMask.copy(region, from: target, to: copy)
                target = copy
            case .popClip:
                switch saved.popLast() {
                case .clip(let c)?: target.clip = c
                case .maskedClip(let parent, let mask, let region)?:
                    mask.resolve(target, onto: parent, rect: region)
                    target = parent
                    depth -= 1
                default: break
                }
            case .beginGroup(let opacity, let bounds):
                saved.append(.group(target, opacity))
                // Only the rectangle the group's content may draw in (the rest would stay transparent, which compositing
                // leaves as it is).
                let group = RenderTarget(base: storage.bandBuffer(depth: depth, count: max(1, (y1 - y0) * stride)), originY: y0, stride: stride, width: start.width,
                                         clip: target.clip.intersection(bounds))
                depth += 1
                GroupCompositor.clear(group, rect: group.clip)
                target = group
            case .endGroup:
                if case .group(let parent, let opacity)? = saved.popLast() {
                    GroupCompositor.composite(target, onto: parent, rect: target.clip, opacity: opacity)
                    target = parent
                    depth -= 1
                }
            case .beginComposite(let p):
                var region = p.bounds.intersection(target.clip)
                // Masking and compositing read only the mask's bounds (`masked` below); content and mask whose pixels do
                // not depend on the clip are drawn, and their buffers cleared, there only (PreparedComposite).
                if p.shadow == nil, p.drawsInsideMask, let m = p.maskBounds { region = region.intersection(m) }
                saved.append(.composite(parent: target, p, region: region, content: nil))
                target = regionTarget(region)
            case .beginGroupMask:
                if case .composite(let parent, let p, let region, nil)? = saved.popLast() {
                    saved.append(.composite(parent: parent, p, region: region, content: target))
                    target = regionTarget(region)
                }
            case .endComposite:
                guard case .composite(let parent, let p, let region, let content)? = saved.popLast() else { break }
                var group = target
                // Outside an alpha or luminance mask's bounds the masked content would be transparent and left out of
                // the composite: without a shadow (which would show there) those pixels are skipped, not masked. The
                // content was drawn over the whole region unless its pixels do not depend on the clip (then `region` is
                // already inside the mask's bounds), so no clip-dependent painter's clip changed.
                let masked = p.shadow == nil ? p.maskBounds.map { region.intersection($0) } ?? region : region
                if let content, let mode = p.mask {
                    CompositeResolver.applyMask(mode, mask: target, to: content, rect: masked)
                    group = content
                }
                if let tint = p.tint { CompositeResolver.applyTint(tint, to: group, rect: masked) }
                if let shadow = p.shadow { CompositeResolver.applyShadow(shadow, to: group, rect: region) }
                GroupBlender.composite(group, onto: parent, rect: masked, opacity: p.opacity, filter: p.filter)
                target = parent
                for _ in 0..<(content == nil ? 1 : 2) { storage.popRegion() }
            }
        }
    }

    /// Fills `rect` with one premultiplied pixel value.
    static func fill(_ target: RenderTarget, rect: PixelRect, with p: PremultipliedPixel) {
        if rect.isEmpty { return }
        if p.r == p.a && p.g == p.a && p.b == p.a {
            // Transparent or opaque white: one byte value, a plain memset.
            for y in rect.y0..<rect.y1 {
                (target.row(y) + 4 * rect.x0).update(repeating: p.a, count: 4 * (rect.x1 - rect.x0))
            }
            return
        }
        let word = UInt32(p.r) | UInt32(p.g) << 8 | UInt32(p.b) << 16 | UInt32(p.a) << 24
        for y in rect.y0..<rect.y1 {
            let row = UnsafeMutableRawPointer(target.row(y) + 4 * rect.x0)
            row.withMemoryRebound(to: UInt32.self, capacity: rect.x1 - rect.x0) { $0.update(repeating: word.littleEndian, count: rect.x1 - rect.x0) }
        }
    }
}
