import StardustCore

/// The prepare phase: one pass over a display list, on the calling thread.
enum FramePreparer {
    /// Resolves every command to device pixels (× `list.scale`), prepares paths and
    /// text (their painters are not thread-safe), bins sprites to bands, and checks
    /// that clips and groups nest. Invisible commands are dropped.
    ///
    /// - Throws: ``RenderError/unbalancedCommands(_:)`` for a `popClip`/`endGroup`
    ///   without its opener, one that closes across the other kind, or one left open;
    ///   text errors from ``TextPainter``.
    static func prepare(_ list: DisplayList, layout: BandLayout) throws -> [PreparedCommand] {
        let scale = list.scale
        let frame = PixelRect(x0: 0, y0: 0, x1: layout.width, y1: layout.height)
        var out: [PreparedCommand] = []
        out.reserveCapacity(list.commands.count)
        enum Opener { case clip(PixelRect, index: Int), group(index: Int), composite(index: Int, CompositeGroup, maskStart: Int?, source: Int) }
        var open: [Opener] = []
        var clip = frame
        var reuse: EdgeListReuse? = EdgeListReuse()
        for (i, command) in list.commands.enumerated() {
            switch command {
            case .image(let d):
                if let p = PreparedImage(d, scale: scale) { out.append(.image(p)) }
            case .maskedImage(let d):
                guard let p = PreparedMaskedImage(d, scale: scale) else { break }
                // Consecutive layers at rest of one dust picture: one pass (same bytes, PreparedMaskedImage.merged).
                if case .maskedImage(let q)? = out.last, let m = q.merged(with: p) {
                    out[out.count - 1] = .maskedImage(m)
                } else {
                    out.append(.maskedImage(p))
                }
            case .sprites(let b):
                if let p = PreparedSprites(b, scale: scale, layout: layout) { out.append(.sprites(p)) }
            case .path(let p):
                out.append(.path(PathPainter.prepare(p, scale: scale, reusing: &reuse)))
            case .text(let t):
                out.append(.text(try TextPainter.prepare(t, scale: scale)))
            case .pushClip(let rect, let transform):
                open.append(.clip(clip, index: out.count))
                if transform.b == 0 && transform.c == 0 {
                    clip = clip.intersection(deviceClip(rect, transform, scale: scale))
                    out.append(.pushClip(clip, nil))
                } else if let mask = ClipMask(rect, transform, scale: scale) {
                    clip = clip.intersection(mask.bounds)
                    out.append(.pushClip(clip, mask))
                } else {
                    clip = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
                    out.append(.pushClip(clip, nil))
                }
            case .popClip:
                guard case .clip(let outer, let index)? = open.last else {
                    if case .composite? = open.last {
                        throw RenderError.unbalancedCommands("command \(i): popClip closes a clip pushed outside the composite group that is still open")
                    }
                    throw RenderError.unbalancedCommands(open.isEmpty
                        ? "command \(i): popClip without a matching pushClip"
                        : "command \(i): popClip closes a clip pushed outside the group that is still open")
                }
                open.removeLast()
                // A rotated clip's band drawer copies, draws and resolves its rectangle pixel by pixel: only where its
                // content draws (elsewhere the copy keeps the destination's pixels, which resolving gives back).
                // Where the clip covers every pixel its content can draw (a precomposition turned but larger than what
                // it holds), resolving gives the drawn pixels back: an axis-aligned clip of the same rectangle draws the
                // same bytes without the copy and the resolve (ClipMask.coversFully).
                if case .pushClip(let rect, let mask?) = out[index] {
                    let inner = rect.intersection(CompositePreparer.contentBounds(out[(index + 1)...]))
                    out[index] = .pushClip(inner, mask.coversFully(inner) ? nil : mask)
                }
                clip = outer
                out.append(.popClip)
            case .beginGroup(let opacity):
                open.append(.group(index: out.count))
                // Its bounds are known at endGroup.
                out.append(.beginGroup(opacity: Float(opacity.isNaN ? 0 : min(max(opacity, 0), 1)), bounds: clip))
            case .endGroup:
                guard case .group(let index)? = open.last else {
                    throw RenderError.unbalancedCommands(open.isEmpty
                        ? "command \(i): endGroup without a matching beginGroup"
                        : "command \(i): endGroup while a clip pushed inside the group is still open")
                }
                open.removeLast()
                // Nothing inside draws outside its commands' bounds (composite groups rely on the same), so the group's
                // pixels elsewhere stay transparent and compositing them changes nothing: they are neither cleared
                // nor composited.
                if case .beginGroup(let opacity, _) = out[index] {
                    let bounds = CompositePreparer.contentBounds(out[(index + 1)...]).intersection(clip)
                    out[index] = .beginGroup(opacity: opacity, bounds: bounds)
                }
                out.append(.endGroup)
            case .beginCompositeGroup(let g):
                open.append(.composite(index: out.count, g, maskStart: nil, source: i))
                out.append(.beginComposite(PreparedComposite(g)))
            case .beginGroupMask:
                guard case .composite(let index, let g, nil, let source)? = open.last, g.mask != nil else {
                    throw RenderError.unbalancedCommands("command \(i): beginGroupMask outside a composite group with a mask mode, or twice in one")
                }
                open[open.count - 1] = .composite(index: index, g, maskStart: out.count, source: source)
                out.append(.beginGroupMask)
            case .endCompositeGroup:
                guard case .composite(let index, let g, let maskStart, let source)? = open.last else {
                    throw RenderError.unbalancedCommands(open.isEmpty
                        ? "command \(i): endCompositeGroup without a matching beginCompositeGroup"
                        : "command \(i): endCompositeGroup while a clip or group opened inside it is still open")
                }
                if g.mask != nil && maskStart == nil {
                    throw RenderError.unbalancedCommands("command \(i): endCompositeGroup of a masked group without beginGroupMask")
                }
                open.removeLast()
                if let path = MaskedFillFolding.fold(g, out: out, begin: index, maskStart: maskStart, list: list, source: source) {
                    out.removeSubrange(index...)
                    out.append(.path(path))
                    continue
                }
                let prepared = CompositePreparer.finish(g, out: out, begin: index, maskStart: maskStart, clip: clip,
                                                        scale: scale, layout: layout)
                out[index] = .beginComposite(prepared)
                out.append(.endComposite)
            }
        }
        if !open.isEmpty {
            throw RenderError.unbalancedCommands("the display list ends with \(open.count) clip(s)/group(s) still open")
        }
        return out
    }

    /// The device pixels whose centers lie in `rect` mapped by an axis-aligned `transform`
    /// and `scale`: columns `⌈minX − ½⌉ ..< ⌈maxX − ½⌉`, rows likewise.
    static func deviceClip(_ rect: Rect, _ transform: Transform2D, scale: Double) -> PixelRect {
        let r = transform.apply(to: rect.standardized)
        let vals = [r.minX * scale, r.minY * scale, r.maxX * scale, r.maxY * scale]
        guard vals.allSatisfy(\.isFinite) else { return PixelRect(x0: 0, y0: 0, x1: 0, y1: 0) }
        func px(_ v: Double) -> Int { Int(min(max((v - 0.5).rounded(.up), -1.0e9), 1.0e9)) }
        return PixelRect(x0: px(vals[0]), y0: px(vals[1]), x1: px(vals[2]), y1: px(vals[3]))
    }
}
