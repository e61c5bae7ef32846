import Foundation
import StardustCore

/// A shadow's coverage, computed once per frame by the prepare phase: the source alpha (a group's
/// masked content or a `shadowPath`) blurred by a Gaussian and displaced by the offset, in device
/// pixels. Bands read it; nobody writes it after it is made (docs/DRAWING.md, Shadows).
///
/// The blur is separable. Each 1D kernel is the Gaussian integrated over each pixel and centered on
/// the fractional part of the offset — `w(k) = Φ((k + ½ − f)/σ) − Φ((k − ½ − f)/σ)`, normalized — so a
/// sub-pixel offset and a σ far below a pixel (a hard shadow) need no special case. The kernel reaches
/// `⌈3σ⌉ + 1` pixels either side (99.7 % of the Gaussian's mass).
final class ShadowMask: @unchecked Sendable {
    /// The device pixels the coverage covers.
    let rect: PixelRect
    /// Coverage 0…1, row-major over ``rect``.
    let alpha: [Float]
    /// The shadow's premultiplied color, floats 0…255.
    let color: SIMD4<Float>

    /// The largest σ the renderer blurs with, in device pixels; the scene budget refuses larger ones first.
    static let maxSigma: Double = 1024

    init(rect: PixelRect, alpha: [Float], color: SIMD4<Float>) {
        self.rect = rect; self.alpha = alpha; self.color = color
    }

    /// The coverage at device pixel `(x, y)` (0 outside ``rect``).
    @inline(__always) func coverage(_ x: Int, _ y: Int) -> Float {
        guard x >= rect.x0, x < rect.x1, y >= rect.y0, y < rect.y1 else { return 0 }
        return alpha[(y - rect.y0) * (rect.x1 - rect.x0) + (x - rect.x0)]
    }

    /// The pixel-integrated, shifted Gaussian kernel for `sigma` and fractional shift `f` ∈ [0, 1):
    /// weights for offsets `first ... first + weights.count − 1`.
    static func kernel(sigma: Double, shift f: Double) -> (first: Int, weights: [Float]) {
        let s = max(sigma, 1e-4)
        let reach = Int((3 * s).rounded(.up)) + 1
        func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x / (s * 2.0.squareRoot()))) }
        var w: [Double] = []
        w.reserveCapacity(2 * reach + 2)
        for k in -reach...(reach + 1) { w.append(phi(Double(k) + 0.5 - f) - phi(Double(k) - 0.5 - f)) }
        let sum = w.reduce(0, +)
        return (-reach, w.map { Float($0 / sum) })
    }

    /// Blurs `source` (alpha 0…1 over `sourceRect`) by `sigma` device pixels after moving it by `offset`
    /// device pixels, keeping only the part within `limit`. `nil` when nothing is left.
    /// Complexity: O(pixels × kernel) in two 1D passes, each a run of contiguous multiply-adds.
    static func blurred(_ source: [Float], sourceRect r: PixelRect, offset: SIMD2<Double>, sigma: Double,
                        color: SIMD4<Float>, limit: PixelRect) -> ShadowMask? {
        let ox = offset.x.rounded(.down), oy = offset.y.rounded(.down)
        let kx = kernel(sigma: sigma, shift: offset.x - ox), ky = kernel(sigma: sigma, shift: offset.y - oy)
        let w = r.x1 - r.x0, h = r.y1 - r.y0
        let ow = w + kx.weights.count - 1, oh = h + ky.weights.count - 1
        let out = PixelRect(x0: r.x0 + Int(ox) + kx.first, y0: r.y0 + Int(oy) + ky.first,
                            x1: r.x0 + Int(ox) + kx.first + ow, y1: r.y0 + Int(oy) + ky.first + oh)
        guard w > 0, h > 0, !out.intersection(limit).isEmpty else { return nil }
        // Horizontal pass: each source row spread into a row of ow.
        var horizontal = [Float](repeating: 0, count: ow * h)
        source.withUnsafeBufferPointer { src in
            horizontal.withUnsafeMutableBufferPointer { dst in
                kx.weights.withUnsafeBufferPointer { wk in
                    for y in 0..<h {
                        let s = src.baseAddress! + y * w, d = dst.baseAddress! + y * ow
                        for k in 0..<wk.count {
                            let wt = wk[k]
                            if wt == 0 { continue }
                            let dk = d + k
                            // Eight at a time by the AVX2 kernel where it is chosen (the same product and sum per element).
                            for x in BlurRowKernel.addScaled(dk, s, count: w, wt)..<w { dk[x] += wt * s[x] }
                        }
                    }
                }
            }
        }
        // Vertical pass: each row spread over the rows below it, whole rows at a time.
        var vertical = [Float](repeating: 0, count: ow * oh)
        horizontal.withUnsafeBufferPointer { src in
            vertical.withUnsafeMutableBufferPointer { dst in
                ky.weights.withUnsafeBufferPointer { wk in
                    for y in 0..<h {
                        let s = src.baseAddress! + y * ow
                        for k in 0..<wk.count {
                            let wt = wk[k]
                            if wt == 0 { continue }
                            let d = dst.baseAddress! + (y + k) * ow
                            for x in BlurRowKernel.addScaled(d, s, count: ow, wt)..<ow { d[x] += wt * s[x] }
                        }
                    }
                }
            }
        }
        return ShadowMask(rect: out, alpha: vertical, color: color)
    }
}
