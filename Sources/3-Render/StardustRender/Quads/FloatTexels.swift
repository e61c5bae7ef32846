import StardustCore

/// A texture's `contentsRect` region at every mip level, converted once to
/// float texels (premultiplied, 0…255) with a one-texel border that repeats
/// the edge texels. With the border, clamp-to-edge sampling needs only one
/// clamp per coordinate and no conversion per texel: the fast source for
/// sprite batches. Built in the prepare phase; O(region texels).
struct FloatTexels: @unchecked Sendable {
    /// Levels larger than this (in texels) are not converted; the batch then samples bytes.
    static let maxTexels = 1 << 16

    let storage: [SIMD4<Float>]
    let planes: [FloatTexelPlane]

    init?(_ view: TextureView, byteplanes: [TexelPlane]) {
        let p0 = byteplanes[0]
        guard (p0.maxX - p0.minX + 1) * (p0.maxY - p0.minY + 1) <= FloatTexels.maxTexels else { return nil }
        var storage: [SIMD4<Float>] = []
        var offsets: [Int] = []
        for p in byteplanes {
            let w = p.maxX - p.minX + 1, h = p.maxY - p.minY + 1
            offsets.append(storage.count)
            for y in -1...h {
                let sy = min(max(y, 0), h - 1) + p.minY
                for x in -1...w {
                    let sx = min(max(x, 0), w - 1) + p.minX
                    storage.append(p.texel(sx, sy))
                }
            }
        }
        self.storage = storage
        let base = storage.withUnsafeBufferPointer { $0.baseAddress! }
        planes = zip(byteplanes, offsets).map { p, off in
            FloatTexelPlane(base: base + off, pitch: p.maxX - p.minX + 3, scaleX: p.scaleX, scaleY: p.scaleY,
                            originX: Float(p.minX), originY: Float(p.minY),
                            lastX: Float(p.maxX - p.minX), lastY: Float(p.maxY - p.minY))
        }
    }
}

/// One padded float level: texel `(x, y)` of the region is at `base[(y + 1)·pitch + x + 1]`.
/// `storage` of the owning ``FloatTexels`` is never mutated after construction, so `base` stays valid.
struct FloatTexelPlane {
    let base: UnsafePointer<SIMD4<Float>>
    let pitch: Int
    let scaleX: Float, scaleY: Float
    /// The region's first texel in the level.
    let originX: Float, originY: Float
    /// Index of the region's last column / row (width − 1, height − 1).
    let lastX: Float, lastY: Float
}
