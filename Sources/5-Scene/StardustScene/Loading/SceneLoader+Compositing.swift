import StardustAnimation
import StardustCore

/// Scene-file keys of masks, compositing filters, shadows and replicators (docs/DRAWING.md, docs/SCENES.md),
/// spelled as Core Animation spells them. `maskMode` is Stardust's extension (luma and inverted mattes).
extension SceneLoader {
    /// Keys every layer accepts for compositing.
    static let compositingLayerKeys = [
        "mask", "maskMode", "compositingFilter", "shadowColor", "shadowOpacity", "shadowRadius", "shadowOffset", "shadowPath",
    ]

    /// The replicator's keys (`CAReplicatorLayer`).
    static let replicatorKeys = [
        "instanceCount", "instanceDelay", "instanceTransform", "instanceColor",
        "instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset",
    ]

    /// The largest `shadowRadius` a scene may ask for, in points (docs/LIMITS.md): a blur that wide is
    /// already a haze over a whole phone screen; more is taken as a typo, refused before any work.
    static let maxShadowRadius = 250.0
    /// The most copies of one replicator, and of nested replicators multiplied together (docs/LIMITS.md).
    static let maxReplicatorInstances = 10_000

    /// Reads the compositing keys of `k` into `layer`; `mask` is a layer object of its own.
    mutating func applyCompositing(_ k: [String: JSONNode], to layer: Layer, depth: Int, names: inout [String: Layer]) throws {
        if let n = k["compositingFilter"] {
            if n.value == .null {
                layer.compositingFilter = nil
            } else {
                let name = try n.string()
                guard let f = CompositingFilter(filterName: name) else {
                    let names = CompositingFilter.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                    throw SceneError(path: n.path, "unknown compositing filter \"\(name)\"; expected one of \(names)")
                }
                layer.compositingFilter = f
            }
        }
        if let n = k["maskMode"] { layer.maskMode = MaskMode(rawValue: try n.choice(MaskMode.allCases.map(\.rawValue)))! }
        if let n = k["mask"] { layer.mask = try self.layer(n, depth: depth + 1, names: &names) }
        if let n = k["shadowColor"] { layer.shadowColor = try n.color() }
        if let n = k["shadowOpacity"] { layer.shadowOpacity = try n.number(in: 0...1) }
        if let n = k["shadowRadius"] {
            let r = try n.number()
            guard r >= 0, r <= Self.maxShadowRadius else {
                throw SceneError(path: n.path, "a shadowRadius of \(r) points is outside 0…\(Int(Self.maxShadowRadius)) "
                    + "(the blur's standard deviation is shadowRadius points; a blur this wide is refused before any work)")
            }
            layer.shadowRadius = r
        }
        if let n = k["shadowOffset"] { layer.shadowOffset = try n.offset() }
        if let n = k["shadowPath"] {
            do { layer.shadowPath = try Path(svg: try n.string()) } catch let e as SVGPathError { throw SceneError(path: n.path, e.description) }
        }
    }

    /// A `CAReplicatorLayer` from its keys.
    func replicatorLayer(_ k: [String: JSONNode]) throws -> Layer {
        let l = ReplicatorLayer()
        if let n = k["instanceCount"] { l.instanceCount = try n.integer(in: 0...Self.maxReplicatorInstances) }
        if let n = k["instanceDelay"] { l.instanceDelay = try n.number(in: -3600...3600) }
        if let n = k["instanceTransform"] { l.instanceTransform = try transform(n) }
        if let n = k["instanceColor"] { l.instanceColor = try n.color() }
        if let n = k["instanceRedOffset"] { l.instanceRedOffset = try n.number(in: -1...1) }
        if let n = k["instanceGreenOffset"] { l.instanceGreenOffset = try n.number(in: -1...1) }
        if let n = k["instanceBlueOffset"] { l.instanceBlueOffset = try n.number(in: -1...1) }
        if let n = k["instanceAlphaOffset"] { l.instanceAlphaOffset = try n.number(in: -1...1) }
        return l
    }

    /// Refuses a replicator whose copies, multiplied through the replicators nested in it, pass
    /// ``maxReplicatorInstances`` — before anything is drawn.
    static func checkReplicatorBudget(_ layer: Layer, path: String) throws {
        guard layer is ReplicatorLayer else { return }
        let copies = replicatedCopies(layer)
        guard copies <= Double(maxReplicatorInstances) else {
            throw SceneError(path: path + ".instanceCount", "this replicator and the replicators inside it draw \(Int(min(copies, 1e18))) "
                + "copies together (instanceCount multiplied through nesting), over the limit of \(maxReplicatorInstances)")
        }
    }

    /// The most copies any leaf of `layer`'s subtree is drawn, replicators multiplying.
    static func replicatedCopies(_ layer: Layer) -> Double {
        let own = (layer as? ReplicatorLayer).map { Double($0.instanceCount) } ?? 1
        let inner = layer.sublayers.map(replicatedCopies).max() ?? 1
        return own * max(inner, 1)
    }
}
