import Foundation
import StardustCore

extension PreparedSprites {
    /// Draws, in array order, the sprites binned to `band`, clipped to `target.clip`.
    ///
    /// Per sprite: the device quad is built from its affine, then drawn by the
    /// axis-aligned (scale-and-translate) or the general rotated kernel;
    /// sprites at most two pixels across sample the nearest texel of the mip
    /// level matching their size. Complexity: O(covered pixels + sprites in band).
    func draw(band: Int, into target: RenderTarget) {
        if bounds.intersection(target.clip).isEmpty { return }
        switch blend {
        case .normal: draw(SourceOver.self, band: band, target: target)
        case .additive: draw(Additive.self, band: band, target: target)
        }
    }

    private func draw<B: PixelBlend>(_ b: B.Type, band: Int, target: RenderTarget) {
        let lo = bandStart[band], hi = bandStart[band + 1]
        if lo >= hi { return }
        let clip = target.clip
        let g = geometry
        let last = planes.count - 1
        sprites.withUnsafeBufferPointer { sp in
            binned.withUnsafeBufferPointer { idx in
                planes.withUnsafeBufferPointer { pl in
                    for k in lo..<hi {
                        let s = sp[Int(idx[k])]
                        let m = g.deviceMatrix(s)
                        let exv = SIMD2(m.x, m.y) * (2 * g.halfSize.x), eyv = SIMD2(m.z, m.w) * (2 * g.halfSize.y)
                        let c = s.t * g.scale - (exv + eyv) * 0.5
                        // Cheap reject before building the mapping.
                        let ext = SIMD2(abs(exv.x) + abs(eyv.x), abs(exv.y) + abs(eyv.y))
                        let minY = c.y + min(0, exv.y) + min(0, eyv.y)
                        if Int((minY - 1).rounded(.down)) >= clip.y1 || Int((minY + ext.y + 1).rounded(.up)) <= clip.y0 { continue }
                        guard let q = QuadMapping(origin: SIMD2(Double(c.x), Double(c.y)),
                                                  edgeX: SIMD2(Double(exv.x), Double(exv.y)),
                                                  edgeY: SIMD2(Double(eyv.x), Double(eyv.y)), region: region) else { continue }
                        if q.bounds.intersection(clip).isEmpty { continue }
                        let color = s.color.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
                        let rho = q.texelsPerPixel
                        let lod: Int = rho > 1 ? min(last, Int(log2(rho).rounded(.down))) : 0
                        if max(ext.x, ext.y) <= 2 {
                            let level = rho > 1 ? min(last, Int(log2(rho).rounded())) : 0
                            QuadRasterizer.draw(q, sampler: NearestSampler(plane: pl[level]), color: color, blend: b, target: target)
                            continue
                        }
                        let filter = rho > 1 ? minification : magnification
                        switch filter {
                        case .nearest:
                            QuadRasterizer.draw(q, sampler: NearestSampler(plane: pl[0]), color: color, blend: b, target: target)
                        case .linear:
                            QuadRasterizer.draw(q, sampler: BilinearSampler(plane: pl[0]), color: color, blend: b, target: target)
                        case .trilinear:
                            if rho <= 1 || lod >= last {
                                QuadRasterizer.draw(q, sampler: BilinearSampler(plane: pl[lod]), color: color, blend: b, target: target)
                            } else {
                                let t = TrilinearSampler(fine: BilinearSampler(plane: pl[lod]), coarse: BilinearSampler(plane: pl[lod + 1]),
                                                         weight: log2(rho) - Float(lod))
                                QuadRasterizer.draw(q, sampler: t, color: color, blend: b, target: target)
                            }
                        }
                    }
                }
            }
        }
    }
}
