import Foundation
import StardustCore

/// Which sampler a quad uses, chosen once per quad from its filters and its minification.
enum SamplerChoice {
    case nearest(NearestSampler)
    case bilinear(BilinearSampler)
    case trilinear(TrilinearSampler)

    /// The magnification filter applies when a device pixel covers at most one texel
    /// (`texelsPerPixel ≤ 1`), the minification filter otherwise. `nearest` and
    /// `linear` always read level 0; `trilinear` reads levels ⌊log₂ ρ⌋ and the next,
    /// blended by the fractional part (just level 0 when magnifying).
    static func choose(view: TextureView, contentsRect: Rect, texelsPerPixel rho: Float,
                       minification: ImageFilter, magnification: ImageFilter) -> SamplerChoice {
        let filter = rho > 1 ? minification : magnification
        switch filter {
        case .nearest: return .nearest(NearestSampler(plane: view.plane(0, contentsRect: contentsRect)))
        case .linear: return .bilinear(BilinearSampler(plane: view.plane(0, contentsRect: contentsRect)))
        case .trilinear:
            let lod = rho > 1 ? log2(rho) : 0
            let last = view.levels.count - 1
            let l0 = min(Int(lod), last)
            if l0 >= last || lod <= 0 {
                return .bilinear(BilinearSampler(plane: view.plane(l0, contentsRect: contentsRect)))
            }
            return .trilinear(TrilinearSampler(fine: BilinearSampler(plane: view.plane(l0, contentsRect: contentsRect)),
                                               coarse: BilinearSampler(plane: view.plane(l0 + 1, contentsRect: contentsRect)),
                                               weight: lod - Float(l0)))
        }
    }
}
