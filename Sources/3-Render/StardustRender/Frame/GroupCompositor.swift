import StardustCore

/// Composites a band-local group buffer onto its parent.
enum GroupCompositor {
    /// For every pixel of `rect`: `dst = g·opacity + dst·(1 − αg·opacity)` (source-over).
    /// Fully transparent group pixels are skipped. Complexity: O(rect pixels).
    static func composite(_ group: RenderTarget, onto parent: RenderTarget, rect: PixelRect, opacity: Float) {
        if rect.isEmpty || opacity <= 0 { return }
        for y in rect.y0..<rect.y1 {
            let src = group.row(y), dst = parent.row(y)
            for x in rect.x0..<rect.x1 {
                let p = src + 4 * x
                if p[3] == 0 && p[0] == 0 && p[1] == 0 && p[2] == 0 { continue }
                SourceOver.blend(loadPixel(p) * opacity, into: dst + 4 * x)
            }
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
