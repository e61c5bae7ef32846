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
        var target = RenderTarget(base: frame + y0 * stride, originY: y0, stride: stride, width: layout.width, clip: bandRect)
        fill(target, rect: bandRect, with: background)

        enum Saved { case clip(PixelRect), group(RenderTarget, Float), maskedClip(RenderTarget, ClipMask, PixelRect) }
        var saved: [Saved] = []
        var buffers: [UnsafeMutablePointer<UInt8>] = []
        var depth = 0
        defer { for b in buffers { b.deallocate() } }

        for command in commands {
            switch command {
            case .image(let p):
                if !p.bounds.intersection(target.clip).isEmpty { p.draw(into: target) }
            case .maskedImage(let p):
                if !p.bounds.intersection(target.clip).isEmpty { p.draw(into: target) }
            case .sprites(let p):
                if !target.clip.isEmpty { p.draw(band: band, into: target) }
            case .path(let p):
                if !p.bounds.intersection(target.clip).isEmpty { PathPainter.draw(p, into: target) }
            case .text(let t):
                if !t.bounds.intersection(target.clip).isEmpty { TextPainter.draw(t, into: target) }
            case .pushClip(let rect, nil):
                saved.append(.clip(target.clip))
                target.clip = rect.intersection(bandRect)
            case .pushClip(let rect, let mask?):
                // Draw into a copy of the destination, resolved through the mask at popClip.
                let region = rect.intersection(bandRect)
                saved.append(.maskedClip(target, mask, region))
                if depth == buffers.count {
                    buffers.append(.allocate(capacity: max(1, (y1 - y0) * stride)))
                }
                let copy = RenderTarget(base: buffers[depth], originY: y0, stride: stride, width: layout.width, clip: region)
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
            case .beginGroup(let opacity):
                saved.append(.group(target, opacity))
                if depth == buffers.count {
                    buffers.append(.allocate(capacity: max(1, (y1 - y0) * stride)))
                }
                let group = RenderTarget(base: buffers[depth], originY: y0, stride: stride, width: layout.width, clip: target.clip)
                depth += 1
                GroupCompositor.clear(group, rect: group.clip)
                target = group
            case .endGroup:
                if case .group(let parent, let opacity)? = saved.popLast() {
                    GroupCompositor.composite(target, onto: parent, rect: parent.clip, opacity: opacity)
                    target = parent
                    depth -= 1
                }
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
