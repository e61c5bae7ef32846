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
        if bounds.intersection(target.clip).isEmpty || bandStart[band] >= bandStart[band + 1] { return }
        if let f = floatTexels {
            f.planes.withUnsafeBufferPointer { pl in
                draw(FloatSamplers(planes: pl), band: band, target: target)
            }
        } else {
            planes.withUnsafeBufferPointer { pl in
                draw(ByteSamplers(planes: pl), band: band, target: target)
            }
        }
    }

    private func draw<F: SamplerFamily>(_ family: F, band: Int, target: RenderTarget) {
        switch blend {
        case .normal: draw(family, SourceOver.self, band: band, target: target)
        case .additive: draw(family, Additive.self, band: band, target: target)
        }
    }

    private func draw<F: SamplerFamily, B: PixelBlend>(_ family: F, _ b: B.Type, band: Int, target: RenderTarget) {
        let lo = bandStart[band], hi = bandStart[band + 1]
        let clip = target.clip
        let g = geometry
        let last = family.levelCount - 1
        sprites.withUnsafeBufferPointer { sp in
            binned.withUnsafeBufferPointer { idx in
                for k in lo..<hi {
                    let s = sp[Int(idx[k])]
                    let m = g.deviceMatrix(s)
                    let exv = SIMD2(m.x, m.y) * (2 * g.halfSize.x), eyv = SIMD2(m.z, m.w) * (2 * g.halfSize.y)
                    let c = s.t * g.scale - (exv + eyv) * 0.5
                    // Cheap reject before building the mapping.
                    let extX = abs(exv.x) + abs(eyv.x), extY = abs(exv.y) + abs(eyv.y)
                    let minY = c.y + min(0, exv.y) + min(0, eyv.y)
                    if !(minY - 1 < Float(clip.y1) && minY + extY + 1 > Float(clip.y0)) { continue }
                    guard let q = QuadMapping(origin: SIMD2(Double(c.x), Double(c.y)),
                                              edgeX: SIMD2(Double(exv.x), Double(exv.y)),
                                              edgeY: SIMD2(Double(eyv.x), Double(eyv.y)), region: region) else { continue }
                    if q.bounds.intersection(clip).isEmpty { continue }
                    let color = saturate(s.color)
                    let rho = q.texelsPerPixel
                    if max(extX, extY) <= 2 {
                        let level = rho > 1 ? min(last, Int(log2(rho).rounded())) : 0
                        QuadRasterizer.draw(q, sampler: family.nearest(level), color: color, blend: b, target: target)
                        continue
                    }
                    switch rho > 1 ? minification : magnification {
                    case .nearest:
                        QuadRasterizer.draw(q, sampler: family.nearest(0), color: color, blend: b, target: target)
                    case .linear:
                        QuadRasterizer.draw(q, sampler: family.bilinear(0), color: color, blend: b, target: target)
                    case .trilinear:
                        let lod = rho > 1 ? log2(rho) : 0
                        let l0 = min(last, Int(lod))
                        if l0 >= last || lod <= 0 {
                            QuadRasterizer.draw(q, sampler: family.bilinear(l0), color: color, blend: b, target: target)
                        } else {
                            QuadRasterizer.draw(q, sampler: family.trilinear(l0, lod - Float(l0)), color: color, blend: b, target: target)
                        }
                    }
                }
            }
        }
    }
}
