import Stardust

/// Snap to dust in the studio: a layer the designer clicked (or named in a `snap` message) turns to dust at the
/// playhead and, after a second click, flies back — the disintegration of docs/DESIGN.md §8, as the `thanos` preset builds it.
///
/// The layer, as it looks at the snap (its subtree included, its presentation values at that time), is drawn once
/// to a picture at the scene's scale; a ``DustEffect`` of that picture is added as the last sublayer of the layer's
/// superlayer, placed where the layer is at the snap, and the layer itself is hidden from the snap until the end of
/// the restore by the effect's own visibility keyframes. So before the snap and after the restore the layer draws
/// exactly as it did (the frame after a restore has the original pixels), and the indices of every other layer
/// (the studio's layer paths) do not change.
enum StudioSnap {
    /// The name of the layers the studio adds (the page's controls and the hit test skip them).
    static let containerPrefix = "studio.dust "

    /// The key of the animation that hides a snapped layer while its dust shows.
    static let hidingKey = "studio.snap"

    /// Whether `layer` is one the studio added.
    static func isStudioLayer(_ layer: Layer) -> Bool { layer.name?.hasPrefix(containerPrefix) ?? false }

    /// The path of the layer whose dust `layer` holds, when it is one the studio added.
    static func snappedPath(of layer: Layer) -> LayerPath? {
        guard let name = layer.name, name.hasPrefix(containerPrefix) else { return nil }
        return LayerPath(string: String(name.dropFirst(containerPrefix.count)))
    }

    /// The snap (scene time) and restore (scene time, if any) of each snapped layer: the last snap edit of a layer wins.
    static func snaps(in edits: [StudioEdit]) -> [(layer: LayerPath, time: Double, restore: Double?)] {
        var out: [(layer: LayerPath, time: Double, restore: Double?)] = []
        for e in edits {
            guard case .snap(let path, let restore) = e.target, let t = e.time else { continue }
            if let i = out.firstIndex(where: { $0.layer == path }) { out[i] = (path, t, restore) } else { out.append((path, t, restore)) }
        }
        return out
    }

    /// Installs every snap of `edits` into `scene` (after every other edit was applied).
    static func install(_ edits: [StudioEdit], in scene: Scene) throws {
        let list = snaps(in: edits)
        guard !list.isEmpty else { return }
        // Resolve every layer before the tree grows.
        var targets: [(chain: [Layer], time: Double, restore: Double?, path: LayerPath)] = []
        for s in list {
            guard let chain = s.layer.chain(in: scene.root), chain.count >= 2 else {
                throw StudioEditError(s.layer.indices.isEmpty ? "the root layer cannot be snapped to dust." : "there is no layer \(s.layer) to snap.")
            }
            targets.append((chain, s.time, s.restore, s.layer))
        }
        for t in targets {
            let layer = t.chain[t.chain.count - 1], parent = t.chain[t.chain.count - 2]
            // Scene time → the superlayer's local time (where the layer's position and its animations' times live).
            func parentTime(_ sceneTime: Double) -> Double {
                var local = sceneTime
                for l in t.chain.dropLast() { local = l.localTime(fromParentTime: local) }
                return local.isFinite ? local : sceneTime
            }
            let snapTime = parentTime(t.time)
            let look = layer.presentation(at: snapTime)
            let size = look.bounds.size
            guard size.width > 0, size.height > 0, size.width * size.height * scene.scale * scene.scale <= 16_777_216 else {
                throw StudioEditError("layer \(t.path) is \(size.width)×\(size.height) points: a snapped layer has a size and at most 16 megapixels.")
            }
            let picture = try snapshot(layer, look: look, parentTime: snapTime, scene: scene)
            let parameters = DustParameters(layerCount: 32, seed: scene.seed &+ UInt64(truncatingIfNeeded: t.path.indices.reduce(17) { $0 &* 31 &+ $1 }))
            let effect = DustEffect(texture: picture, frame: Rect(origin: .zero, size: size), parameters: parameters,
                                    snapTime: snapTime, restoreTime: t.restore.map(parentTime))
            // The layer itself stands for the picture: hidden exactly while the dust shows.
            if let visibility = effect.imageLayer.animation(forKey: "visibility") { layer.add(visibility, forKey: hidingKey) }
            effect.imageLayer.removeFromSuperlayer()
            let c = effect.container
            c.name = containerPrefix + t.path.description
            c.anchorPoint = look.anchorPoint
            c.position = look.position
            c.transform = look.transform
            c.zPosition = look.zPosition
            parent.addSublayer(c)
        }
    }

    /// The layer and its subtree drawn alone, its bounds filling a picture of the scene's scale, at `parentTime`.
    static func snapshot(_ layer: Layer, look: LayerSnapshot, parentTime: Double, scene: Scene) throws -> Texture {
        guard let toBounds = Layer.localTransform(of: look).inverted() else {
            throw StudioEditError("the layer's transform is not invertible at the snap; it cannot be drawn alone.")
        }
        let origin = look.bounds.origin
        var commands: [DrawCommand] = []
        layer.render(into: &commands, parentTime: parentTime,
                     parentTransform: toBounds.concatenating(Transform3D(translationX: -origin.x, y: -origin.y, z: 0)),
                     context: DrawContext(seed: scene.seed))
        let list = DisplayList(size: look.bounds.size, scale: scene.scale, background: .clear, commands: commands)
        return Texture(try Renderer(threads: 1).render(list))
    }
}
