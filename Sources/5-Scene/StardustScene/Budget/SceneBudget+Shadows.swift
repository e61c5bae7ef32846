import StardustAnimation
import StardustCore

/// The shadow budget (docs/LIMITS.md): the blur work of one frame's shadows, estimated from the model, is refused
/// before any frame when a shadow the user did not mean (a wide radius at a high scale, a shadow replicated thousands
/// of times) would take far longer than any real effect's.
extension SceneBudget {
    /// The most multiply-adds the shadows of one frame may cost (about five seconds of one core): a `shadowRadius` of
    /// 250 points on a phone-screen layer at scale 3 is about 10¹¹, the two shadows of `bench layers-frame` about 10⁸.
    public static let maxShadowBlurWork = 2e10

    /// Throws for the layer whose shadow costs most when the sum over all shadow-casting layers passes
    /// ``maxShadowBlurWork``. Per layer: σ in device pixels = `shadowRadius` × scale × the largest stretch of the
    /// transforms from the layer up to the root; the source is the layer's bounds in device pixels (at most the frame)
    /// grown by the kernel's reach 3σ + 2 on each side; two 1D passes of 2·reach + 1 taps; times the copies of the
    /// replicators above it. O(layers × depth).
    static func checkShadows(_ scene: Scene) throws {
        let frameW = scene.size.width * scene.scale, frameH = scene.size.height * scene.scale
        var total = 0.0
        var biggest: (layer: Layer, work: Double)?
        for layer in drawnLayers(scene) where layer.shadowOpacity > 0 && layer.shadowColor.alpha > 0 {
            var stretch = 1.0, copies = 1.0
            var l: Layer? = layer
            while let x = l {
                let t = x.transform
                stretch *= max(abs(t.m11) + abs(t.m12), abs(t.m21) + abs(t.m22))
                if x !== layer, let r = x as? ReplicatorLayer { copies *= Double(r.instanceCount) }
                l = x.superlayer
            }
            let sigma = min(max(layer.shadowRadius, 0) * scene.scale * stretch, 1024)
            let reach = 3 * sigma + 2
            let w = min(abs(layer.bounds.size.width) * scene.scale * stretch, frameW) + 2 * reach
            let h = min(abs(layer.bounds.size.height) * scene.scale * stretch, frameH) + 2 * reach
            var work = copies * w * h * 2 * (2 * reach + 1)
            if !work.isFinite { work = .greatestFiniteMagnitude }
            total += work
            if work > (biggest?.work ?? -1) { biggest = (layer, work) }
        }
        guard total > maxShadowBlurWork, let b = biggest else { return }
        let path = scene.sourcePath(of: b.layer, fallback: b.layer.name.map { "layer \"\($0)\"" } ?? "a layer")
        throw SceneError(path: path + ".shadowRadius",
                         "the shadows of one frame would cost about \(count(total)) multiply-adds of blur (this one about "
                         + "\(count(b.work)): a σ of \(b.layer.shadowRadius) points at scale \(scene.scale)), over the limit of "
                         + "\(count(maxShadowBlurWork)); use a smaller shadowRadius, fewer shadow copies or a lower scale")
    }
}
