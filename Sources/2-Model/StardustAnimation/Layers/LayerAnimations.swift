import StardustCore

/// An animation attached to a layer, with its key and canonical key path.
struct AnimationEntry {
    var key: String?
    var animation: Animation
    /// The key paths the animation affects, as written (`raw`, what the animation answers to) and canonical
    /// (`transform.rotation` → `transform.rotation.z`); several for a group, none for an empty one.
    var paths: [(raw: String, canonical: String)]
}

extension Layer {
    /// Attaches `animation` (not copied: do not mutate it afterwards). An
    /// animation already under `key` is removed first and told it stopped
    /// unfinished. A `nil` key attaches an animation that cannot be looked up.
    ///
    /// The animation is evaluated in this layer's local time; a `beginTime`
    /// of 0 means local time 0 (it is not stamped with a current time).
    public func add(_ animation: Animation, forKey key: String?) {
        if let key { removeAnimation(forKey: key) }
        appendAnimationEntry(AnimationEntry(key: key, animation: animation,
                                            paths: animation.animatedKeyPaths.map { ($0, LayerKeyPath.canonical($0)) }))
        animationsDidChange()
    }

    /// Removes the animation under `key` and reports it stopped with `finished = false`.
    public func removeAnimation(forKey key: String) {
        guard let i = animationEntries.firstIndex(where: { $0.key == key }) else { return }
        let removed = changeAnimationEntries { $0.remove(at: i) }
        animationsDidChange()
        removed.animation.didStop(finished: false)
    }

    /// Removes every animation, each reporting `finished = false`.
    public func removeAllAnimations() {
        let removed = animationEntries
        changeAnimationEntries { $0.removeAll() }
        animationsDidChange()
        for e in removed { e.animation.didStop(finished: false) }
    }

    /// The animation under `key`, if any.
    public func animation(forKey key: String) -> Animation? {
        animationEntries.first { $0.key == key }?.animation
    }

    /// The keys of the attached animations in the order they were added (animations added with a `nil` key are not listed).
    public func animationKeys() -> [String] {
        animationEntries.compactMap(\.key)
    }

    /// The presentation value at `keyPath` at this layer's local time `time`.
    ///
    /// Starts from the model value and applies every animation whose key path
    /// is related to `keyPath` in the order they were added, each seeing the
    /// result of the previous ones (`nil` from an animation = no effect).
    /// Related means the same key path, an ancestor (`transform` for
    /// `transform.scale`) or a descendant (`position.x` for `position`): all
    /// are evaluated on the shortest of them (the root), an animation on a
    /// sub-key-path reading its field from the value so far and writing it
    /// back (`transform.rotation` rebuilds the transform from its components).
    /// Complexity: O(animations on the layer).
    /// A key path whose first component no animation touches takes its model value at once (``AnimationIndex``).
    public func presentationValue(forKeyPath keyPath: String, at time: Double) -> AnimatableValue? {
        let key = LayerKeyPath.canonical(keyPath)
        let head = LayerKeyPath.split(key).head
        guard animationIndex.mayAnimate(root: head) else { return value(forKeyPath: key) }
        if head == "transform", let angle = pathRotation(at: time),
           case .transform(let t)? = animatedValue(forCanonicalKeyPath: "transform", at: time) {
            // A keyframe animation along a path with a rotation mode turns the layer to the path's
            // tangent, on top of its own transform (CAKeyframeAnimation.rotationMode).
            let turned = AnimatableValue.transform(Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1).concatenating(t))
            return key == "transform" ? turned : turned.component(atPath: key.dropFirst("transform.".count))
        }
        return animatedValue(forCanonicalKeyPath: key, at: time)
    }

    /// The sum of the tangent angles of the keyframe animations that move this layer along a path
    /// with a `rotationMode`, or nil when there is none active.
    func pathRotation(at time: Double) -> Double? {
        var total: Double?
        for kf in animationIndex.keyframes where kf.rotationMode != nil && !kf.isRemoved(at: time) {
            if let r = kf.rotation(at: time) { total = (total ?? 0) + r }
        }
        return total
    }

    /// The presentation value of snapshot property `p` at local time `time`: ``presentationValue(forKeyPath:at:)``
    /// of its key path, taking the plan the ``AnimationIndex`` resolved when the animations changed whenever every
    /// animation it considered is active at `time` (the same value, without comparing key path strings).
    func presentationValue(of p: AnimationIndex.SnapshotProperty, at time: Double) -> AnimatableValue? {
        // The index's fields are read where needed, not the whole index copied (five arrays retained and released).
        guard animationIndex.mayAnimate(p) else { return value(forKeyPath: p.key) }
        if p == .transform, let angle = pathRotation(at: time),
           case .transform(let t)? = animatedValue(of: .transform, at: time) {
            // As in presentationValue(forKeyPath:): the tangent of a path with a rotation mode turns the layer.
            return .transform(Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1).concatenating(t))
        }
        return animatedValue(of: p, at: time)
    }

    /// ``animatedValue(forCanonicalKeyPath:at:)`` of snapshot property `p`, by its resolved plan when it holds.
    private func animatedValue(of p: AnimationIndex.SnapshotProperty, at time: Double) -> AnimatableValue? {
        guard let plan = animationIndex.snapshotPlan(p) else { return animatedValue(forCanonicalKeyPath: p.key, at: time) }
        let entries = animationEntries
        // The plan's animations removed at `time` (ended, removed on completion), one bit per entry position.
        var removed: UInt64 = 0
        for i in plan.candidates where entries[i].animation.isRemoved(at: time) {
            guard i < 64 else { return animatedValue(forCanonicalKeyPath: p.key, at: time) }
            removed |= 1 << UInt64(i)
        }
        // A snapshot key has no dot, so the plan's root is the key itself (or nil: the model value) and nothing is read
        // back from it; its model value is the stored one, read without matching the key's string
        // (``Layer/value(forKeyPath:)`` gives the same: every layer class leaves the snapshot keys to `Layer`).
        guard plan.root != nil, plan.rest == nil else {
            return removed == 0 ? evaluate(plan, key: p.key, at: time) : animatedValue(forCanonicalKeyPath: p.key, at: time)
        }
        let model = baseValue(LayerRootKey(p))
        guard removed != 0 else { return apply(plan, entries: entries, to: model, at: time) }
        // Some animations ended: the plan ``AnimationRelationPlan/make`` would build for the active ones alone is this
        // one without the removed entries' steps (every candidate names the key itself or a part of it, so the root
        // stays the key while one is active), and the model value when none is. Taken from the kept plan instead of
        // built again at every frame by comparing key path strings (docs/ANIMATION.md, "The animation index").
        guard plan.candidates.contains(where: { removed & (1 << UInt64($0)) == 0 }) else { return model }
        return apply(plan, entries: entries, to: model, at: time, skipping: removed)
    }

    /// Lengths are compared in UTF-8 bytes (O(1), where `count` walks the graphemes): the paths compared are each a
    /// dot-separated prefix of the other, so one is shorter than, or as long as, the other in bytes exactly when it
    /// is in characters.
    func animatedValue(forCanonicalKeyPath key: String, at time: Double) -> AnimatableValue? {
        // Related key paths share the first component, so only those under the key's root are compared
        // (by the root's number, resolved when the animations changed: ``AnimationIndex``).
        let index = animationIndex
        guard let rootID = index.rootID(LayerKeyPath.split(key).head) else { return value(forKeyPath: key) }
        let entries = animationEntries
        let plan = AnimationRelationPlan.make(key: key, rootID: rootID, entries: entries, rootIDs: index.rootIDs,
                                              isActive: { !entries[$0].animation.isRemoved(at: time) },
                                              hasValue: { self.value(forKeyPath: $0) != nil })
        return evaluate(plan, key: key, at: time)
    }

    /// Applies `plan`'s animations at `time` to the model value at its root, in the order they were added, each
    /// seeing the result of the previous ones; a part (`position.x` on `position`) is read from the value so far
    /// and written back. The key's value is read back from the root's.
    private func evaluate(_ plan: AnimationRelationPlan, key: String, at time: Double) -> AnimatableValue? {
        guard let root = plan.root else { return value(forKeyPath: key) }
        guard let v = value(forKeyPath: root) else { return nil }
        let applied = apply(plan, entries: animationEntries, to: v, at: time)
        guard let rest = plan.rest else { return applied }
        return applied.component(atPath: rest)
    }

    /// ``evaluate(_:key:at:)``'s steps: `plan`'s animations at `time` applied to the root's value `v`, in order.
    /// Steps of the entries whose bit is set in `skipping` (positions below 64) are left out.
    private func apply(_ plan: AnimationRelationPlan, entries: [AnimationEntry], to root: AnimatableValue,
                       at time: Double, skipping: UInt64 = 0) -> AnimatableValue {
        var v = root
        for s in plan.steps where skipping & (1 << UInt64(s.entry)) == 0 {
            let animation = entries[s.entry].animation
            if let part = s.partPath {
                if let sub = v.component(at: part), let nv = animation.value(forKeyPath: s.raw, on: sub, at: time),
                   let composed = v.setting(componentAt: part, to: nv) {
                    v = composed
                }
            } else if let nv = animation.value(forKeyPath: s.raw, on: v, at: time) {
                v = nv
            }
        }
        return v
    }

    /// Advances the animation clock of this layer and its subtree to `time`
    /// (in the superlayer's time; scene time for a root layer).
    ///
    /// Every animation whose active duration has ended by then (its
    /// ``Animation/endTime()`` ≤ the layer's local time) reports
    /// `finished = true` once, and is removed when `isRemovedOnCompletion`.
    public func advanceAnimations(to time: Double) {
        let local = localTime(fromParentTime: time)
        // Only a frame where an animation ends touches the entries (which rebuilds the ``AnimationIndex``).
        if animationEntries.contains(where: { local >= $0.animation.endTime() }) {
            var ended: [Animation] = []
            changeAnimationEntries { entries in
                entries.removeAll { e in
                    guard local >= e.animation.endTime() else { return false }
                    ended.append(e.animation)
                    return e.animation.isRemovedOnCompletion
                }
            }
            if !ended.isEmpty { animationsDidChange() }
            for a in ended { a.didStop(finished: true) }
        }
        for s in sublayers { s.advanceAnimations(to: local) }
    }

    /// Whether an attached animation affects `keyPath` (the same key path, a part of it or a whole containing it).
    public func isAnimating(keyPath: String) -> Bool {
        let key = LayerKeyPath.canonical(keyPath)
        return animationEntries.contains { e in
            e.paths.contains { LayerKeyPath.isPrefix($0.canonical, of: key) || LayerKeyPath.isPrefix(key, of: $0.canonical) }
        }
    }

    /// The canonical key paths of every attached animation.
    public var animatedKeyPaths: [String] { animationEntries.flatMap { $0.paths.map(\.canonical) } }

    /// Whether any animation is attached.
    public var hasAnimations: Bool { !animationEntries.isEmpty }
}
