import StardustAnimation
import StardustCore

/// The dash budget (docs/LIMITS.md): a dash pattern that would cut more dashes than the renderer draws in one
/// stroke (``PathDashing/maximumDashes``) is refused before any frame, naming the shape layer's `lineDashPattern`.
extension SceneBudget {
    /// Throws for the first shape layer whose dash pattern cuts its path (at full length and the largest line width
    /// the model gives) into more than ``PathDashing/maximumDashes`` dashes. O(layers + path elements).
    static func checkDashes(_ scene: Scene) throws {
        for case let shape as ShapeLayer in drawnLayers(scene) {
            guard let pattern = shape.lineDashPattern, let path = shape.path, !path.isEmpty else { continue }
            let length = path.length(tolerance: 0.5)
            let subpaths = path.elements.reduce(0) { n, e in if case .move = e { return n + 1 }; return n }
            let dashes = PathDashing.dashCount(length: length, subpaths: subpaths, pattern: pattern)
            guard dashes <= Double(PathDashing.maximumDashes) else {
                let layerPath = scene.sourcePath(of: shape, fallback: shape.name.map { "layer \"\($0)\"" } ?? "a layer")
                let period = pattern.reduce(0, +) * (pattern.count % 2 == 1 ? 2 : 1)
                throw SceneError(path: layerPath + ".lineDashPattern",
                                 "a dash pattern repeating every \(period) points cuts this \(length.wholeNumberText)-point path "
                                 + "into about \(dashes.wholeNumberText) dashes, over the limit of \(PathDashing.maximumDashes) "
                                 + "per stroke; use longer dashes")
            }
        }
    }
}
