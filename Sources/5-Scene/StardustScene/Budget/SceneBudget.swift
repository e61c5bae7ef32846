import StardustAnimation
import StardustCore
import StardustDynamics
import StardustParticles
import StardustRender

/// The whole-scene resource budget (docs/LIMITS.md), computed from the model alone: nothing is
/// evaluated or rendered. `stardust validate`, `render` and `trace` run exactly this check, with the
/// same limits and the same messages, so that validate predicts what render does.
public enum SceneBudget {
    /// Throws a ``SceneError`` naming the JSON path (or the command-line flags, in `frameSource`) that
    /// drives the first limit exceeded. `frameCount` is the number of frames the command would produce.
    /// `frameSource` says where the frame count comes from (`"duration"`, `"--fps 240 --duration 3600"`).
    /// O(layers + cells × changes).
    public static func check(_ scene: Scene, frameCount: Int, limits: SceneLimits, frameSource: String = "duration") throws {
        // 1. The frame itself.
        let w = scene.size.width * scene.scale, h = scene.size.height * scene.scale
        let framePixels = w * h
        guard framePixels.isFinite, framePixels <= Double(limits.maxFramePixels) else {
            throw SceneError(path: "size", "a frame of \(Int(w.rounded()))×\(Int(h.rounded())) pixels (size × scale) is over the "
                + "\(limits.maxFramePixels / 1_000_000)-megapixel limit of the renderer; lower size or scale (--size, --scale)")
        }
        // 2. Frames.
        if frameCount > limits.maxFrames {
            throw SceneError(path: frameSource, "\(frameCount) frames (\(scene.duration) s at \(scene.fps) fps) are over the limit of "
                + "\(limits.maxFrames); shorten the duration, lower fps, pick a range with --frames, or raise the limit with --max-frames")
        }
        // Physics: bodies × steps up to the end of the scene.
        for case let physics as PhysicsController in scene.simulations {
            let bodySteps = Double(physics.initialWorld.bodyCount) * (scene.duration / physics.timeStep).rounded(.up)
            if !(bodySteps <= Double(limits.maxPhysicsBodySteps)) {
                throw SceneError(path: "physics.bodies", "\(physics.initialWorld.bodyCount) bodies simulated for \(scene.duration) s in steps of "
                    + "\(physics.timeStep) s are \(count(bodySteps)) body-steps, over the limit of \(count(Double(limits.maxPhysicsBodySteps))); "
                    + "use fewer bodies, a shorter duration or a longer timeStep")
            }
        }
        for case let wall as PhotoWall in scene.simulations {
            let photoSteps = Double(wall.photos.count) * (scene.duration / wall.settings.timeStep).rounded(.up)
            if !(photoSteps <= Double(limits.maxPhysicsBodySteps)) {
                throw SceneError(path: "photoWall.photos", "\(wall.photos.count) photos simulated for \(scene.duration) s in steps of "
                    + "\(wall.settings.timeStep) s are \(count(photoSteps)) body-steps, over the limit of \(count(Double(limits.maxPhysicsBodySteps))); "
                    + "use fewer photos, a shorter duration or a longer timeStep")
            }
        }
        try checkDashes(scene)
        try checkShadows(scene)
        try checkSimulations(scene, limits: limits)
        // 3. Particles and 4. covered pixels.
        var particles = 0.0, covered = 0.0
        var biggestCell: (path: String, particles: Double) = ("", -1)
        var biggestCover: (path: String, pixels: Double) = ("", -1)
        for layer in drawnLayers(scene) {
            let layerPath = scene.sourcePath(of: layer, fallback: layer.name.map { "layer \"\($0)\"" } ?? "a layer")
            if let text = layer as? TextLayer {
                let t = text.transform
                let s = max(abs(t.m11) + abs(t.m12), abs(t.m21) + abs(t.m22), 1e-9)
                let em = text.fontSize * scene.scale * s
                if !(em <= TextPainter.maxPixelSize) {
                    throw SceneError(path: layerPath + ".fontSize", "text at \(text.fontSize) pt is \(Int(em.isFinite ? em : 1e18)) pixels per em "
                        + "at scale \(scene.scale), over the limit of \(Int(TextPainter.maxPixelSize)); lower fontSize or scale")
                }
            }
            if layer !== scene.root, drawsPixels(layer) {
                let area = min(abs(layer.bounds.size.width * layer.bounds.size.height) * scene.scale * scene.scale, framePixels)
                covered += area.isFinite ? area : framePixels
                if area > biggestCover.pixels { biggestCover = (layerPath + ".bounds", area) }
            }
            guard let emitter = layer as? EmitterLayer else { continue }
            for (i, load) in emitter.estimatedCellLoads.enumerated() {
                let cellPath = scene.sourcePath(of: load.cell, fallback: "\(layerPath).emitterCells.\(load.cell.name ?? "#\(i)")")
                particles += load.particles
                if load.particles > biggestCell.particles { biggestCell = (cellPath, load.particles) }
                guard load.particles > 0 else { continue }
                let tex = load.cell.contents
                let side = { (n: Int?, r: Double) in Double(n ?? 1) * abs(r) / max(load.cell.contentsScale, 1e-9) * load.maxScale * scene.scale }
                let area = min(side(tex?.width, load.cell.contentsRect.size.width) * side(tex?.height, load.cell.contentsRect.size.height), framePixels)
                let cellCover = load.particles * (area.isFinite ? area : framePixels)
                covered += cellCover
                if cellCover > biggestCover.pixels { biggestCover = (cellPath + ".scale", cellCover) }
            }
        }
        if !(particles <= Double(limits.maxParticles)) {
            throw SceneError(path: biggestCell.path + ".birthRate", "the scene would hold about \(count(particles)) live particles in all its emitters "
                + "(this cell about \(count(biggestCell.particles))), over the limit of \(count(Double(limits.maxParticles))); "
                + "lower birthRate or lifetime, or raise the limit with --max-particles")
        }
        if !(covered <= Double(limits.maxCoveredPixels)) {
            throw SceneError(path: biggestCover.path, "one frame would cover about \(count(covered / 1e6)) megapixels with layers and particles "
                + "(this one about \(count(biggestCover.pixels / 1e6))), over the limit of \(count(Double(limits.maxCoveredPixels) / 1e6)) megapixels; "
                + "draw fewer or smaller sprites, or raise the limit with --max-coverage")
        }
    }

    private static func drawsPixels(_ layer: Layer) -> Bool {
        if layer.contents != nil || layer.animatedContents != nil { return true }
        if let bg = layer.backgroundColor, bg.alpha > 0 { return true }
        return layer is ShapeLayer || layer is TextLayer || layer is GradientLayer || layer.borderWidth > 0
    }

    static func count(_ v: Double) -> String {
        guard v.isFinite else { return "infinitely many" }
        if v >= 1e15 { return "\(v)" }
        let n = Int(v.rounded())
        var s = String(n), out = ""
        while s.count > 3 { out = " " + s.suffix(3) + out; s.removeLast(3) }
        return s + out
    }
}
