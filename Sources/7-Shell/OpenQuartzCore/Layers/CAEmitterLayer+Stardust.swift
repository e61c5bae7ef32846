#if !canImport(QuartzCore)
import Stardust

/// Stardust's emission from a path or another layer's geometry (docs/PARTICLE-MODEL.md §2.14) on a
/// `CAEmitterLayer`. QuartzCore has no such property; the names carry `stardust` so that code using
/// them says so and does not compile against the real framework by accident (docs/DIFFERENCES.md Q32).
extension CAEmitterLayer {
    /// The path top-level particles are born on, in place of `emitterShape` (nil: Core Animation's shapes).
    public var stardustEmitterPath: EmitterPath? {
        get { stardustEmitter.emitterPath }
        set { stardustEmitter.emitterPath = newValue }
    }

    /// Makes particles be born on `layer`'s geometry — a `CAShapeLayer`'s path, otherwise its bounds
    /// rounded by its `cornerRadius` — mapped into this layer's coordinates through both layers'
    /// current model transforms: `.outline` (uniform by arc length), `.area` (uniform inside) or
    /// `.tracing` (at a point running along the outline at `speed` points per second from `phase`).
    public func stardustEmit(from layer: CALayer, placement: EmitterPath.Placement = .outline,
                             speed: CGFloat = 0, phase: CGFloat = 0) throws {
        stardustEmitter.emitterPath = try EmitterPath(layer: layer.stardustLayer, in: stardustLayer, placement: placement,
                                                      speed: Double(speed), phase: Double(phase))
    }
}
#endif
