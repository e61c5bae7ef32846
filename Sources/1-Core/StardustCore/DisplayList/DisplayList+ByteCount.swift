extension DisplayList {
    /// About how many bytes the list's own storage holds: each command, and the arrays and texts it owns (path
    /// elements, sprites, gradient stops, dash lengths, strings). Textures and pixel assignments are shared with
    /// whoever made them and are not counted.
    ///
    /// The renderer uses it to bound what keeping a list with its image costs (docs/RENDERER.md, "A frame that is
    /// already there").
    ///
    /// - Complexity: O(*c*) in the number of commands.
    public var approximateByteCount: Int {
        var total = commands.count * MemoryLayout<DrawCommand>.stride
        for command in commands {
            switch command {
            case .path(let p): total += p.ownedByteCount
            case .sprites(let s): total += s.sprites.count * MemoryLayout<SpriteInstance>.stride
            case .text(let t): total += t.string.utf8.count + (t.fontFamily?.utf8.count ?? 0)
            case .beginCompositeGroup(let g): total += g.shadow?.path?.ownedByteCount ?? 0
            case .image, .maskedImage, .pushClip, .popClip, .beginGroup, .endGroup, .beginGroupMask, .endCompositeGroup: break
            }
        }
        return total
    }
}

extension PathDraw {
    /// The bytes of the arrays this draw owns: its elements, its gradient's stops and its dash lengths.
    var ownedByteCount: Int {
        var n = path.elements.count * MemoryLayout<Path.Element>.stride
        switch paint {
        case .color: break
        case .linearGradient(_, _, let stops), .radialGradient(_, _, let stops), .ellipticalGradient(_, _, _, let stops),
             .conicGradient(_, _, let stops):
            n += stops.count * MemoryLayout<GradientStop>.stride
        }
        if case .stroke(let s) = style { n += s.dashPattern.count * MemoryLayout<Double>.stride }
        return n
    }
}
