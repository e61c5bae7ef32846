import Stardust

/// Which layer a click lands on, as UIKit's `hitTest(_:with:)` finds it: the topmost visible layer whose bounds
/// contain the point at the given time (presentation values, sublayers above their superlayer and in drawing
/// order), then the nearest layer up its chain that shows a picture or a card — `contents` or a background color.
enum StudioHitTest {
    /// The path of the picture or card layer under `point` (scene points) at scene time `time`; nil when there is
    /// none (the root and the layers the studio added are never hit).
    static func snappableLayer(at point: Point, in scene: Scene, time: Double) -> LayerPath? {
        guard var path = deepestLayer(at: point, in: scene, time: time) else { return nil }
        while !path.indices.isEmpty {
            if let l = path.layer(in: scene.root), isPictureOrCard(l) || l.animation(forKey: StudioSnap.hidingKey) != nil { return path }
            path.indices.removeLast()
        }
        return nil
    }

    /// A layer that shows a picture (`contents`) or is a card (a visible background color).
    static func isPictureOrCard(_ layer: Layer) -> Bool {
        if layer.contents != nil || layer.animatedContents != nil { return true }
        if let bg = layer.backgroundColor, bg.alpha > 0 { return true }
        return false
    }

    /// The path of the topmost visible layer under `point` (the root's own bounds excluded); the dust of a snapped
    /// layer counts as that layer.
    static func deepestLayer(at point: Point, in scene: Scene, time: Double) -> LayerPath? {
        var best: [Int]?
        // Walk in drawing order; a later hit is above an earlier one.
        func visit(_ layer: Layer, path: [Int], parentTime: Double, parentTransform: Transform3D) {
            let s = layer.presentation(at: parentTime)
            guard !s.isHidden, s.opacity > 0 else { return }
            let local = layer.localTime(fromParentTime: parentTime)
            let full = Layer.localTransform(of: s).concatenating(parentTransform)
            let a = full.affineApproximation(around: s.bounds.center)
            let inside = a.inverted().map { s.bounds.standardized.contains($0.apply(to: point)) } ?? false
            if let snapped = StudioSnap.snappedPath(of: layer) {
                // A snapped layer's dust stands where the layer stood: a click there is a click on the layer
                // (hidden while it is dust), so a second click restores it.
                if inside { best = snapped.indices }
                return
            }
            if !path.isEmpty, inside { best = path }
            guard !layer.sublayers.isEmpty else { return }
            var flat = full
            flat.m31 = 0; flat.m32 = 0; flat.m33 = 0; flat.m34 = 0
            let c = s.bounds.center
            let childSpace = s.sublayerTransform.isIdentity ? flat
                : Transform3D(translationX: -c.x, y: -c.y, z: 0).concatenating(s.sublayerTransform)
                    .concatenating(Transform3D(translationX: c.x, y: c.y, z: 0)).concatenating(flat)
            let order = layer.sublayers.enumerated().map { (i, l) -> (z: Double, i: Int) in
                (l.presentationValue(forKeyPath: "zPosition", at: l.localTime(fromParentTime: local))?.doubleValue ?? l.zPosition, i)
            }.sorted { $0.z != $1.z ? $0.z < $1.z : $0.i < $1.i }
            for (_, i) in order {
                visit(layer.sublayers[i], path: path + [i], parentTime: local, parentTransform: childSpace)
            }
        }
        visit(scene.root, path: [], parentTime: time, parentTransform: .identity)
        return best.map(LayerPath.init)
    }
}
