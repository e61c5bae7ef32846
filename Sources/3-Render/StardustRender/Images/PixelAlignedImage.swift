import StardustCore

/// An image draw that lands texel-for-pixel on the device grid: unscaled, unrotated,
/// on whole-pixel boundaries, inside the `contentsRect` region. Every pixel then takes
/// exactly one texel with full coverage, which is what nearest and bilinear sampling
/// give there too, so this path produces the same bytes without sampling; an opaque
/// texel drawn source-over with a white, opaque color is stored directly.
struct PixelAlignedImage {
    let plane: TexelPlane
    /// The device pixels the image covers.
    let rect: PixelRect
    /// The texel under `rect`'s top-left pixel.
    let texelX: Int, texelY: Int

    /// `nil` unless the mapping is exactly texel-for-pixel on whole pixels.
    init?(_ m: QuadMapping, plane: TexelPlane) {
        guard m.u.dx == 1, m.u.dy == 0, m.v.dx == 0, m.v.dy == 1,
              m.e.dx == 1, m.e.dy == 0, m.f.dx == 0, m.f.dy == 1 else { return nil }
        let ox = 0.5 - m.e.c, oy = 0.5 - m.f.c
        let tx = m.u.c - 0.5 + ox, ty = m.v.c - 0.5 + oy
        let values = [ox, oy, tx, ty, m.width, m.height]
        guard values.allSatisfy({ $0.isFinite && abs($0) < 1e7 && $0 == $0.rounded() }) else { return nil }
        let x0 = Int(ox), y0 = Int(oy), w = Int(m.width), h = Int(m.height)
        texelX = Int(tx); texelY = Int(ty)
        guard w > 0, h > 0, texelX >= plane.minX, texelX + w - 1 <= plane.maxX,
              texelY >= plane.minY, texelY + h - 1 <= plane.maxY else { return nil }
        self.plane = plane
        rect = PixelRect(x0: x0, y0: y0, x1: x0 + w, y1: y0 + h)
    }

    /// Blends `texel · color` into the pixels of `rect` inside `target.clip`.
    /// `storeOpaque`: the blend is source-over and `color` is opaque white, so texels
    /// with alpha 255 replace the destination. Complexity: O(pixels), no allocation.
    func draw<B: PixelBlend>(_ b: B.Type, color: SIMD4<Float>, storeOpaque: Bool, target: RenderTarget) {
        let r = rect.intersection(target.clip)
        if r.isEmpty { return }
        let n = r.x1 - r.x0
        for y in r.y0..<r.y1 {
            let src = plane.base + ((y - rect.y0 + texelY) * plane.rowBytes + 4 * (r.x0 - rect.x0 + texelX))
            let dst = target.row(y) + 4 * r.x0
            for i in 0..<n {
                let p = src + 4 * i, q = dst + 4 * i
                if storeOpaque && p[3] == 255 {
                    q[0] = p[0]; q[1] = p[1]; q[2] = p[2]; q[3] = 255
                    continue
                }
                let t = SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
                if QuadRasterizer.isZero(t) { continue }
                B.blend(t * color, into: q)
            }
        }
    }
}
