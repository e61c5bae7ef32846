import Foundation
import StardustCore

/// A ``SpriteBatch`` made ready for banded drawing: its sprites binned to the
/// bands their device bounding boxes touch (in array order), and the texture's
/// sampling planes resolved once.
struct PreparedSprites: @unchecked Sendable {
    let view: TextureView
    let sprites: [SpriteInstance]
    /// The sampling plane of every mip level, restricted to `contentsRect`.
    let planes: [TexelPlane]
    /// The same planes as padded float texels (`nil` for very large regions).
    let floatTexels: FloatTexels?
    /// Texel region `(x, y, width, height)` of `contentsRect` in level 0.
    let region: SIMD4<Double>
    let geometry: SpriteGeometry
    let minification: ImageFilter
    let magnification: ImageFilter
    let blend: BlendMode
    /// Sprites of band `b` are `binned[bandStart[b] ..< bandStart[b + 1]]`.
    let bandStart: [Int]
    let binned: [UInt32]
    /// Device rows touched by any sprite (for culling whole bands).
    let bounds: PixelRect

    /// Bins the sprites to `layout`'s bands; `nil` when nothing can be visible.
    /// Complexity: O(sprites + sprite–band pairs).
    init?(_ batch: SpriteBatch, scale: Double, layout: BandLayout) {
        guard let view = TextureView(batch.texture), !batch.sprites.isEmpty,
              batch.quadSize.width.isFinite, batch.quadSize.height.isFinite,
              batch.quadSize.width != 0, batch.quadSize.height != 0 else { return nil }
        self.view = view
        sprites = batch.sprites
        let cr = batch.contentsRect
        region = SIMD4(cr.origin.x * Double(view.width), cr.origin.y * Double(view.height),
                       cr.size.width * Double(view.width), cr.size.height * Double(view.height))
        planes = (0..<view.levels.count).map { view.plane($0, contentsRect: cr.standardized) }
        floatTexels = FloatTexels(view, byteplanes: planes)
        let geometry = SpriteGeometry(halfSize: SIMD2(Float(batch.quadSize.width / 2), Float(batch.quadSize.height / 2)),
                                      scale: Float(scale), rotationInvariant: batch.isRotationInvariant)
        self.geometry = geometry
        minification = batch.minificationFilter
        magnification = batch.magnificationFilter
        blend = batch.blend

        // Counting sort of (sprite, band) pairs: each sprite's band range is computed once,
        // then counts, prefix sums, fill (stable, so each band keeps array order).
        let bands = layout.count
        var start = [Int](repeating: 0, count: bands + 1)
        var minY = Int.max, maxY = Int.min
        let w = layout.width, h = layout.height
        var ranges = [SIMD2<Int32>](repeating: SIMD2(1, 0), count: sprites.count)
        sprites.withUnsafeBufferPointer { sp in
            ranges.withUnsafeMutableBufferPointer { rg in
                start.withUnsafeMutableBufferPointer { st in
                    for i in 0..<sp.count {
                        guard let (b0, b1, y0, y1) = geometry.bandRange(sp[i], layout: layout, width: w, height: h) else { continue }
                        minY = min(minY, y0); maxY = max(maxY, y1)
                        rg[i] = SIMD2(Int32(b0), Int32(b1))
                        for b in b0...b1 { st[b + 1] += 1 }
                    }
                }
            }
        }
        if minY >= maxY { return nil }
        for b in 0..<bands { start[b + 1] += start[b] }
        var fill = start
        var binned = [UInt32](repeating: 0, count: start[bands])
        ranges.withUnsafeBufferPointer { rg in
            binned.withUnsafeMutableBufferPointer { out in
                fill.withUnsafeMutableBufferPointer { fl in
                    for i in 0..<rg.count where rg[i].x <= rg[i].y {
                        for b in Int(rg[i].x)...Int(rg[i].y) { out[fl[b]] = UInt32(truncatingIfNeeded: i); fl[b] += 1 }
                    }
                }
            }
        }
        bandStart = start
        self.binned = binned
        bounds = PixelRect(x0: 0, y0: minY, x1: w, y1: maxY)
    }

}

/// How a batch's sprites map to device pixels.
struct SpriteGeometry {
    /// Half the quad size, in points.
    let halfSize: SIMD2<Float>
    /// Pixels per point.
    let scale: Float
    let rotationInvariant: Bool

    /// The device-space linear part actually drawn for a sprite (scale folded in):
    /// rotation dropped for rotation-invariant batches or when it is negligible.
    @inline(__always) func deviceMatrix(_ s: SpriteInstance) -> SIMD4<Float> {
        let m = s.m * scale
        if rotationInvariant {
            return SIMD4((m.x * m.x + m.y * m.y).squareRoot(), 0, 0, (m.z * m.z + m.w * m.w).squareRoot())
        }
        if abs(m.y) + abs(m.z) <= 1e-5 * (abs(m.x) + abs(m.w)) { return SIMD4(m.x, 0, 0, m.w) }
        return m
    }

    /// Bands and rows a sprite may touch, or `nil` when it is invisible or off the frame.
    @inline(__always)
    func bandRange(_ s: SpriteInstance, layout: BandLayout, width: Int, height: Int) -> (Int, Int, Int, Int)? {
        if s.color.w <= 0 && s.color.x <= 0 && s.color.y <= 0 && s.color.z <= 0 { return nil }
        let m = deviceMatrix(s)
        let cx = s.t.x * scale, cy = s.t.y * scale
        let ex = abs(m.x) * halfSize.x + abs(m.z) * halfSize.y
        let ey = abs(m.y) * halfSize.x + abs(m.w) * halfSize.y
        let x0 = cx - ex - 1, x1 = cx + ex + 1, y0 = cy - ey - 1, y1 = cy + ey + 1
        guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite,
              x1 > 0, y1 > 0, x0 < Float(width), y0 < Float(height) else { return nil }
        let r0 = max(0, Int(y0.rounded(.down))), r1 = min(height, Int(y1.rounded(.up)))
        if r0 >= r1 { return nil }
        return (r0 / layout.bandHeight, (r1 - 1) / layout.bandHeight, r0, r1)
    }
}
