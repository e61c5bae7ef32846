import StardustAnimation

extension SceneBudget {
    /// Every layer that draws in a frame: the layer tree and each layer's `mask` tree (a mask is not a sublayer,
    /// so `Scene.allLayers` does not list it, but its emitters, dashes and shadows cost the same work when the mask
    /// is drawn). Depth first, a mask right after its host. O(layers).
    static func drawnLayers(_ scene: Scene) -> [Layer] {
        var out: [Layer] = []
        func walk(_ l: Layer) {
            out.append(l)
            if let m = l.mask { walk(m) }
            l.sublayers.forEach(walk)
        }
        walk(scene.root)
        return out
    }
}
