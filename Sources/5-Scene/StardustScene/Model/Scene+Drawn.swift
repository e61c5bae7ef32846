import StardustAnimation

extension Scene {
    /// Visits every layer depth first, at scene time `t`, with its index path from the root, its parent's local
    /// time and whether it is drawn: not hidden at its own local time and not inside a hidden layer (what a
    /// simulation or a seasonal switch hid included). `stardust trace` and the studio report what is drawn this way.
    ///
    /// - Complexity: O(n) presentation look-ups of `isHidden` for n layers.
    public func visitLayers(at t: Double, _ body: (_ layer: Layer, _ path: [Int], _ parentTime: Double, _ isDrawn: Bool) -> Void) {
        func walk(_ layer: Layer, _ path: [Int], _ parentTime: Double, _ insideHidden: Bool) {
            let local = layer.localTime(fromParentTime: parentTime)
            let hidden = insideHidden || Self.isHidden(layer, at: local)
            body(layer, path, parentTime, !hidden)
            for (i, s) in layer.sublayers.enumerated() { walk(s, path + [i], local, hidden) }
        }
        walk(root, [], t, false)
    }

    /// The index paths of the layers that are not drawn at scene time `t` (see ``visitLayers(at:_:)``).
    public func hiddenLayerPaths(at t: Double) -> [[Int]] {
        var out: [[Int]] = []
        visitLayers(at: t) { _, path, _, drawn in if !drawn { out.append(path) } }
        return out
    }

    /// The layer's presentation `isHidden` at its local time (a simulation hides a removed photo by animating it).
    static func isHidden(_ layer: Layer, at localTime: Double) -> Bool {
        if case .bool(true)? = layer.presentationValue(forKeyPath: "isHidden", at: localTime) { return true }
        return false
    }
}
