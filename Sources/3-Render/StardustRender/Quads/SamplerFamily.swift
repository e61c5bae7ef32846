import StardustCore

/// The three samplers over one texel source, per mip level: lets a sprite
/// loop be written once and specialized for byte or float texels.
protocol SamplerFamily {
    associatedtype Nearest: TexelSampler
    associatedtype Bilinear: TexelSampler
    associatedtype Trilinear: TexelSampler
    var levelCount: Int { get }
    func nearest(_ level: Int) -> Nearest
    func bilinear(_ level: Int) -> Bilinear
    /// Bilinear in `level` and `level + 1`, blended by `weight`.
    func trilinear(_ level: Int, _ weight: Float) -> Trilinear
}

/// Samplers reading the texture's RGBA8 bytes.
struct ByteSamplers: SamplerFamily {
    let planes: UnsafeBufferPointer<TexelPlane>
    var levelCount: Int { planes.count }
    @inline(__always) func nearest(_ l: Int) -> NearestSampler { NearestSampler(plane: planes[l]) }
    @inline(__always) func bilinear(_ l: Int) -> BilinearSampler { BilinearSampler(plane: planes[l]) }
    @inline(__always) func trilinear(_ l: Int, _ w: Float) -> TrilinearSampler {
        TrilinearSampler(fine: bilinear(l), coarse: bilinear(l + 1), weight: w)
    }
}

/// Samplers reading padded float texels.
struct FloatSamplers: SamplerFamily {
    let planes: UnsafeBufferPointer<FloatTexelPlane>
    var levelCount: Int { planes.count }
    @inline(__always) func nearest(_ l: Int) -> FloatNearestSampler { FloatNearestSampler(plane: planes[l]) }
    @inline(__always) func bilinear(_ l: Int) -> FloatBilinearSampler { FloatBilinearSampler(plane: planes[l]) }
    @inline(__always) func trilinear(_ l: Int, _ w: Float) -> FloatTrilinearSampler {
        FloatTrilinearSampler(fine: bilinear(l), coarse: bilinear(l + 1), weight: w)
    }
}
