import StardustCore

extension Layer {
    /// ``setValue(_:forKeyPath:)`` for the key paths set on nearly every layer of a translated Lottie file, matched
    /// as whole strings (their length first); `false` for any other key path, which takes the general path
    /// (``setValueByParsing(_:forKeyPath:)``).
    ///
    /// Why: the general path spells out the canonical key path, splits it at its dots, matches the root and each
    /// component against their names and boxes the old root value (a transform in a heap box) to rebuild it; that was
    /// most of the translator's `setValue` time, three to six calls per Lottie layer (docs/BENCHMARKS.md, "lottie",
    /// eighteenth and twentieth rounds). Each case here does what the general path does for its key path, in the same
    /// order, through the same property setter (so the same change report): a root key takes only the value kind
    /// ``setBaseValue(_:_:)`` takes, a component takes a number or a flag (``AnimatableValue/doubleValue``), a
    /// transform component is set through ``TransformComponents`` of the current transform, keeping its perspective.
    /// `LayerCommonKeyPathsTests` compares every case with the general path bit for bit.
    @inline(__always)
    final func setCommonValue(_ value: AnimatableValue, forKeyPath keyPath: String) -> Bool {
        // The length first: most key paths are told apart by it, so at most three strings are compared.
        switch (keyPath.utf8.count, keyPath) {
        case (20, "transform.rotation.z"), (18, "transform.rotation"): setTransformComponent(value) { $0.rotation.z = $1 }
        case (17, "transform.scale.x"): setTransformComponent(value) { $0.scale.x = $1 }
        case (17, "transform.scale.y"): setTransformComponent(value) { $0.scale.y = $1 }
        case (8, "position"): if case .point(let p) = value { position = p }
        case (10, "position.x"): if let v = value.doubleValue { position.x = v }
        case (10, "position.y"): if let v = value.doubleValue { position.y = v }
        case (7, "opacity"): if case .number(let x) = value { opacity = x }
        case (13, "bounds.origin"): if case .point(let p) = value { bounds.origin = p }
        case (20, "transform.rotation.x"): setTransformComponent(value) { $0.rotation.x = $1 }
        case (20, "transform.rotation.y"): setTransformComponent(value) { $0.rotation.y = $1 }
        default: return false
        }
        return true
    }

    /// Sets one component of the transform as the general path does: the components of the current transform, one
    /// of them replaced, composed again with the current transform's perspective.
    ///
    /// A transform with the identity's bits (every new layer's) has constant components, so they are not computed
    /// again (a decomposition is three square roots, an arcsine and two arctangents); and when the value leaves
    /// them as they were (a Lottie layer's rotation 0 or scale 100 %), the result is their constant composition.
    /// Both constants are the same functions' results on the same bits, so the stored transform is the same.
    /// With the values no longer boxed for `reportChange` outside a block (`updateSnapshotValue`), the translator's
    /// `setValue` went from 77 to 24 M instructions over the lottie-ios files (docs/BENCHMARKS.md, "lottie",
    /// twenty-third round).
    @inline(__always)
    private func setTransformComponent(_ value: AnimatableValue, _ set: (inout TransformComponents, Double) -> Void) {
        guard let v = value.doubleValue else { return }
        let m = transform
        guard m.hasIdentityBits else {
            var t = TransformComponents(m)
            set(&t, v)
            transform = t.transform(keepingPerspectiveOf: m)
            return
        }
        let identity = IdentityComponents.shared
        var t = identity.components
        set(&t, v)
        transform = t.hasSameBits(as: identity.components) ? identity.composed : t.transform(keepingPerspectiveOf: m)
    }
}

/// The components of the identity transform and their composition (with the identity's perspective), computed once
/// by the same functions the general path calls (``Layer/setTransformComponent(_:_:)``).
private struct IdentityComponents {
    let components = TransformComponents(Transform3D.identity)
    let composed: Transform3D
    init() { composed = components.transform(keepingPerspectiveOf: .identity) }
    static let shared = IdentityComponents()
}

extension Transform3D {
    /// Whether every entry has the bits of ``identity``'s (−0 where it has +0 is not the identity here).
    var hasIdentityBits: Bool {
        m11.bitPattern == 0x3FF0_0000_0000_0000 && m22.bitPattern == 0x3FF0_0000_0000_0000
            && m33.bitPattern == 0x3FF0_0000_0000_0000 && m44.bitPattern == 0x3FF0_0000_0000_0000
            && m12.bitPattern | m13.bitPattern | m14.bitPattern | m21.bitPattern | m23.bitPattern | m24.bitPattern
            | m31.bitPattern | m32.bitPattern | m34.bitPattern | m41.bitPattern | m42.bitPattern | m43.bitPattern == 0
    }
}

extension TransformComponents {
    /// Whether every component has the same bits as `o`'s.
    func hasSameBits(as o: TransformComponents) -> Bool {
        func same(_ a: Vector3, _ b: Vector3) -> Bool {
            a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern && a.z.bitPattern == b.z.bitPattern
        }
        return same(translation, o.translation) && same(rotation, o.rotation) && same(scale, o.scale)
    }
}
